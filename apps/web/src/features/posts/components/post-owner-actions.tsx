import { useState } from 'react';
import { MESSAGES, type PostDetail } from '@symposia/shared';
import { ConfirmDialog } from '@/components/ui/confirm-dialog/confirm-dialog';
import { notify } from '@/components/ui/toast/toast';
import { updateFailureDetails } from '@/components/ui/toast/update-failure';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth-store';
import { useDeletePost } from '../api/delete-post';
import { PostEditDialog } from './post-edit-dialog';
import styles from './post-owner-actions.module.css';

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
  const { token, user } = useAuth();
  const [open, setOpen] = useState<Open>(null);
  const remove = useDeletePost(post.id, {
    onSuccess: () => {
      setOpen(null);
      notify.success(MESSAGES.postDeleted);
      onDeleted();
    },
    onError: (error) => {
      setOpen(null);
      // A 401 already opened the login overlay (api-client); that is the whole answer.
      if (error instanceof ApiError && error.status === 401) return;
      notify.error(MESSAGES.deleteFailed('post'), updateFailureDetails(error));
    },
  });

  if (!token || !user) return null;
  const own = user.id === post['author id'];
  if (!own && user.role !== 'moderator') return null;
  const title = post.title.trim() || 'Untitled post';

  return (
    <div className={styles.actions}>
      {own ? (
        <button
          type="button"
          className="button button-secondary"
          aria-haspopup="dialog"
          onClick={() => setOpen('edit')}
        >
          Edit
        </button>
      ) : null}
      <button
        type="button"
        className={`button button-secondary ${styles.delete}`}
        aria-haspopup="dialog"
        onClick={() => setOpen('delete')}
      >
        Delete
      </button>

      {open === 'edit' ? (
        <PostEditDialog post={post} onClose={() => setOpen(null)} onSaved={onSaved} />
      ) : null}
      {open === 'delete' ? (
        <ConfirmDialog
          title="Delete this post?"
          confirmLabel="Delete"
          pendingLabel="Deleting…"
          danger
          pending={remove.isPending}
          onConfirm={() => remove.mutate()}
          onCancel={() => {
            if (!remove.isPending) setOpen(null);
          }}
        >
          <p>
            “{title}”{own ? '' : ` by ${post['author name'].trim() || 'its author'}`} will be
            deleted with its comments and likes. This cannot be undone.
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
