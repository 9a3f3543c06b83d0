import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DownWeighted } from '@symposia/shared';
import { notify } from '@/components/ui/toast/toast';
import { TrustBadge } from '@/components/ui/trust-badge/trust-badge';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/time';
import { useDownWeighted } from '../api/get-down-weighted';
import { useRecomputeTrust } from '../api/recompute-trust';
import { ListOrStatus, ModerationPanel, ModerationTable } from './moderation-panel';
import styles from './moderation.module.css';

type Account = DownWeighted['accounts'][number];

const points = (value: number) => (Math.round(value * 10) / 10).toString();

function Mark({ seed }: { seed: boolean | null }) {
  const { t } = useTranslation('moderation');
  if (seed === null) return null;
  return <> ({seed ? t('trust.markedTrusted') : t('trust.markedUntrusted')})</>;
}

function Row({ account }: { account: Account }) {
  const { t } = useTranslation('moderation');
  return (
    <tr data-testid="down-weighted-account">
      <td>
        <Link to={paths.author.href(account.id)} translate="no">
          {account.username}
        </Link>
        <Mark seed={account.seed} />
      </td>
      <td>
        <TrustBadge level={account.trust_level} />
      </td>
      <td>{points(account.given)}</td>
      <td>{points(account.withheld)}</td>
      <td>
        <ul className={styles.cluster} aria-label={t('trust.cluster')}>
          {account.cluster.map((partner) => (
            <li key={partner.id}>
              <Link to={paths.author.href(partner.id)} translate="no">
                {partner.username}
              </Link>{' '}
              <span className={styles.clusterPoints}>{points(partner.given)}</span>
            </li>
          ))}
        </ul>
      </td>
    </tr>
  );
}

/**
 * The moderators' trust panel (issue 28): the accounts whose given likes and comments trust
 * weighting discounts most, each with whom they gave most to, so a ring that rewards itself is
 * seen together; and a button that queues a recompute of everyone's trust.
 */
export function TrustPanel() {
  const { t } = useTranslation(['moderation', 'messages']);
  const query = useDownWeighted();
  const recompute = useRecomputeTrust();
  const view = query.data;

  return (
    <ModerationPanel id="moderation-trust" title={t('trust.title')}>
      <p className={styles.lead}>{t('trust.lead')}</p>
      <p>
        {view
          ? view.computed_at
            ? t('trust.computedAt', { when: formatDateTime(view.computed_at) })
            : t('trust.neverComputed')
          : null}{' '}
        <button
          type="button"
          className="button button-secondary"
          disabled={recompute.isPending}
          onClick={() =>
            recompute.mutate(undefined, {
              onSuccess: () => notify.success(t('trust.queued')),
              onError: (error) => notify.error(error.message),
            })
          }
        >
          {recompute.isPending ? t('trust.recomputing') : t('trust.recompute')}
        </button>
      </p>
      <ListOrStatus
        query={query}
        items={view?.accounts}
        texts={{
          empty: t('trust.empty'),
          loading: t('trust.loading'),
          failed: t('messages:moderationLoadFailed'),
        }}
      >
        {(accounts) => (
          <ModerationTable
            caption={t('trust.caption')}
            columns={[
              t('trust.account'),
              t('trust.level'),
              t('trust.given'),
              t('trust.withheld'),
              t('trust.cluster'),
            ]}
          >
            {accounts.map((account) => (
              <Row key={account.id} account={account} />
            ))}
          </ModerationTable>
        )}
      </ListOrStatus>
    </ModerationPanel>
  );
}
