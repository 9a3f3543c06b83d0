import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { RewardsMe } from '@symposia/shared';
import { formatDateTime } from '@/lib/time';
import { formatScore } from '@/lib/token-amount';
import { useTokensLabel } from '../hooks/use-tokens-label';
import styles from './rewards-card.module.css';

/**
 * What each ended epoch credited the member, newest first as the server sends it, with the claim
 * that paid it: when, and its transaction hash.
 */
export function RewardHistory({ history }: { history: RewardsMe['history'] }) {
  const { t } = useTranslation('token');
  const tokensLabel = useTokensLabel();
  const headingId = useId();
  return (
    <section className={styles.history} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.subTitle}>
        {t('rewards.historyTitle')}
      </h3>
      {history.length === 0 ? (
        <p className={styles.note}>{t('rewards.historyEmpty')}</p>
      ) : (
        <ol className={styles.historyList} aria-labelledby={headingId}>
          {history.map((entry) => (
            <li key={entry.epoch} className={styles.historyItem} data-testid="reward-history-item">
              <p className={styles.historyHead}>
                <span>{t('rewards.historyEpoch', { epoch: entry.epoch })}</span>
                <span className={styles.historyAmount}>{tokensLabel(entry.amount)}</span>
              </p>
              <dl className={styles.historyDetails}>
                <div>
                  <dt>{t('rewards.score')}</dt>
                  <dd>{formatScore(entry.score)}</dd>
                </div>
                <div>
                  <dt>{t('rewards.claimedAt')}</dt>
                  <dd data-testid="reward-history-claim">
                    {entry.claimed_at ? (
                      <time dateTime={entry.claimed_at}>{formatDateTime(entry.claimed_at)}</time>
                    ) : entry.hold === 'frozen' ? (
                      t('rewards.holdFrozen')
                    ) : entry.hold === 'forfeited' ? (
                      t('rewards.holdForfeited')
                    ) : (
                      t('rewards.notClaimed')
                    )}
                  </dd>
                </div>
                {entry.signature ? (
                  <div className={styles.historySignature}>
                    <dt>{t('transactionHash')}</dt>
                    <dd
                      className={styles.mono}
                      data-testid="reward-history-signature"
                      translate="no"
                    >
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
