import clsx from 'clsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { WalletState } from '../types';
import { NetworkName } from './network-name';
import styles from './wallet-details.module.css';

type WalletDetailsProps = {
  wallet: Pick<WalletState, 'network' | 'networkLoading'>;
  /** The address's <dd>: the view decides what goes beside it (a copy button, nothing). */
  address: ReactNode;
  /** Closer together, in the header's small panel. */
  tight?: boolean;
  /** The view's own layout of the list (e.g. its width). */
  className?: string;
  networkTestId?: string;
};

/** The connected wallet's address and network, as a description list. */
export function WalletDetails({
  wallet,
  address,
  tight,
  className,
  networkTestId,
}: WalletDetailsProps) {
  const { t } = useTranslation('wallet');
  return (
    <dl className={clsx(styles.details, tight && styles.tight, className)}>
      <div>
        <dt>{t('address')}</dt>
        {address}
      </div>
      <div>
        <dt>{t('network')}</dt>
        <dd data-testid={networkTestId}>
          <NetworkName wallet={wallet} />
        </dd>
      </div>
    </dl>
  );
}
