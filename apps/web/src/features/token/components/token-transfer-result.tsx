import { useId } from 'react';
import type { TokenTransfer } from '@symposia/shared';
import { formatDateTime } from '@/lib/time';
import { TOKEN_UI } from '../texts';
import styles from './get-tokens-card.module.css';

/** What a paid transfer shows: the faucet's answer, or a reward claim's (amount as shown). */
type PaidTransfer = Omit<TokenTransfer, 'amount'> & { amount: number | string };

type TokenTransferResultProps = {
  transfer: PaidTransfer;
  /** The box's heading; the faucet's 'Tokens sent' by default. */
  title?: string;
};

/** The success box (spec §2): receiving address, amount, transaction hash and time. */
export function TokenTransferResult({
  transfer,
  title = TOKEN_UI.successTitle,
}: TokenTransferResultProps) {
  const headingId = useId();
  return (
    <section className={styles.success} role="status" aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.resultTitle}>
        {title}
      </h3>
      <dl className={styles.resultDetails}>
        <div>
          <dt>{TOKEN_UI.receivingAddress}</dt>
          <dd className={styles.mono} data-testid="transfer-address">
            {transfer.address}
          </dd>
        </div>
        <div>
          <dt>{TOKEN_UI.amount}</dt>
          <dd data-testid="transfer-amount">{transfer.amount}</dd>
        </div>
        <div>
          <dt>{TOKEN_UI.transactionHash}</dt>
          <dd className={styles.mono} data-testid="transfer-signature">
            {transfer.explorer_url ? (
              <a href={transfer.explorer_url} target="_blank" rel="noopener noreferrer">
                {transfer.signature}
                <span className="visually-hidden"> {TOKEN_UI.openInExplorer}</span>
              </a>
            ) : (
              transfer.signature
            )}
          </dd>
        </div>
        <div>
          <dt>{TOKEN_UI.time}</dt>
          <dd data-testid="transfer-time">
            <time dateTime={transfer.time}>{formatDateTime(transfer.time)}</time>
          </dd>
        </div>
      </dl>
    </section>
  );
}
