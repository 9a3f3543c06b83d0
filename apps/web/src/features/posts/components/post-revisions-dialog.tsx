import { useId } from 'react';
import { MESSAGES } from '@symposia/shared';
import { Modal } from '@/components/ui/modal/modal';
import { RichText } from '@/components/ui/rich-text/rich-text';
import { QueryStatus } from '@/components/ui/query-status/query-status';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/time';
import { usePostRevisions } from '../api/get-post-revisions';
import styles from './post-revisions-dialog.module.css';

export const NO_REVISIONS = MESSAGES.noRevisions;
export const REVISIONS_LOAD_FAILED = MESSAGES.revisionsLoadFailed;

type PostRevisionsDialogProps = {
  postId: string;
  onClose: () => void;
};

/**
 * The earlier versions of a post, newest first: when each was written (China time),
 * its title, summary, content (rendered as the post page renders it) and tags.
 */
export function PostRevisionsDialog({ postId, onClose }: PostRevisionsDialogProps) {
  const titleId = useId();
  const query = usePostRevisions(postId, {
    throwOnError: (error) => !(error instanceof ApiError),
  });

  return (
    <Modal labelledBy={titleId} onClose={onClose} size="wide">
      <h2 id={titleId} className={styles.heading}>
        Earlier versions
      </h2>
      {query.data ? (
        query.data.length ? (
          <ol className={styles.list} aria-labelledby={titleId}>
            {query.data.map((revision) => (
              <li
                key={revision.revision}
                className={styles.revision}
                aria-label={`Version ${revision.revision}`}
              >
                <p className={styles.meta}>
                  <span className={styles.number}>Version {revision.revision}</span>
                  <time dateTime={revision.edited_at}>{formatDateTime(revision.edited_at)}</time>
                </p>
                <h3 className={styles.title}>{revision.title.trim() || 'Untitled post'}</h3>
                {revision.summary.trim() ? (
                  <p className={styles.summary}>{revision.summary}</p>
                ) : null}
                {revision.content.trim() ? (
                  <RichText text={revision.content} plain="lines" className={styles.content} />
                ) : null}
                {revision.tags.length ? (
                  <ul className={styles.tags} aria-label="Tags">
                    {revision.tags.map((tag) => (
                      <li key={tag} className={styles.tag}>
                        #{tag}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ol>
        ) : (
          <p className={styles.status}>{NO_REVISIONS}</p>
        )
      ) : (
        <QueryStatus
          query={query}
          loading="Loading earlier versions…"
          failed={REVISIONS_LOAD_FAILED}
        />
      )}
    </Modal>
  );
}
