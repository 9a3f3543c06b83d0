import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { Comment } from '../types';
import { QueryStatus } from '@/components/ui/query-status/query-status';
import { commentAnchor } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { threadsOf, useComments } from '../api/get-comments';
import { draftKey, readDraft } from '../utils/drafts';
import { threadIdOf, type CommentThread as Thread } from '../utils/threads';
import { CommentComposer } from './comment-composer';
import type { RenderCommentActions } from './comment-item';
import { CommentThread } from './comment-thread';
import spread from '@/components/ui/spread-row/spread-row.module.css';
import styles from './comments-section.module.css';

/** How far below the screen the next page starts loading, so scrolling rarely waits for it. */
const PREFETCH_MARGIN = '600px';

/**
 * Calls `load` whenever the returned element comes near the screen (IntersectionObserver); the
 * element holds a "Load more" button for keyboards and browsers without the observer.
 */
function useLoadWhenSeen(load: () => void, active: boolean) {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const latest = useRef(load);
  useEffect(() => {
    latest.current = load;
  }, [load]);
  useEffect(() => {
    if (!element || !active || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: `0px 0px ${PREFETCH_MARGIN} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, active]);
  return setElement;
}

type CommentsSectionProps = {
  postId: string;
  /** A comment was just created (e.g. to update the post's comment count). */
  onCommentCreated?: (comment: Comment) => void;
  /** A comment was just deleted. */
  onCommentDeleted?: () => void;
  /** What the app adds to each comment's actions (e.g. Report). */
  renderCommentActions?: RenderCommentActions;
};

/** The comment an address points at (`#comment-{id}`, paths.postDetail.comment), if any. */
function linkedCommentId(hash: string): string | null {
  const prefix = `#${commentAnchor('')}`;
  if (!hash.startsWith(prefix)) return null;
  try {
    return decodeURIComponent(hash.slice(prefix.length)) || null;
  } catch {
    return null;
  }
}

/** The thread that holds the comment, when it is a reply (its root needs no opening). */
function threadOfReply(threads: readonly Thread[], id: string): string | null {
  const thread = threads.find((candidate) => candidate.replies.some((reply) => reply._id === id));
  return thread ? thread.root._id : null;
}

/**
 * An address with `#comment-{id}` (a notification's link) scrolls to that comment once the
 * comments are there, opening its thread if the reply is folded away, and moves focus to it. A
 * comment not loaded yet is looked for in the next pages of threads (`findMore`) until found.
 */
function useScrollToLinkedComment(
  threads: readonly Thread[] | undefined,
  expand: (rootId: string) => void,
  findMore: () => void,
) {
  const { hash } = useLocation();
  const linked = linkedCommentId(hash);
  const [opened, setOpened] = useState<string | null>(null);
  const scrolled = useRef<string | null>(null);
  const loaded =
    threads !== undefined &&
    linked !== null &&
    threads.some(
      (thread) =>
        thread.root._id === linked || thread.replies.some((reply) => reply._id === linked),
    );

  // Adjusting state while rendering (react.dev "you might not need an effect"): open once per link.
  if (threads && linked && loaded && opened !== linked) {
    setOpened(linked);
    const rootId = threadOfReply(threads, linked);
    if (rootId) expand(rootId);
  }

  useEffect(() => {
    if (threads && linked && !loaded && scrolled.current !== linked) findMore();
  }, [threads, linked, loaded, findMore]);

  useEffect(() => {
    if (!threads || !linked || opened !== linked || scrolled.current === linked) return;
    const element = document.getElementById(commentAnchor(linked));
    if (!element) return;
    scrolled.current = linked;
    element.scrollIntoView({ block: 'center' });
    element.focus({ preventScroll: true });
  }, [threads, linked, opened]);
}

/**
 * The comments of a post (spec §2 Post detail, §4 New comments): 'Comments' with the count, 'Write a
 * Comment', then the threads, top-level newest first. A new comment shows at once: at the top, or in
 * its thread, which opens. Loading, a failed load (with Retry) and no comments each say so.
 */
export function CommentsSection({
  postId,
  onCommentCreated,
  onCommentDeleted,
  renderCommentActions,
}: CommentsSectionProps) {
  const { t } = useTranslation(['comments', 'messages']);
  const headingId = useId();
  const editorId = useId();
  const query = useComments(postId, { throwOnError: (error) => !(error instanceof ApiError) });
  // A draft left from before (a sign-in, a reload) opens the box with its text.
  const [writing, setWriting] = useState(() => readDraft(draftKey(postId, null)) !== null);
  const [replyingTo, setReplyingTo] = useState<string | null>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const writeButton = useRef<HTMLButtonElement>(null);
  const editorBox = useRef<HTMLDivElement>(null);

  const threads = useMemo(() => threadsOf(query.data), [query.data]);
  const total = query.data?.pages[0]?.total ?? null;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const expand = useCallback(
    (rootId: string) =>
      setExpanded((current) => (current.has(rootId) ? current : new Set(current).add(rootId))),
    [],
  );

  // A linked comment not loaded yet: the next page of threads, then, with all of them here, the
  // replies of the first thread that has more (opening a thread loads them).
  const findMore = useCallback(() => {
    if (hasNextPage) {
      loadMore();
      return;
    }
    // One thread at a time: wait while an opened one still has replies to bring.
    const more = (thread: Thread) => thread.repliesCursor !== null;
    if (threads?.some((thread) => more(thread) && expanded.has(thread.root._id))) return;
    const folded = threads?.find((thread) => more(thread) && !expanded.has(thread.root._id));
    if (folded) expand(folded.root._id);
  }, [hasNextPage, loadMore, threads, expanded, expand]);

  useScrollToLinkedComment(threads, expand, findMore);
  // Observed afresh after each page, so a sentinel still on screen loads the next one too.
  const sentinel = useLoadWhenSeen(loadMore, Boolean(hasNextPage) && !isFetchingNextPage);

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
      <div className={spread.row}>
        <h2 id={headingId} className={styles.title}>
          {t('comments:section.title')}
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
          {t('comments:section.write')}
        </button>
      </div>

      <div id={editorId} ref={editorBox}>
        {writing ? (
          <div className={styles.editor}>
            <CommentComposer
              postId={postId}
              label={t('comments:section.yourComment')}
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
          <ol className={styles.threads} aria-label={t('comments:section.list')}>
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
                renderActions={renderCommentActions}
              />
            ))}
          </ol>
        ) : (
          <p className={styles.empty}>{t('messages:noComments')}</p>
        )
      ) : null}

      {threads && hasNextPage ? (
        <div ref={sentinel} className={styles.more}>
          <button
            type="button"
            className="button button-secondary"
            aria-busy={isFetchingNextPage || undefined}
            // Not `disabled`: the button keeps keyboard focus while the page loads.
            aria-disabled={isFetchingNextPage || undefined}
            onClick={loadMore}
          >
            {isFetchingNextPage
              ? t('comments:section.loadingMore')
              : t('comments:section.loadMore')}
          </button>
        </div>
      ) : null}
      {threads && query.isFetchNextPageError ? (
        <p className={styles.loadError} role="alert">
          {t('messages:commentsLoadFailed')}
        </p>
      ) : null}

      {threads ? null : (
        <QueryStatus
          query={query}
          loading={t('comments:section.loading')}
          failed={t('messages:commentsLoadFailed')}
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
