import { useId, useRef, useState } from 'react';
import { MESSAGES } from '@symposia/shared';
import type { Comment } from '../types';
import { QueryStatus } from '@/components/ui/query-status/query-status';
import { ApiError } from '@/lib/api-client';
import { useComments } from '../api/get-comments';
import { draftKey, readDraft } from '../utils/drafts';
import { countComments, threadIdOf } from '../utils/threads';
import { CommentComposer } from './comment-composer';
import { CommentThread } from './comment-thread';
import styles from './comments-section.module.css';

export const COMMENTS_LOAD_FAILED = MESSAGES.commentsLoadFailed;

type CommentsSectionProps = {
  postId: string;
  /** A comment was just created (e.g. to update the post's comment count). */
  onCommentCreated?: (comment: Comment) => void;
  /** A comment was just deleted. */
  onCommentDeleted?: () => void;
};

/**
 * The comments of a post (spec §2 Post detail, §4 New comments): 'Comments' with the count, 'Write a
 * Comment', then the threads, top-level newest first. A new comment shows at once: at the top, or in
 * its thread, which opens. Loading, a failed load (with Retry) and no comments each say so.
 */
export function CommentsSection({
  postId,
  onCommentCreated,
  onCommentDeleted,
}: CommentsSectionProps) {
  const headingId = useId();
  const editorId = useId();
  const query = useComments(postId, { throwOnError: (error) => !(error instanceof ApiError) });
  // A draft left from before (a sign-in, a reload) opens the box with its text.
  const [writing, setWriting] = useState(() => readDraft(draftKey(postId, null)) !== null);
  const [replyingTo, setReplyingTo] = useState<string | null>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const writeButton = useRef<HTMLButtonElement>(null);
  const editorBox = useRef<HTMLDivElement>(null);

  const threads = query.data;
  const total = threads ? countComments(threads) : null;

  const expand = (rootId: string) =>
    setExpanded((current) => (current.has(rootId) ? current : new Set(current).add(rootId)));

  const toggle = (rootId: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(rootId)) next.add(rootId);
      return next;
    });

  const posted = (comment: Comment) => {
    if (comment.level > 1) expand(threadIdOf(comment));
    onCommentCreated?.(comment);
  };

  const closeEditor = () => {
    writeButton.current?.focus();
    setWriting(false);
  };

  return (
    <section className={styles.section} aria-labelledby={headingId} data-post-id={postId}>
      <div className={styles.header}>
        <h2 id={headingId} className={styles.title}>
          Comments
          {total !== null ? <span className={styles.count}> ({total})</span> : null}
        </h2>
        <button
          ref={writeButton}
          type="button"
          className="button button-primary"
          aria-expanded={writing}
          aria-controls={editorId}
          onClick={() => {
            if (writing) editorBox.current?.querySelector('textarea')?.focus();
            else setWriting(true);
          }}
        >
          Write a Comment
        </button>
      </div>

      <div id={editorId} ref={editorBox}>
        {writing ? (
          <div className={styles.editor}>
            <CommentComposer
              postId={postId}
              label="Your comment"
              onPosted={(comment) => {
                closeEditor();
                posted(comment);
              }}
              onCancel={closeEditor}
            />
          </div>
        ) : null}
      </div>

      {threads ? (
        threads.length ? (
          <ol className={styles.threads} aria-label="Comments">
            {threads.map((thread) => (
              <CommentThread
                key={thread.root._id}
                postId={postId}
                thread={thread}
                expanded={expanded.has(thread.root._id)}
                onToggle={() => toggle(thread.root._id)}
                replyingTo={replyingTo}
                onReply={setReplyingTo}
                onPosted={posted}
                onDeleted={onCommentDeleted}
              />
            ))}
          </ol>
        ) : (
          <p className={styles.empty}>{MESSAGES.noComments}</p>
        )
      ) : (
        <QueryStatus
          query={query}
          loading="Loading comments…"
          failed={COMMENTS_LOAD_FAILED}
          classNames={{
            loading: styles.status,
            error: styles.loadError,
            details: styles.errorDetails,
          }}
        />
      )}
    </section>
  );
}
