import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/time';
import { PostRevisionsDialog } from './post-revisions-dialog';
import styles from './post-edited.module.css';

type PostEditedProps = {
  postId: string;
  editedAt: string | null;
};

/**
 * "edited" with the time of the last edit (China time) on an edited post; it opens the earlier
 * versions. A post never edited shows nothing.
 */
export function PostEdited({ postId, editedAt }: PostEditedProps) {
  const { t } = useTranslation('posts');
  const [open, setOpen] = useState(false);
  if (!editedAt) return null;
  return (
    <>
      <button
        type="button"
        className={styles.edited}
        aria-haspopup="dialog"
        title={t('detail.showEarlierVersions')}
        onClick={() => setOpen(true)}
      >
        {t('detail.edited')} <time dateTime={editedAt}>{formatDateTime(editedAt)}</time>
      </button>
      {open ? <PostRevisionsDialog postId={postId} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
