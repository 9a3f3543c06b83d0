import { useCallback, useId } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { RewardsMe } from '@symposia/shared';
import { QueryStatus } from '@/components/ui/query-status/query-status';
import { authStore, useAuth } from '@/lib/auth-store';
import { formatDateTime } from '@/lib/time';
import { Card } from '@/components/ui/card/card';
import { rewardsQueryRoot, useMyRewards } from '../api/get-my-rewards';
import { REWARDS_UI } from '../texts';
import { formatScore, tokensLabel } from '@/lib/token-amount';
import { EpochCountdown } from './epoch-countdown';
import { RewardClaimForm } from './reward-claim-form';
import { RewardHistory } from './reward-history';
import styles from './rewards-card.module.css';

type RewardsCardProps = {
  /** The connected wallet's address, where a claim goes by default; null without a wallet. */
  walletAddress: string | null;
};

/**
 * "Your rewards": what the member may claim, their score in the running epoch and the time left
 * in it, the claim, and the history. Signed out, it invites to sign in.
 */
export function RewardsCard({ walletAddress }: RewardsCardProps) {
  const headingId = useId();
  const { token } = useAuth();
  return (
    <Card className={styles.card} labelledBy={headingId}>
      <h2 id={headingId} className={styles.title}>
        {REWARDS_UI.title}
      </h2>
      <p className={styles.lead}>{REWARDS_UI.lead}</p>
      {token ? (
        <MyRewards walletAddress={walletAddress} />
      ) : (
        <div className={styles.signedOut}>
          <p className={styles.note}>{REWARDS_UI.signedOut}</p>
          <button
            type="button"
            className="button button-primary"
            onClick={() => authStore.requestLogin(REWARDS_UI.loginToClaim)}
          >
            {REWARDS_UI.signIn}
          </button>
        </div>
      )}
    </Card>
  );
}

function MyRewards({ walletAddress }: RewardsCardProps) {
  const query = useMyRewards(true);
  const queryClient = useQueryClient();
  // The epoch ended: the new epoch's score starts at zero, and a leaderboard may follow.
  const onEpochEnded = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: rewardsQueryRoot }),
    [queryClient],
  );

  if (!query.data) {
    return (
      <QueryStatus query={query} loading={REWARDS_UI.loading} failed={REWARDS_UI.loadFailed} />
    );
  }
  const rewards = query.data;
  return (
    <>
      <RewardFigures rewards={rewards} onEpochEnded={onEpochEnded} />
      <ClaimNotes rewards={rewards} />
      <RewardClaimForm walletAddress={walletAddress} />
      <RewardHistory history={rewards.history} />
    </>
  );
}

function RewardFigures({
  rewards,
  onEpochEnded,
}: {
  rewards: RewardsMe;
  onEpochEnded: () => void;
}) {
  return (
    <dl className={styles.figures}>
      <div className={styles.figure}>
        <dt>{REWARDS_UI.claimable}</dt>
        <dd className={styles.figureValue} data-testid="rewards-claimable">
          {tokensLabel(rewards.claimable)}
        </dd>
      </div>
      <div className={styles.figure}>
        <dt>{REWARDS_UI.totalEarned}</dt>
        <dd className={styles.figureValue}>{tokensLabel(rewards.total_earned)}</dd>
      </div>
      <div className={styles.figure}>
        <dt>{REWARDS_UI.scoreSoFar(rewards.epoch.id)}</dt>
        <dd className={styles.figureValue} data-testid="rewards-score">
          {formatScore(rewards.pending_score)}
        </dd>
      </div>
      <div className={styles.figure}>
        <dt>{REWARDS_UI.epochEndsIn}</dt>
        <dd>
          <EpochCountdown endsAt={rewards.epoch.ends_at} onEnded={onEpochEnded} />
        </dd>
      </div>
    </dl>
  );
}

/** When a claim becomes possible: the smallest balance paid, and the account's age. */
function ClaimNotes({ rewards }: { rewards: RewardsMe }) {
  const claimFrom = rewards.claim_allowed_from;
  return (
    <p className={styles.note}>
      {REWARDS_UI.minimumClaim(tokensLabel(rewards.min_claim))}
      {claimFrom ? ` ${REWARDS_UI.claimFrom(formatDateTime(claimFrom))}` : null}
    </p>
  );
}
