import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FrozenRewardsEntry, RewardHoldAction } from '@symposia/shared';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/time';
import { useFrozenRewards } from '../api/get-frozen-rewards';
import { ModerationTable } from './moderation-panel';
import { PagedPanel, useRefocusAfterAction } from './paged-panel';
import { RewardsDialog } from './rewards-dialog';
import styles from './moderation.module.css';

/**
 * The members whose rewards are frozen since their suspension (issue 28), frozen longest first,
 * each with Release and Forfeit. A decided member leaves the list (useRefocusAfterAction).
 */
export function FrozenRewardsPanel() {
  const { t } = useTranslation('moderation');
  const [skip, setSkip] = useState(0);
  const query = useFrozenRewards(skip);
  const { headingRef, refocusAfterAction } = useRefocusAfterAction(query);
  const [deciding, setDeciding] = useState<{
    entry: FrozenRewardsEntry;
    action: RewardHoldAction;
  } | null>(null);

  return (
    <PagedPanel
      id="frozen-rewards"
      title={t('frozen.title')}
      headingRef={headingRef}
      intro={<p className={styles.empty}>{t('frozen.lead')}</p>}
      query={query}
      skip={skip}
      onSkip={setSkip}
      texts={{
        what: t('frozen.what'),
        empty: t('frozen.empty'),
        loading: t('frozen.loading'),
        failed: t('frozen.loadFailed'),
      }}
      renderItems={(entries) => (
        <ModerationTable
          caption={t('frozen.caption')}
          columns={[
            t('frozen.member'),
            t('frozen.amount'),
            t('frozen.since'),
            t('frozen.suspension'),
            t('frozen.decide'),
          ]}
        >
          {entries.map((entry) => (
            <tr key={entry.user.id} data-testid="frozen-rewards-row">
              <th scope="row" translate="no">
                <Link to={paths.author.href(entry.user.id)}>{entry.user.username}</Link>
              </th>
              <td>{t('frozen.tokens', { amount: entry.amount })}</td>
              <td>
                <time dateTime={entry.frozen_at}>{formatDateTime(entry.frozen_at)}</time>
              </td>
              <td>
                {entry.suspended_until ? (
                  <time dateTime={entry.suspended_until}>
                    {t('frozen.suspendedUntil', {
                      when: formatDateTime(entry.suspended_until),
                    })}
                  </time>
                ) : (
                  t('frozen.suspensionOver')
                )}
              </td>
              <td>
                <div className={styles.actions}>
                  {(['release', 'forfeit'] as const).map((action) => (
                    <button
                      key={action}
                      type="button"
                      className={`button button-secondary ${action === 'forfeit' ? styles.dangerAction : ''}`}
                      aria-label={t(`frozen.${action}.named`, { name: entry.user.username })}
                      onClick={() => setDeciding({ entry, action })}
                    >
                      {t(`frozen.${action}.label`)}
                    </button>
                  ))}
                </div>
              </td>
            </tr>
          ))}
        </ModerationTable>
      )}
    >
      {deciding ? (
        <RewardsDialog
          entry={deciding.entry}
          action={deciding.action}
          onDone={() => {
            refocusAfterAction();
            setDeciding(null);
          }}
          onCancel={() => setDeciding(null)}
        />
      ) : null}
    </PagedPanel>
  );
}
