import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MyReport } from '@symposia/shared';
import items from '@/components/ui/item-list/item-list.module.css';
import { PagedList } from '@/components/ui/paged-list/paged-list';
import { paths } from '@/config/paths';
import { useReportReasonText } from '@/lib/report-reasons';
import { formatDateTime } from '@/lib/time';
import { useMyReports } from '../api/get-my-reports';
import styles from './my-reports.module.css';

/**
 * Where what was reported can be seen, while the reporter still may: none once the moderators
 * hid or removed it (it is gone for them), nor for a target on no post.
 */
function targetHref(report: MyReport): string | null {
  if (report.outcome === 'hide' || report.outcome === 'delete') return null;
  if (report.target_type === 'user') return paths.author.href(report.target_id);
  if (!report.post_id) return null;
  return report.target_type === 'comment'
    ? paths.postDetail.comment(report.post_id, report.target_id)
    : paths.postDetail.href(report.post_id);
}

/** One report: what it was on, open or resolved and what came of it, why, when, a link. */
function MyReportEntry({ report }: { report: MyReport }) {
  const { t } = useTranslation('reports');
  const reasonText = useReportReasonText();
  const href = targetHref(report);
  return (
    <li className={`${items.item} ${styles.item}`} data-report-id={report.id}>
      <p className={styles.head}>
        <span className={styles.what}>{t(`mine.what.${report.target_type}`)}</span>
        <span className={styles.status} data-status={report.status}>
          {t(`mine.status.${report.status}`)}
        </span>
      </p>
      <p className={styles.outcome}>
        {t(
          `mine.outcome.${report.status === 'resolved' && report.outcome ? report.outcome : 'open'}`,
        )}
      </p>
      <p className={styles.meta}>{t('mine.reason', { reason: reasonText(report.reason).label })}</p>
      {report.note ? (
        <p className={styles.note}>
          <span className={styles.meta}>{t('mine.note')}</span>{' '}
          <span translate="no">{report.note}</span>
        </p>
      ) : null}
      <p className={styles.meta}>
        {t('mine.reported')}{' '}
        <time dateTime={report.created_at}>{formatDateTime(report.created_at)}</time>
        {report.resolved_at ? (
          <>
            {' · '}
            {t('mine.decided')}{' '}
            <time dateTime={report.resolved_at}>{formatDateTime(report.resolved_at)}</time>
          </>
        ) : null}
      </p>
      {href ? (
        <p className={styles.meta}>
          <Link to={href}>{t(`mine.view.${report.target_type}`)}</Link>
        </p>
      ) : null}
    </li>
  );
}

/**
 * My Page's Reports tab (issue 32): the member's own reports (GET /reports/mine), newest first, a
 * page at a time, each with its status and the moderators' outcome.
 */
export function MyReportsPanel() {
  const { t } = useTranslation('reports');
  const query = useMyReports();
  return (
    <PagedList
      query={query}
      items={query.data?.pages.flat()}
      testId="my-reports"
      texts={{
        title: t('mine.title'),
        loading: t('mine.loading'),
        failed: t('mine.failed'),
        empty: t('mine.empty'),
        emptyText: t('mine.emptyText'),
        loadMore: t('mine.loadMore'),
      }}
      renderItem={(report) => <MyReportEntry key={report.id} report={report} />}
    />
  );
}
