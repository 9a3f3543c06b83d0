import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/ui/modal/modal';
import { RichText } from '@/components/ui/rich-text/rich-text';
import { TagList } from '@/components/ui/tag-list/tag-list';
import { QueryStatus } from '@/components/ui/query-status/query-status';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/time';
import { usePostRevisions } from '../api/get-post-revisions';
import { userText } from '../utils/user-text';
import text from './post-text.module.css';
import styles from './post-revisions-dialog.module.css';

type PostRevisionsDialogProps = {
  postId: string;
  onClose: () => void;
};

/**
 * The earlier versions of a post, newest first: when each was written (China time),
 * its title, summary, content (rendered as the post page renders it) and tags.
 */
export function PostRevisionsDialog({ postId, onClose }: PostRevisionsDialogProps) {
  const { t } = useTranslation(['posts', 'messages']);
  const titleId = useId();
  const query = usePostRevisions(postId, {
    throwOnError: (error) => !(error instanceof ApiError),
  });

  return (
    <Modal labelledBy={titleId} onClose={onClose} size="wide">
      <h2 id={titleId} className={styles.heading}>
        {t('posts:revisions.title')}
      </h2>
      {query.data ? (
        query.data.length ? (
          <ol className={styles.list} aria-labelledby={titleId}>
            {query.data.map((revision) => (
              <li
                key={revision.revision}
                className={styles.revision}
                aria-label={t('posts:revisions.version', { number: revision.revision })}
              >
                <p className={styles.meta}>
                  <span className={styles.number}>
                    {t('posts:revisions.version', { number: revision.revision })}
                  </span>
                  <time dateTime={revision.edited_at}>{formatDateTime(revision.edited_at)}</time>
                </p>
                <h3 className={styles.title} translate={userText(revision.title)}>
                  {revision.title.trim() || t('posts:untitled')}
                </h3>
                {revision.summary.trim() ? (
                  <p className={text.summary} translate="no">
                    {revision.summary}
                  </p>
                ) : null}
                {revision.content.trim() ? (
                  <RichText text={revision.content} plain="lines" className={text.content} />
                ) : null}
                {revision.tags.length ? (
                  <TagList tags={revision.tags} label={t('posts:tags')} hashed size="small" />
                ) : null}
              </li>
            ))}
          </ol>
        ) : (
          <p className={styles.status}>{t('messages:noRevisions')}</p>
        )
      ) : (
        <QueryStatus
          query={query}
          loading={t('posts:revisions.loading')}
          failed={t('messages:revisionsLoadFailed')}
        />
      )}
    </Modal>
  );
}
