import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { UploadResult } from '@symposia/shared';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/time';
import { localizeMessage } from '@/lib/localize-message';
import { PENDING_POST_ID } from '../hooks/use-upload';
import styles from './upload-form.module.css';

type UploadSuccessProps = {
  result: UploadResult;
  /** When the answer (or the fallback acceptance) arrived. */
  receivedAt: Date;
};

/** The success box (spec §2 Upload): status, message, time, and the way to the new post. */
export function UploadSuccess({ result, receivedAt }: UploadSuccessProps) {
  const { t } = useTranslation('upload');
  const headingId = useId();
  const pending = result.post_id === PENDING_POST_ID;
  return (
    <section className={styles.success} role="status" aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.successTitle}>
        {pending ? t('success.accepted') : t('success.done')}
      </h2>
      <dl className={styles.successDetails}>
        <div>
          <dt>{t('success.status')}</dt>
          <dd data-testid="upload-status">{t(`status.${result.status}`)}</dd>
        </div>
        <div>
          <dt>{t('success.message')}</dt>
          <dd data-testid="upload-message">{localizeMessage(result.message)}</dd>
        </div>
        <div>
          <dt>{t('success.time')}</dt>
          <dd data-testid="upload-time">
            <time dateTime={receivedAt.toISOString()}>{formatDateTime(receivedAt)}</time>
          </dd>
        </div>
      </dl>
      {pending ? null : (
        <Link to={paths.postDetail.href(result.post_id)} className="button button-primary">
          {t('success.viewPost')}
        </Link>
      )}
    </section>
  );
}
