import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Leaderboard as LeaderboardData } from '@symposia/shared';
import { Avatar } from '@/components/ui/avatar/avatar';
import { QueryStatus } from '@/components/ui/query-status/query-status';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth-store';
import { formatDateTime } from '@/lib/time';
import { Card } from '@/components/ui/card/card';
import { useLeaderboard } from '../api/get-leaderboard';
import { formatScore, formatTokenAmount } from '@/lib/token-amount';
import styles from './leaderboard.module.css';

/**
 * The leaderboard of an ended epoch (the last one first): rank, member, score and tokens. Members
 * who keep their statistics private come as 'Anonymous', with no link. Anyone may read it.
 */
export function Leaderboard() {
  const { t } = useTranslation('token');
  const headingId = useId();
  // Undefined: the last ended epoch, whichever it is when asked.
  const [epoch, setEpoch] = useState<number>();
  const [latest, setLatest] = useState<number>();
  const query = useLeaderboard(epoch);
  const board = query.data;
  const shown = board?.epoch?.id;

  // The newest epoch there is, learnt from the default answer, bounds "Next".
  if (epoch === undefined && shown !== undefined && !query.isPlaceholderData && shown !== latest) {
    setLatest(shown);
  }

  return (
    <Card className={styles.card} labelledBy={headingId}>
      <div className={styles.header}>
        <h2 id={headingId} className={styles.title}>
          {t('leaderboard.title')}
        </h2>
        {shown !== undefined ? (
          <EpochSwitch
            shown={shown}
            latest={latest ?? shown}
            loading={query.isPlaceholderData}
            onChoose={(next) => setEpoch(next === latest ? undefined : next)}
          />
        ) : null}
      </div>
      {board ? (
        <LeaderboardBody board={board} />
      ) : (
        <QueryStatus
          query={query}
          loading={t('leaderboard.loading')}
          failed={t('leaderboard.loadFailed')}
        />
      )}
    </Card>
  );
}

type EpochSwitchProps = {
  shown: number;
  latest: number;
  loading: boolean;
  onChoose: (epoch: number) => void;
};

/**
 * Previous and next epoch. aria-disabled rather than disabled, so focus stays on a button that
 * reached the first or the last epoch.
 */
function EpochSwitch({ shown, latest, loading, onChoose }: EpochSwitchProps) {
  const { t } = useTranslation('token');
  const hasPrevious = shown > 1;
  const hasNext = shown < latest;
  return (
    <div className={styles.switch} aria-busy={loading || undefined}>
      <button
        type="button"
        className="button button-secondary"
        aria-disabled={!hasPrevious || loading || undefined}
        onClick={() => {
          if (hasPrevious && !loading) onChoose(shown - 1);
        }}
      >
        <span aria-hidden="true">‹</span> {t('leaderboard.previous')}
      </button>
      <button
        type="button"
        className="button button-secondary"
        aria-disabled={!hasNext || loading || undefined}
        onClick={() => {
          if (hasNext && !loading) onChoose(shown + 1);
        }}
      >
        {t('leaderboard.next')} <span aria-hidden="true">›</span>
      </button>
    </div>
  );
}

function LeaderboardBody({ board }: { board: LeaderboardData }) {
  const { t } = useTranslation(['token', 'messages']);
  const { user } = useAuth();
  if (!board.epoch) return <p className={styles.empty}>{t('leaderboard.emptyBeforeFirst')}</p>;
  if (board.entries.length === 0) {
    return <p className={styles.empty}>{t('leaderboard.emptyEpoch', { epoch: board.epoch.id })}</p>;
  }
  return (
    <table className={styles.table}>
      <caption className={styles.caption}>
        {t('leaderboard.caption', {
          epoch: board.epoch.id,
          ended: formatDateTime(board.epoch.ends_at),
        })}
      </caption>
      <thead>
        <tr>
          <th scope="col" className={styles.rank}>
            {t('leaderboard.rank')}
          </th>
          <th scope="col">{t('leaderboard.member')}</th>
          <th scope="col" className={styles.number}>
            {t('leaderboard.score')}
          </th>
          <th scope="col" className={styles.number}>
            {t('leaderboard.amount')}
          </th>
        </tr>
      </thead>
      <tbody>
        {board.entries.map((entry) => {
          const mine = entry.user_id !== null && entry.user_id === user?.id;
          return (
            <tr
              key={`${entry.rank}-${entry.user_id ?? 'anonymous'}`}
              className={mine ? styles.mine : undefined}
              data-testid="leaderboard-row"
            >
              <td className={styles.rank}>{entry.rank}</td>
              <th scope="row" className={styles.member}>
                <span className={styles.memberInner}>
                  <span aria-hidden="true" className={styles.avatar}>
                    <Avatar
                      src={entry.avatar}
                      name={entry.user_id ? entry.username : t('messages:anonymous')}
                      size={32}
                    />
                  </span>
                  {entry.user_id ? (
                    <Link
                      to={paths.author.href(entry.user_id)}
                      className={styles.name}
                      translate="no"
                    >
                      {entry.username}
                    </Link>
                  ) : (
                    // A member the reader may not know: the server's 'Anonymous', said here.
                    <span className={styles.name}>{t('messages:anonymous')}</span>
                  )}
                  {mine ? <span className={styles.you}>{t('leaderboard.you')}</span> : null}
                </span>
              </th>
              <td className={styles.number}>{formatScore(entry.score)}</td>
              <td className={styles.number}>{formatTokenAmount(entry.amount)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
