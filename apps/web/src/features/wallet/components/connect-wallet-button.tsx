import clsx from 'clsx';
import type { ReactNode } from 'react';
import type { WalletState } from '../types';

type ConnectWalletButtonProps = {
  wallet: Pick<WalletState, 'connecting'>;
  onConnect: () => Promise<unknown>;
  /** The view's own size of the button. */
  className?: string;
  /** The words (and icon) the view shows. */
  children: ReactNode;
};

/** 'Connect Wallet': busy, and not pressable again, while Phantom is asked. */
export function ConnectWalletButton({
  wallet,
  onConnect,
  className,
  children,
}: ConnectWalletButtonProps) {
  return (
    <button
      type="button"
      className={clsx('button button-primary', className)}
      disabled={wallet.connecting}
      aria-busy={wallet.connecting || undefined}
      onClick={() => void onConnect()}
    >
      {children}
    </button>
  );
}
