import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import outline from '@/components/ui/outline-button/outline-button.module.css';
import popover from '@/components/ui/popover/popover.module.css';
import { useDismiss } from '@/components/ui/popover/use-dismiss';
import { useConnectWallet } from '../hooks/use-connect-wallet';
import { shortAddress } from '../utils/short-address';
import { ConnectWalletButton } from './connect-wallet-button';
import { WalletDetails } from './wallet-details';
import { WalletIcon } from './wallet-icon';
import { WalletNotice } from './wallet-notice';
import details from './wallet-details.module.css';
import styles from './wallet-control.module.css';

/**
 * The header's wallet control (spec §2, §4): 'Connect Wallet' until a wallet is connected, then the
 * address as its first 6 and last 4 characters, opening a small panel with the full address, the
 * network and Disconnect. Failed connects say why for 3 s right under the control.
 */
export function WalletControl() {
  const { t } = useTranslation(['wallet', 'screen']);
  const { wallet, notice, connectWallet } = useConnectWallet();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const expanded = open && wallet.connected;

  useDismiss(expanded, () => setOpen(false), rootRef, toggleRef);

  return (
    <div ref={rootRef} className={`${popover.anchor} ${styles.control}`}>
      {wallet.connected && wallet.address ? (
        <>
          <button
            ref={toggleRef}
            type="button"
            className={`${outline.button} ${popover.toggle} ${styles.addressButton}`}
            aria-expanded={expanded}
            aria-controls={panelId}
            title={wallet.address}
            onClick={() => setOpen((value) => !value)}
          >
            <span className={styles.dot} aria-hidden="true" />
            <span className="visually-hidden">{t('connectedWallet')} </span>
            <span className={styles.short} translate="no">
              {shortAddress(wallet.address)}
            </span>
          </button>
          <div id={panelId} className={popover.panel} hidden={!expanded}>
            <WalletDetails
              wallet={wallet}
              tight
              address={
                <dd className={details.address} translate="no">
                  {wallet.address}
                </dd>
              }
            />
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                setOpen(false);
                void wallet.disconnect();
              }}
            >
              {t('disconnect')}
            </button>
          </div>
        </>
      ) : (
        <ConnectWalletButton
          wallet={wallet}
          onConnect={connectWallet}
          className={styles.connectButton}
        >
          <WalletIcon />
          <span>{t('screen:connectWallet')}</span>
        </ConnectWalletButton>
      )}
      <WalletNotice notice={notice} variant="floating" />
    </div>
  );
}
