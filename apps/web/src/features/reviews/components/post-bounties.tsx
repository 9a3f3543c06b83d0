import { useTranslation } from 'react-i18next';
import type { Bounty } from '@symposia/shared';
import { formatTokenAmount, fromUnits } from '@/lib/token-amount';
import { formatDateTime } from '@/lib/time';
import list from '@/components/ui/stacked-list/stacked-list.module.css';
import styles from './post-bounties.module.css';

/** A post's bounties (issue 29): amount, who offered it, until when, and how many were awarded. */
export function PostBounties({ bounties }: { bounties: readonly Bounty[] }) {
  const { t } = useTranslation('reviews');
  if (!bounties.length) return null;
  return (
    <ul className={`${list.list} ${list.tight}`} aria-label={t('bounty.listLabel')}>
      {bounties.map((bounty) => (
        <li
          key={bounty.id}
          className={styles.bounty}
          data-testid="bounty"
          data-status={bounty.status}
        >
          <strong>
            {t(bounty.status === 'open' ? 'bounty.open' : 'bounty.closed', {
              amount: formatTokenAmount(fromUnits(bounty.amount)),
            })}
          </strong>
          {bounty.offerer ? (
            <span translate="no"> · {bounty.offerer.username}</span>
          ) : (
            <span> · {t('bounty.byPool')}</span>
          )}
          {bounty.deadline ? (
            <span> · {t('bounty.until', { time: formatDateTime(bounty.deadline) })}</span>
          ) : null}
          {bounty.awarded.length ? (
            <span> · {t('bounty.awardedTo', { count: bounty.awarded.length })}</span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
