import { useCallback, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { RewardsMe } from '@symposia/shared';
import { QueryStatus } from '@/components/ui/query-status/query-status';
import { authStore, useAuth } from '@/lib/auth-store';
import { formatDateTime } from '@/lib/time';
import { Card, CardPrompt } from '@/components/ui/card/card';
import { rewardsQueryRoot, useMyRewards } from '../api/get-my-rewards';
import { formatScore } from '@/lib/token-amount';
import { useTokensLabel } from '../hooks/use-tokens-label';
import { EpochCountdown } from './epoch-countdown';
import { RewardClaimForm, type LinkedWalletsState } from './reward-claim-form';
import { RewardHistory } from './reward-history';
import styles from './rewards-card.module.css';

type RewardsCardProps = {
  /** The connected wallet's address, where a claim goes by default when linked; null without. */
  walletAddress: string | null;
  /** The member's linked wallets, the only places a claim pays to (issue 28). */
  linkedWallets: LinkedWalletsState;
};

/**
 * "Your rewards": what the member may claim, their score in the running epoch and the time left
 * in it, the claim, and the history. Signed out, it invites to sign in.
 */
export function RewardsCard({ walletAddress, linkedWallets }: RewardsCardProps) {
  const { t } = useTranslation('token');
  const headingId = useId();
  const { token } = useAuth();
  return (
    <Card className={styles.card} labelledBy={headingId}>
      <h2 id={headingId} className={styles.title}>
        {t('rewards.title')}
      </h2>
      <p className={styles.lead}>{t('rewards.lead')}</p>
      {token ? (
        <MyRewards walletAddress={walletAddress} linkedWallets={linkedWallets} />
      ) : (
        <CardPrompt>
          <p className={styles.note}>{t('rewards.signedOut')}</p>
          <button
            type="button"
            className="button button-primary"
            onClick={() => authStore.requestLogin(t('rewards.loginToClaim'))}
          >
            {t('rewards.signIn')}
          </button>
        </CardPrompt>
      )}
    </Card>
  );
}

function MyRewards({ walletAddress, linkedWallets }: RewardsCardProps) {
  const { t } = useTranslation('token');
  const query = useMyRewards(true);
  const queryClient = useQueryClient();
  // The epoch ended: the new epoch's score starts at zero, and a leaderboard may follow.
  const onEpochEnded = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: rewardsQueryRoot }),
    [queryClient],
  );

  if (!query.data) {
    return (
      <QueryStatus query={query} loading={t('rewards.loading')} failed={t('rewards.loadFailed')} />
    );
  }
  const rewards = query.data;
  return (
    <>
      <RewardFigures rewards={rewards} onEpochEnded={onEpochEnded} />
      {isFrozen(rewards) ? (
        <p className={styles.note} data-testid="rewards-frozen-note">
          {t('rewards.frozenNote')}
        </p>
      ) : null}
      <ClaimNotes rewards={rewards} />
      <RewardClaimForm walletAddress={walletAddress} linkedWallets={linkedWallets} />
      <RewardHistory history={rewards.history} />
    </>
  );
}

/** Whether a moderator holds part of the balance (issue 28: the member was suspended). */
const isFrozen = (rewards: RewardsMe) => /[1-9]/.test(rewards.frozen);

function RewardFigures({
  rewards,
  onEpochEnded,
}: {
  rewards: RewardsMe;
  onEpochEnded: () => void;
}) {
  const { t } = useTranslation('token');
  const tokensLabel = useTokensLabel();
  return (
    <dl className={styles.figures}>
      <div className={styles.figure}>
        <dt>{t('rewards.claimable')}</dt>
        <dd className={styles.figureValue} data-testid="rewards-claimable">
          {tokensLabel(rewards.claimable)}
        </dd>
      </div>
      {isFrozen(rewards) ? (
        <div className={styles.figure}>
          <dt>{t('rewards.frozen')}</dt>
          <dd className={styles.figureValue} data-testid="rewards-frozen">
            {tokensLabel(rewards.frozen)}
          </dd>
        </div>
      ) : null}
      <div className={styles.figure}>
        <dt>{t('rewards.totalEarned')}</dt>
        <dd className={styles.figureValue}>{tokensLabel(rewards.total_earned)}</dd>
      </div>
      <div className={styles.figure}>
        <dt>{t('rewards.scoreSoFar', { epoch: rewards.epoch.id })}</dt>
        <dd className={styles.figureValue} data-testid="rewards-score">
          {formatScore(rewards.pending_score)}
        </dd>
      </div>
      <div className={styles.figure}>
        <dt>{t('rewards.epochEndsIn')}</dt>
        <dd>
          <EpochCountdown endsAt={rewards.epoch.ends_at} onEnded={onEpochEnded} />
        </dd>
      </div>
    </dl>
  );
}

/** When a claim becomes possible: the smallest balance paid, and the account's age. */
function ClaimNotes({ rewards }: { rewards: RewardsMe }) {
  const { t } = useTranslation('token');
  const tokensLabel = useTokensLabel();
  const claimFrom = rewards.claim_allowed_from;
  return (
    <p className={styles.note}>
      {t('rewards.minimumClaim', { min: tokensLabel(rewards.min_claim) })}
      {claimFrom ? ` ${t('rewards.claimFrom', { when: formatDateTime(claimFrom) })}` : null}
    </p>
  );
}
