import { useRef, useState, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Comment } from '../types';
import { Avatar } from '@/components/ui/avatar/avatar';
import { ConfirmDialog } from '@/components/ui/confirm-dialog/confirm-dialog';
import { FallbackImage } from '@/components/ui/fallback-image/fallback-image';
import { HiddenBadge } from '@/components/ui/hidden-badge/hidden-badge';
import { RichText } from '@/components/ui/rich-text/rich-text';
import { notify } from '@/components/ui/toast/toast';
import { notifyUpdateFailed, updateFailureDetails } from '@/components/ui/toast/update-failure';
import { commentAnchor, paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth-store';
import { formatDateTime } from '@/lib/time';
import { useDeleteComment } from '../api/delete-comment';
import { useLikeComment } from '../api/like-comment';
import { useUpdateComment } from '../api/update-comment';
import { trimFraction } from '../utils/threads';
import { userText } from '../utils/user-text';
import { CommentComposer } from './comment-composer';
import { CommentEditor } from './comment-editor';
import { CommentLikeButton } from './comment-like-button';
import styles from './comment-item.module.css';

// A 401 already opened the login overlay (api-client); that is the whole answer.
const isSignInPrompt = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * The name a comment goes by, in the reader's language: its author's, 'Anonymous' when it has
 * none, '[deleted]' once deleted.
 */
export function useAuthorOf(): (comment: Comment) => string {
  const { t } = useTranslation('messages');
  return (comment) =>
    comment.deleted ? t('deletedComment') : comment.username.trim() || t('anonymous');
}

/** A text naming a comment's author, with the name marked as user content (`<term>`). */
export function AuthorText({
  comment,
  author,
  i18nKey,
}: {
  comment: Comment;
  author: string;
  i18nKey: 'item.replyTo' | 'item.deleteWhose' | 'remove.other';
}) {
  const { t } = useTranslation('comments');
  return (
    <Trans
      t={t}
      i18nKey={i18nKey}
      values={{ author }}
      components={{
        term: <span translate={userText(comment.username)} />,
      }}
    />
  );
}

/**
 * What the app adds to a comment's actions (e.g. Report), drawn with the actions' own look
 * (`actionClassName`).
 */
export type RenderCommentActions = (comment: Comment, actionClassName: string) => ReactNode;

/** Who may do what to a comment: its author edits it; its author or a moderator deletes it. */
function usePermissions(comment: Comment) {
  const { token, user } = useAuth();
  const signedIn = Boolean(token && user) && !comment.deleted;
  const own = signedIn && comment.userId !== '' && comment.userId === user?.id;
  return { canEdit: own, canDelete: own || (signedIn && user?.role === 'moderator') };
}

type CommentItemProps = {
  postId: string;
  comment: Comment;
  /** The reply box under this comment is open. */
  replying: boolean;
  onReply: () => void;
  onCloseReply: () => void;
  onPosted: (comment: Comment) => void;
  /** The comment was deleted on the server (e.g. to refresh the post's comment count). */
  onDeleted?: () => void;
  renderActions?: RenderCommentActions;
};

/**
 * One comment (spec §2): avatar (initials when missing or broken), name (to the author page), time in
 * China time, the text as text, a like toggle and a Reply button that opens a reply box below.
 */
export function CommentItem({
  postId,
  comment,
  replying,
  onReply,
  onCloseReply,
  onPosted,
  onDeleted,
  renderActions,
}: CommentItemProps) {
  const { t } = useTranslation(['comments', 'messages']);
  const like = useLikeComment(postId, comment._id, {
    onFailure: (error) => {
      if (isSignInPrompt(error)) return;
      notify.error(
        t('messages:likeFailed'),
        error instanceof ApiError ? error.detail : t('messages:likeFailedDetails'),
      );
    },
  });
  const edit = useUpdateComment(postId, comment._id, {
    onFailure: (error) => {
      if (isSignInPrompt(error)) return;
      notifyUpdateFailed(t('messages:updateFailed', { field: t('comments:what') }), error);
    },
  });
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const remove = useDeleteComment(postId, comment._id, {
    onSuccess: () => {
      setConfirmingDelete(false);
      onDeleted?.();
    },
    onFailure: (error) => {
      setConfirmingDelete(false);
      if (isSignInPrompt(error)) return;
      notify.error(
        t('messages:deleteFailed', { what: t('comments:what') }),
        updateFailureDetails(error),
      );
    },
  });
  const { canEdit, canDelete } = usePermissions(comment);
  const replyButton = useRef<HTMLButtonElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const author = useAuthorOf()(comment);
  const authorTranslate = userText(comment.username);
  const deletedText = t('messages:deletedComment');
  const createdAt = trimFraction(comment.createdAt);
  const topLevel = comment.level <= 1;

  // Closing the reply box (sent or cancelled) puts focus back on its Reply button.
  const closeReply = () => {
    replyButton.current?.focus();
    onCloseReply();
  };

  // Saved or cancelled, focus goes back to the Edit button, as after a field edit.
  const closeEditor = () => {
    setEditing(false);
    requestAnimationFrame(() => editButton.current?.focus());
  };

  if (comment.deleted) {
    return (
      <article
        className={topLevel ? styles.comment : `${styles.comment} ${styles.reply}`}
        aria-label={deletedText}
        id={commentAnchor(comment._id)}
        tabIndex={-1}
        data-comment-id={comment._id}
        data-level={comment.level}
        data-deleted="true"
      >
        <div className={styles.avatar} aria-hidden="true">
          <span
            className={`${styles.deletedAvatar} ${topLevel ? '' : styles.deletedAvatarSmall}`}
          />
        </div>
        <div className={styles.body}>
          <p className={styles.deleted}>{deletedText}</p>
        </div>
      </article>
    );
  }

  return (
    <article
      className={topLevel ? styles.comment : `${styles.comment} ${styles.reply}`}
      aria-label={t('comments:item.label', { author })}
      id={commentAnchor(comment._id)}
      // A link to the comment (a notification) moves focus here.
      tabIndex={-1}
      data-comment-id={comment._id}
      data-level={comment.level}
      data-hidden={comment.hidden || undefined}
    >
      <div className={styles.avatar}>
        <Avatar src={comment.avatar} name={author} size={topLevel ? 48 : 32} />
      </div>
      <div className={styles.body}>
        <header className={styles.meta}>
          {comment.userId ? (
            <Link
              to={paths.author.href(comment.userId)}
              className={styles.name}
              translate={authorTranslate}
            >
              {author}
            </Link>
          ) : (
            <span className={styles.name} translate={authorTranslate}>
              {author}
            </span>
          )}
          <time className={styles.time} dateTime={createdAt}>
            {formatDateTime(createdAt)}
          </time>
          {comment.edited_at ? (
            <span className={styles.edited}>
              {t('comments:item.edited')}{' '}
              <time dateTime={comment.edited_at}>{formatDateTime(comment.edited_at)}</time>
            </span>
          ) : null}
          {comment.hidden ? <HiddenBadge /> : null}
        </header>

        {editing ? (
          <CommentEditor
            mode="edit"
            label={t('comments:inlineEditor.label')}
            value={comment.content}
            onSubmit={(text) => {
              closeEditor();
              edit.mutate(text);
            }}
            onCancel={closeEditor}
          />
        ) : (
          // User text is never HTML: plain text as typed, or sanitized Markdown (rich-text/), and
          // marked translate="no" there.
          <RichText text={comment.content} plain="text" className={styles.content} />
        )}

        {comment.imageUrl ? (
          <FallbackImage
            className={styles.image}
            src={comment.imageUrl}
            alt={t('comments:item.image', { author })}
            // Named by the author's name (user content); the image holds no other text.
            translate="no"
            loading="lazy"
            decoding="async"
          />
        ) : null}

        <div className={styles.actions}>
          <CommentLikeButton
            liked={comment.liked}
            likes={comment.likes}
            author={author}
            authorTranslate={authorTranslate}
            pending={like.isPending}
            onToggle={like.toggle}
          />
          <button
            ref={replyButton}
            type="button"
            className={styles.action}
            aria-expanded={replying}
            onClick={onReply}
          >
            {t('comments:item.reply')}
            <span className="visually-hidden">
              <AuthorText comment={comment} author={author} i18nKey="item.replyTo" />
            </span>
          </button>
          {canEdit && !editing ? (
            <button
              ref={editButton}
              type="button"
              className={styles.action}
              aria-busy={edit.isPending || undefined}
              onClick={() => setEditing(true)}
            >
              {t('comments:item.edit')}
              <span className="visually-hidden">{t('comments:item.editYours')}</span>
            </button>
          ) : null}
          {canDelete ? (
            <button
              type="button"
              className={`${styles.action} ${styles.deleteAction}`}
              aria-haspopup="dialog"
              onClick={() => setConfirmingDelete(true)}
            >
              {t('comments:item.delete')}
              <span className="visually-hidden">
                <AuthorText comment={comment} author={author} i18nKey="item.deleteWhose" />
              </span>
            </button>
          ) : null}
          {renderActions?.(comment, styles.action ?? '')}
        </div>

        {confirmingDelete ? (
          <ConfirmDialog
            title={t('comments:remove.title')}
            confirmLabel={t('comments:remove.confirm')}
            pendingLabel={t('comments:remove.deleting')}
            danger
            pending={remove.isPending}
            onConfirm={() => remove.mutate()}
            onCancel={() => {
              if (!remove.isPending) setConfirmingDelete(false);
            }}
          >
            <p>
              {canEdit ? (
                t('comments:remove.own')
              ) : (
                <AuthorText comment={comment} author={author} i18nKey="remove.other" />
              )}{' '}
              {t('comments:remove.repliesStay', { deleted: deletedText })}
            </p>
          </ConfirmDialog>
        ) : null}

        {replying ? (
          <div className={styles.replyBox}>
            <CommentComposer
              postId={postId}
              replyTo={comment}
              label={t('comments:item.replyLabel', { author })}
              onPosted={(created) => {
                closeReply();
                onPosted(created);
              }}
              onCancel={closeReply}
            />
          </div>
        ) : null}
      </div>
    </article>
  );
}
