import { useTranslation } from 'react-i18next';
import type { Comment } from '../types';
import { ApiError } from '@/lib/api-client';
import { useCreateComment } from '../api/create-comment';
import { clearDraft, draftKey } from '../utils/drafts';
import { mentionPrefixOf, replyTargetOf } from '../utils/threads';
import { CommentEditor, type EditorError } from './comment-editor';

type CommentComposerProps = {
  postId: string;
  /** The comment replied to; none for a comment on the post. */
  replyTo?: Comment;
  label: string;
  onPosted: (comment: Comment) => void;
  onCancel: () => void;
};

/**
 * What a failed submit says (spec §8): 'Failed to submit comment. Please try again later.'
 * (`title`) with the server's reason (e.g. commenting too fast). A 401 says nothing here: the login
 * overlay opened with 'Please login to submit your comment', and the text stays for after the
 * sign-in.
 */
export function submitErrorOf(error: unknown, title: string): EditorError | null {
  if (!error) return null;
  if (error instanceof ApiError) {
    if (error.status === 401) return null;
    return { title, details: error.detail };
  }
  return { title };
}

/** An editor that sends: a comment on the post, or a reply to `replyTo` in its thread. */
export function CommentComposer({
  postId,
  replyTo,
  label,
  onPosted,
  onCancel,
}: CommentComposerProps) {
  const { t } = useTranslation('messages');
  const key = draftKey(postId, replyTo?._id ?? null);
  const create = useCreateComment(postId, {
    onSuccess: (comment) => {
      clearDraft(key);
      onPosted(comment);
    },
  });

  return (
    <CommentEditor
      label={label}
      draftKey={key}
      prefix={replyTo ? mentionPrefixOf(replyTo) : ''}
      pending={create.isPending}
      error={submitErrorOf(create.error, t('commentFailed'))}
      onSubmit={(text) =>
        create.mutate({ content: text, reply: replyTo ? replyTargetOf(replyTo) : undefined })
      }
      onCancel={() => {
        clearDraft(key);
        onCancel();
      }}
    />
  );
}
