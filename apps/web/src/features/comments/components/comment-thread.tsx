import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/components/ui/toast/toast';
import { ApiError } from '@/lib/api-client';
import type { Comment } from '../types';
import { useMoreReplies } from '../api/get-replies';
import {
  hiddenReplyCount,
  unloadedReplyCount,
  visibleReplies,
  type CommentThread as Thread,
} from '../utils/threads';
import { CommentItem, useAuthorOf, type RenderCommentActions } from './comment-item';
import styles from './comments-section.module.css';

type CommentThreadProps = {
  postId: string;
  thread: Thread;
  expanded: boolean;
  onToggle: () => void;
  /** The comment whose reply box is open, if any. */
  replyingTo: string | null;
  onReply: (commentId: string | null) => void;
  onPosted: (comment: Comment) => void;
  onDeleted?: () => void;
  renderActions?: RenderCommentActions;
};

/**
 * A top-level comment and its replies in time order (spec §2). Collapsed, only the first reply shows,
 * with 'Show N more reply/replies'; expanded, all of them with 'Hide replies'. Replies not loaded
 * yet (the first page of threads brings only the first of each) load when asked for, a page at a
 * time.
 */
export function CommentThread({
  postId,
  thread,
  expanded,
  onToggle,
  replyingTo,
  onReply,
  onPosted,
  onDeleted,
  renderActions,
}: CommentThreadProps) {
  const { t } = useTranslation(['comments', 'messages']);
  const rootAuthor = useAuthorOf()(thread.root);
  const repliesId = useId();
  const hidden = hiddenReplyCount(thread, expanded);
  const shown = visibleReplies(thread.replies, expanded);
  const more = useMoreReplies(postId, thread);
  const unloaded = unloadedReplyCount(thread) > 0 && thread.repliesCursor !== null;
  const collapsible = hiddenReplyCount(thread) > 0;

  const loadMore = () => {
    if (more.isPending || !unloaded) return;
    more.mutate(undefined, {
      onError: (error) =>
        notify.error(
          t('messages:repliesLoadFailed'),
          error instanceof ApiError ? error.detail : undefined,
        ),
    });
  };

  // Opening the thread (the toggle, a reply just written, a link to a reply) loads the next
  // page of what is missing; further pages load when asked for.
  const wasExpanded = useRef(expanded);
  useEffect(() => {
    if (expanded && !wasExpanded.current) loadMore();
    wasExpanded.current = expanded;
  });

  const item = (comment: Comment) => (
    <CommentItem
      postId={postId}
      comment={comment}
      replying={replyingTo === comment._id}
      onReply={() => onReply(replyingTo === comment._id ? null : comment._id)}
      onCloseReply={() => onReply(null)}
      onPosted={onPosted}
      onDeleted={onDeleted}
      renderActions={renderActions}
    />
  );

  return (
    <li className={styles.thread}>
      {item(thread.root)}
      {thread.replies.length || unloaded ? (
        <div className={styles.replies}>
          <ul
            id={repliesId}
            className={styles.replyList}
            aria-label={t('comments:thread.replies', { author: rootAuthor })}
          >
            {shown.map((reply) => (
              <li key={reply._id}>{item(reply)}</li>
            ))}
          </ul>
          {expanded && unloaded ? (
            <button
              type="button"
              className={`link-button ${styles.toggle}`}
              aria-controls={repliesId}
              aria-busy={more.isPending || undefined}
              onClick={loadMore}
            >
              {t('comments:thread.moreReplies', { count: hidden })}
            </button>
          ) : null}
          {collapsible ? (
            <button
              type="button"
              className={`link-button ${styles.toggle}`}
              aria-expanded={expanded}
              aria-controls={repliesId}
              aria-busy={(!expanded && more.isPending) || undefined}
              onClick={onToggle}
            >
              {expanded
                ? t('comments:thread.hideReplies')
                : t('comments:thread.moreReplies', { count: hidden })}
            </button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
