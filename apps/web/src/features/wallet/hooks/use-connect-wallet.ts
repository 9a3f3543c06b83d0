import { useCallback } from 'react';
import { useWallet } from '../components/wallet-provider';
import { useTimedNotice } from './use-timed-notice';

/**
 * The "Connect Wallet" action of one control: asks Phantom, and when that fails shows the control's
 * own notice for 3 s ('Please install Phantom Wallet', 'Connection request rejected' or
 * 'Connection failed', spec §8).
 */
export function useConnectWallet() {
  const wallet = useWallet();
  const { notice, show, clear } = useTimedNotice();
  const { connect } = wallet;

  const connectWallet = useCallback(async () => {
    clear();
    const outcome = await connect();
    if (!outcome.ok) show(outcome.notice);
    return outcome;
  }, [connect, show, clear]);

  return { wallet, notice, connectWallet };
}
