import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TokenTransfer } from '@symposia/shared';
import { formatDateTime } from '@/lib/time';
import styles from './get-tokens-card.module.css';

/** What a paid transfer shows: the faucet's answer, or a reward claim's (amount as shown). */
type PaidTransfer = Omit<TokenTransfer, 'amount'> & { amount: number | string };

type TokenTransferResultProps = {
  transfer: PaidTransfer;
  /** The box's heading; the faucet's 'Tokens sent' by default. */
  title?: string;
};

/** The success box (spec §2): receiving address, amount, transaction hash and time. */
export function TokenTransferResult({ transfer, title }: TokenTransferResultProps) {
  const { t } = useTranslation('token');
  const headingId = useId();
  return (
    <section className={styles.success} role="status" aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.resultTitle}>
        {title ?? t('successTitle')}
      </h3>
      <dl className={styles.resultDetails}>
        <div>
          <dt>{t('receivingAddress')}</dt>
          <dd className={styles.mono} data-testid="transfer-address" translate="no">
            {transfer.address}
          </dd>
        </div>
        <div>
          <dt>{t('amount')}</dt>
          <dd data-testid="transfer-amount">{transfer.amount}</dd>
        </div>
        <div>
          <dt>{t('transactionHash')}</dt>
          <dd className={styles.mono} data-testid="transfer-signature">
            {transfer.explorer_url ? (
              <a href={transfer.explorer_url} target="_blank" rel="noopener noreferrer">
                <span translate="no">{transfer.signature}</span>
                <span className="visually-hidden"> {t('openInExplorer')}</span>
              </a>
            ) : (
              <span translate="no">{transfer.signature}</span>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('time')}</dt>
          <dd data-testid="transfer-time">
            <time dateTime={transfer.time}>{formatDateTime(transfer.time)}</time>
          </dd>
        </div>
      </dl>
    </section>
  );
}
