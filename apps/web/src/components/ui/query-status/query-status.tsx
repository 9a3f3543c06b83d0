import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { localizedDetail } from '@/lib/localize-message';
import styles from './query-status.module.css';

/** The part of a query result the status needs (TanStack Query's result fits). */
export type StatusQuery = {
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
};

export type QueryStatusProps = {
  query: StatusQuery;
  /** Said while the data loads, e.g. 'Loading comments…'. */
  loading: string;
  /** Said when loading failed, with the server's detail under it and a Retry button. */
  failed: string;
  /** The caller's own look; without one, muted text that sits in a dialog. */
  classNames?: { loading?: string; error?: string; details?: string };
};

/**
 * What stands in for a query's data until it comes: 'Loading…' as a status, or, once a load has
 * failed and no retry is under way, the failure as an alert with Retry.
 */
export function QueryStatus({ query, loading, failed, classNames = {} }: QueryStatusProps) {
  const { t } = useTranslation('common');
  if (query.isError && !query.isFetching) {
    return (
      <div className={classNames.error ?? styles.status}>
        <p role="alert">
          {failed}
          {query.error instanceof ApiError ? (
            <span className={classNames.details ?? styles.details}>
              {localizedDetail(query.error)}
            </span>
          ) : null}
        </p>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => void query.refetch()}
        >
          {t('actions.retry')}
        </button>
      </div>
    );
  }
  return (
    <p className={classNames.loading ?? styles.status} role="status">
      {loading}
    </p>
  );
}
