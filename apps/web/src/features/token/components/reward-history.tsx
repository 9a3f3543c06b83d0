import { useId } from 'react';
import type { RewardsMe } from '@symposia/shared';
import { formatDateTime } from '@/lib/time';
import { REWARDS_UI } from '../texts';
import { formatScore, tokensLabel } from '@/lib/token-amount';
import styles from './rewards-card.module.css';

/**
 * What each ended epoch credited the member, newest first as the server sends it, with the claim
 * that paid it: when, and its transaction hash.
 */
export function RewardHistory({ history }: { history: RewardsMe['history'] }) {
  const headingId = useId();
  return (
    <section className={styles.history} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.subTitle}>
        {REWARDS_UI.historyTitle}
      </h3>
      {history.length === 0 ? (
        <p className={styles.note}>{REWARDS_UI.historyEmpty}</p>
      ) : (
        <ol className={styles.historyList} aria-labelledby={headingId}>
          {history.map((entry) => (
            <li key={entry.epoch} className={styles.historyItem} data-testid="reward-history-item">
              <p className={styles.historyHead}>
                <span>{REWARDS_UI.historyEpoch(entry.epoch)}</span>
                <span className={styles.historyAmount}>{tokensLabel(entry.amount)}</span>
              </p>
              <dl className={styles.historyDetails}>
                <div>
                  <dt>{REWARDS_UI.score}</dt>
                  <dd>{formatScore(entry.score)}</dd>
                </div>
                <div>
                  <dt>{REWARDS_UI.claimedAt}</dt>
                  <dd>
                    {entry.claimed_at ? (
                      <time dateTime={entry.claimed_at}>{formatDateTime(entry.claimed_at)}</time>
                    ) : (
                      REWARDS_UI.notClaimed
                    )}
                  </dd>
                </div>
                {entry.signature ? (
                  <div className={styles.historySignature}>
                    <dt>{REWARDS_UI.transactionHash}</dt>
                    <dd className={styles.mono} data-testid="reward-history-signature">
                      {entry.signature}
                    </dd>
                  </div>
                ) : null}
              </dl>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
