import { lazy, Suspense, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { PostDetail } from '@symposia/shared';
import { ConfirmDialog } from '@/components/ui/confirm-dialog/confirm-dialog';
import { notify } from '@/components/ui/toast/toast';
import { updateFailureDetails } from '@/components/ui/toast/update-failure';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth-store';
import { useDeletePost } from '../api/delete-post';
import styles from './post-owner-actions.module.css';

// The editor (its form fields and the shared schemas it checks with) loads when Edit is pressed,
// not with the post page.
const PostEditDialog = lazy(() =>
  import('./post-edit-dialog').then((module) => ({ default: module.PostEditDialog })),
);

type PostOwnerActionsProps = {
  post: PostDetail;
  /** The post is gone on the server; the caller leaves its page. */
  onDeleted: () => void;
  onSaved?: (post: PostDetail) => void;
};

type Open = 'edit' | 'delete' | null;

/**
 * Edit and Delete on the post detail: Edit for the post's author, Delete for the author and the
 * moderators. Edit opens the editor; Delete asks first (Cancel / Delete, Escape cancels), then
 * deletes and leaves the page.
 */
export function PostOwnerActions({ post, onDeleted, onSaved }: PostOwnerActionsProps) {
  const { t } = useTranslation(['posts', 'messages']);
  const { token, user } = useAuth();
  const [open, setOpen] = useState<Open>(null);
  const remove = useDeletePost(post.id, {
    onSuccess: () => {
      setOpen(null);
      notify.success(t('messages:postDeleted'));
      onDeleted();
    },
    onError: (error) => {
      setOpen(null);
      // A 401 already opened the login overlay (api-client); that is the whole answer.
      if (error instanceof ApiError && error.status === 401) return;
      notify.error(
        t('messages:deleteFailed', { what: t('posts:owner.what') }),
        updateFailureDetails(error),
      );
    },
  });

  if (!token || !user) return null;
  const own = user.id === post['author id'];
  if (!own && user.role !== 'moderator') return null;
  const title = post.title.trim() || t('posts:untitled');
  const author = post['author name'].trim();
  const confirmKey = own
    ? 'posts:owner.confirmOwn'
    : author
      ? 'posts:owner.confirmOther'
      : 'posts:owner.confirmOtherNoAuthor';

  return (
    <div className={styles.actions}>
      {own ? (
        <button
          type="button"
          className="button button-secondary"
          aria-haspopup="dialog"
          onClick={() => setOpen('edit')}
        >
          {t('posts:owner.edit')}
        </button>
      ) : null}
      <button
        type="button"
        className={`button button-secondary ${styles.delete}`}
        aria-haspopup="dialog"
        onClick={() => setOpen('delete')}
      >
        {t('posts:owner.delete')}
      </button>

      {open === 'edit' ? (
        <Suspense fallback={null}>
          <PostEditDialog post={post} onClose={() => setOpen(null)} onSaved={onSaved} />
        </Suspense>
      ) : null}
      {open === 'delete' ? (
        <ConfirmDialog
          title={t('posts:owner.confirmTitle')}
          confirmLabel={t('posts:owner.delete')}
          pendingLabel={t('posts:owner.deleting')}
          danger
          pending={remove.isPending}
          onConfirm={() => remove.mutate()}
          onCancel={() => {
            if (!remove.isPending) setOpen(null);
          }}
        >
          <p>
            <Trans
              t={t}
              i18nKey={confirmKey}
              values={{ title, author }}
              components={{ term: <span translate="no" /> }}
            />
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
