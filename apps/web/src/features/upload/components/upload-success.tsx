import { useId } from 'react';
import { Link } from 'react-router';
import type { UploadResult } from '@symposia/shared';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/time';
import { PENDING_POST_ID } from '../hooks/use-upload';
import styles from './upload-form.module.css';

type UploadSuccessProps = {
  result: UploadResult;
  /** When the answer (or the fallback acceptance) arrived. */
  receivedAt: Date;
};

/** The success box (spec §2 Upload): status, message, time, and the way to the new post. */
export function UploadSuccess({ result, receivedAt }: UploadSuccessProps) {
  const headingId = useId();
  const pending = result.post_id === PENDING_POST_ID;
  return (
    <section className={styles.success} role="status" aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.successTitle}>
        {pending ? 'Upload accepted' : 'Upload successful'}
      </h2>
      <dl className={styles.successDetails}>
        <div>
          <dt>Status</dt>
          <dd data-testid="upload-status">{result.status}</dd>
        </div>
        <div>
          <dt>Message</dt>
          <dd data-testid="upload-message">{result.message}</dd>
        </div>
        <div>
          <dt>Time</dt>
          <dd data-testid="upload-time">
            <time dateTime={receivedAt.toISOString()}>{formatDateTime(receivedAt)}</time>
          </dd>
        </div>
      </dl>
      {pending ? null : (
        <Link to={paths.postDetail.href(result.post_id)} className="button button-primary">
          View post
        </Link>
      )}
    </section>
  );
}
