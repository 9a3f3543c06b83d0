import { COMMENT_REPLIES_SHOWN_COLLAPSED } from '@symposia/shared';
import type { Comment } from '../types';

/**
 * A top-level comment with the replies of its thread loaded so far (levels 2 and 3), oldest reply
 * first; `replyTotal` is how many the server shows in all, `repliesCursor` where the rest start
 * (GET /comments/{id}/replies), null once all are here.
 */
export type CommentThread = {
  root: Comment;
  replies: Comment[];
  replyTotal: number;
  repliesCursor: string | null;
};

/** Where a reply goes (spec §3 Comment create payload): its parent and the root of the thread. */
export type ReplyTarget = { parentId: string; rootId: string };

/**
 * Comment timestamps carry at most 3 fractional digits (spec §9): a longer fraction (e.g. micro-
 * seconds from another backend) is cut to milliseconds, so every browser parses it the same way.
 */
export function trimFraction(iso: string): string {
  return iso.replace(/(\.\d{3})\d+/, '$1');
}

/** Milliseconds since the epoch; a time that does not parse sorts as the oldest. */
export function commentTime(comment: Pick<Comment, 'createdAt'>): number {
  const time = Date.parse(trimFraction(comment.createdAt));
  return Number.isNaN(time) ? 0 : time;
}

/** The id of the thread a comment belongs to: itself for a top-level one. */
export function threadIdOf(comment: Pick<Comment, '_id' | 'level' | 'rootId' | 'parentId'>) {
  if (comment.level <= 1) return comment._id;
  return comment.rootId ?? comment.parentId ?? comment._id;
}

/**
 * Threads from the flat list the server sends (spec §2 comment list): top-level comments newest
 * first, the replies of each in time order, oldest first. Equal times keep the server's order. A
 * reply whose thread is not in the list is shown as a thread of its own rather than lost.
 */
export function buildThreads(comments: readonly Comment[]): CommentThread[] {
  const indexed = comments.map((comment, index) => ({
    comment,
    index,
    time: commentTime(comment),
  }));
  const roots = indexed.filter(({ comment }) => comment.level <= 1);
  const rootIds = new Set(roots.map(({ comment }) => comment._id));
  const replies = indexed.filter(({ comment }) => comment.level > 1);
  const orphans = replies.filter(({ comment }) => !rootIds.has(threadIdOf(comment)));

  const newestFirst = [...roots, ...orphans].sort((a, b) => b.time - a.time || b.index - a.index);
  const oldestFirst = replies
    .filter(({ comment }) => rootIds.has(threadIdOf(comment)))
    .sort((a, b) => a.time - b.time || a.index - b.index);

  const byRoot = new Map<string, Comment[]>();
  for (const { comment } of oldestFirst) {
    const id = threadIdOf(comment);
    const list = byRoot.get(id);
    if (list) list.push(comment);
    else byRoot.set(id, [comment]);
  }
  return newestFirst.map(({ comment }) => {
    const replies = rootIds.has(comment._id) ? (byRoot.get(comment._id) ?? []) : [];
    return { root: comment, replies, replyTotal: replies.length, repliesCursor: null };
  });
}

/** Replies not loaded yet: how many "Show N more replies" would fetch. */
export function unloadedReplyCount(thread: CommentThread): number {
  return Math.max(0, thread.replyTotal - thread.replies.length);
}

/**
 * A page of replies (GET /comments/{id}/replies) added to the thread: each reply once (one just
 * written may already be there), in time order; `nextCursor` is where the rest now start.
 */
export function mergeReplies(
  thread: CommentThread,
  loaded: readonly Comment[],
  nextCursor: string | null,
): CommentThread {
  const known = new Set(thread.replies.map((reply) => reply._id));
  const added = loaded.filter((reply) => !known.has(reply._id));
  const replies = [...thread.replies, ...added]
    .map((comment, index) => ({ comment, index, time: commentTime(comment) }))
    .sort((a, b) => a.time - b.time || a.index - b.index)
    .map(({ comment }) => comment);
  return {
    ...thread,
    replies,
    replyTotal: Math.max(thread.replyTotal, replies.length),
    repliesCursor: nextCursor,
  };
}

const visible = (comment: Comment) => (comment.deleted ? 0 : 1);

/** How many comments the threads hold, replies included; a '[deleted]' placeholder is none. */
export function countComments(threads: readonly CommentThread[]): number {
  return threads.reduce(
    (total, thread) =>
      total + visible(thread.root) + thread.replies.reduce((sum, reply) => sum + visible(reply), 0),
    0,
  );
}

function contains(threads: readonly CommentThread[], id: string): boolean {
  return threads.some(
    (thread) => thread.root._id === id || thread.replies.some((reply) => reply._id === id),
  );
}

/**
 * A comment just created, put where it belongs (spec §4 New comments): a top-level one at the top;
 * a reply in its root's thread, in time order, and the root's reply count goes up. A comment that
 * is already there (e.g. a refetch was faster) changes nothing.
 */
export function insertComment(
  threads: readonly CommentThread[],
  comment: Comment,
): CommentThread[] {
  if (contains(threads, comment._id)) return [...threads];
  const threadId = threadIdOf(comment);
  const index =
    comment.level <= 1
      ? -1
      : threads.findIndex(
          (thread) =>
            thread.root._id === threadId ||
            thread.replies.some((reply) => reply._id === comment.parentId),
        );
  if (index === -1) {
    return [{ root: comment, replies: [], replyTotal: 0, repliesCursor: null }, ...threads];
  }

  const thread = threads[index]!;
  const time = commentTime(comment);
  const after = thread.replies.findIndex((reply) => commentTime(reply) > time);
  const replies = [...thread.replies];
  replies.splice(after === -1 ? replies.length : after, 0, comment);
  const root = {
    ...thread.root,
    replyCount: Math.max(thread.root.replyCount ?? 0, thread.replies.length) + 1,
  };
  const replyTotal = Math.max(thread.replyTotal, thread.replies.length) + 1;
  return threads.map((current, i) =>
    i === index ? { ...thread, root, replies, replyTotal } : current,
  );
}

/** Applies a change (e.g. a like) to one comment wherever it is; the other threads stay as they are. */
export function updateComment(
  threads: readonly CommentThread[],
  id: string,
  change: Partial<Omit<Comment, '_id'>>,
): CommentThread[] {
  return threads.map((thread) => {
    if (thread.root._id === id) return { ...thread, root: { ...thread.root, ...change } };
    if (!thread.replies.some((reply) => reply._id === id)) return thread;
    return {
      ...thread,
      replies: thread.replies.map((reply) => (reply._id === id ? { ...reply, ...change } : reply)),
    };
  });
}

/**
 * What a deleted comment with replies becomes (as the server lists it): no author, no
 * text, no likes, so its replies keep their place under '[deleted]'.
 */
export function deletedPlaceholder(comment: Comment): Comment {
  return {
    ...comment,
    deleted: true,
    userId: '',
    username: '',
    avatar: '',
    content: '',
    imageUrl: '',
    likes: 0,
    liked: false,
    edited_at: null,
  };
}

const hasReplies = (replies: readonly Comment[], id: string) =>
  replies.some((reply) => reply.parentId === id);

/**
 * A comment just deleted, taken out of the threads: one that has replies stays as a
 * '[deleted]' placeholder, one without leaves; a placeholder left without replies leaves too (its
 * last reply was the one deleted), as the server would no longer list it.
 */
export function removeComment(threads: readonly CommentThread[], id: string): CommentThread[] {
  const next: CommentThread[] = [];
  for (const thread of threads) {
    let replies = thread.replies.map((reply) =>
      reply._id === id && hasReplies(thread.replies, id) ? deletedPlaceholder(reply) : reply,
    );
    replies = replies.filter((reply) => reply._id !== id || reply.deleted);
    // Placeholders left without replies go; removing one can leave its own parent bare, so repeat
    // (at most once per reply) until none is left.
    for (let round = 0; round < thread.replies.length; round += 1) {
      const kept = replies.filter((reply) => !reply.deleted || hasReplies(replies, reply._id));
      if (kept.length === replies.length) break;
      replies = kept;
    }
    let root = thread.root;
    if (root._id === id) root = deletedPlaceholder(root);
    if (root.deleted && replies.length === 0) continue;
    const changed =
      root !== thread.root || replies.some((reply, index) => reply !== thread.replies[index]);
    if (!changed && replies.length === thread.replies.length) {
      next.push(thread);
      continue;
    }
    const removed = thread.replies.length - replies.length;
    root = {
      ...root,
      replyCount: Math.max(
        replies.filter((reply) => !reply.deleted).length,
        (root.replyCount ?? 0) - (thread.replies.some((reply) => reply._id === id) ? 1 : 0),
      ),
    };
    next.push({ ...thread, root, replies, replyTotal: Math.max(0, thread.replyTotal - removed) });
  }
  return next;
}

/** The comment with this id, wherever it is. */
export function findComment(threads: readonly CommentThread[], id: string): Comment | undefined {
  for (const thread of threads) {
    if (thread.root._id === id) return thread.root;
    const reply = thread.replies.find((candidate) => candidate._id === id);
    if (reply) return reply;
  }
  return undefined;
}

/** The replies on show: the first few while collapsed (spec §9), all of them when expanded. */
export function visibleReplies(replies: readonly Comment[], expanded: boolean): readonly Comment[] {
  return expanded ? replies : replies.slice(0, COMMENT_REPLIES_SHOWN_COLLAPSED);
}

/**
 * How many replies the thread does not show: collapsed, all but the first few loaded (loaded or
 * not); expanded, those not loaded yet.
 */
export function hiddenReplyCount(thread: CommentThread, expanded = false): number {
  const total = Math.max(thread.replyTotal, thread.replies.length);
  if (expanded) return unloadedReplyCount(thread);
  return Math.max(0, total - Math.min(thread.replies.length, COMMENT_REPLIES_SHOWN_COLLAPSED));
}

/**
 * Replying to a comment: a top-level comment starts its thread (rootId = itself); a reply to a
 * reply stays in the same thread (rootId = its root) and, being a reply to a deeper reply, starts
 * with '@name ' (spec §2).
 */
export function replyTargetOf(comment: Comment): ReplyTarget {
  return { parentId: comment._id, rootId: threadIdOf(comment) };
}

export function mentionPrefixOf(comment: Comment): string {
  return comment.level >= 2 ? `@${comment.username} ` : '';
}

/**
 * Whether the text of the editor can be sent (spec §5): not empty, not only whitespace, and not only
 * the '@name' the reply box started with.
 */
export function canSubmitComment(text: string, prefix = ''): boolean {
  const trimmed = text.trim();
  return trimmed.length > 0 && trimmed !== prefix.trim();
}
