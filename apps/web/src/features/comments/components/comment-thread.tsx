import { useId } from 'react';
import type { Comment } from '../types';
import {
  HIDE_REPLIES_LABEL,
  hiddenReplyCount,
  moreRepliesLabel,
  visibleReplies,
  type CommentThread as Thread,
} from '../utils/threads';
import { CommentItem, authorOf, type RenderCommentActions } from './comment-item';
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
 * with 'Show N more reply/replies'; expanded, all of them with 'Hide replies'.
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
  const repliesId = useId();
  const hidden = hiddenReplyCount(thread.replies);
  const shown = visibleReplies(thread.replies, expanded);

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
      {thread.replies.length ? (
        <div className={styles.replies}>
          <ul
            id={repliesId}
            className={styles.replyList}
            aria-label={`Replies to ${authorOf(thread.root)}`}
          >
            {shown.map((reply) => (
              <li key={reply._id}>{item(reply)}</li>
            ))}
          </ul>
          {hidden > 0 ? (
            <button
              type="button"
              className={`link-button ${styles.toggle}`}
              aria-expanded={expanded}
              aria-controls={repliesId}
              onClick={onToggle}
            >
              {expanded ? HIDE_REPLIES_LABEL : moreRepliesLabel(hidden)}
            </button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
