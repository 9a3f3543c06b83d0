import { describe, expect, it } from 'vitest';
import { COMMENT_REPLIES_SHOWN_COLLAPSED } from '@symposia/shared';
import { makeComment, makeReply } from '../testing/fixtures';
import {
  buildThreads,
  canSubmitComment,
  commentTime,
  countComments,
  deletedPlaceholder,
  findComment,
  hiddenReplyCount,
  insertComment,
  mentionPrefixOf,
  mergeReplies,
  unloadedReplyCount,
  removeComment,
  replyTargetOf,
  trimFraction,
  updateComment,
  visibleReplies,
} from './threads';

const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, seconds)).toISOString();
const ids = (list: readonly { _id: string }[]) => list.map((comment) => comment._id);

describe('buildThreads', () => {
  it('puts top-level comments newest first and each thread’s replies oldest first', () => {
    const a = makeComment({ _id: 'a', createdAt: at(1) });
    const b = makeComment({ _id: 'b', createdAt: at(5) });
    const a1 = makeReply(a, { _id: 'a1', createdAt: at(2) });
    const a2 = makeReply(a1, { _id: 'a2', createdAt: at(3) }); // level 3, same thread
    const b1 = makeReply(b, { _id: 'b1', createdAt: at(6) });
    const a3 = makeReply(a, { _id: 'a3', createdAt: at(7) });

    // The server sends oldest first; shuffle to prove the order comes from the times.
    const threads = buildThreads([a3, b1, a, a2, b, a1]);

    expect(threads.map((thread) => thread.root._id)).toEqual(['b', 'a']);
    expect(ids(threads[0]!.replies)).toEqual(['b1']);
    expect(ids(threads[1]!.replies)).toEqual(['a1', 'a2', 'a3']);
  });

  it('keeps the server’s order for equal times (later one first at the top level)', () => {
    const first = makeComment({ _id: 'first', createdAt: at(1) });
    const second = makeComment({ _id: 'second', createdAt: at(1) });
    const r1 = makeReply(first, { _id: 'r1', createdAt: at(2) });
    const r2 = makeReply(first, { _id: 'r2', createdAt: at(2) });

    const threads = buildThreads([first, second, r1, r2]);

    expect(threads.map((thread) => thread.root._id)).toEqual(['second', 'first']);
    expect(ids(threads[1]!.replies)).toEqual(['r1', 'r2']);
  });

  it('finds the thread of a reply by its parent when rootId is missing', () => {
    const root = makeComment({ _id: 'root', createdAt: at(1) });
    const reply = makeComment({
      _id: 'reply',
      level: 2,
      parentId: 'root',
      rootId: null,
      createdAt: at(2),
    });
    expect(ids(buildThreads([root, reply])[0]!.replies)).toEqual(['reply']);
  });

  it('shows a reply whose thread is missing as a thread of its own', () => {
    const orphan = makeComment({ _id: 'orphan', level: 2, parentId: 'gone', rootId: 'gone' });
    const threads = buildThreads([orphan]);
    expect(threads).toEqual([{ root: orphan, replies: [], replyTotal: 0, repliesCursor: null }]);
  });

  it('answers no threads for no comments', () => {
    expect(buildThreads([])).toEqual([]);
  });
});

describe('trimFraction / commentTime', () => {
  it('cuts fractions longer than 3 digits to milliseconds', () => {
    expect(trimFraction('2026-01-01T00:00:00.123456Z')).toBe('2026-01-01T00:00:00.123Z');
    expect(trimFraction('2026-01-01T00:00:00.123Z')).toBe('2026-01-01T00:00:00.123Z');
    expect(trimFraction('2026-01-01T00:00:00Z')).toBe('2026-01-01T00:00:00Z');
    expect(commentTime({ createdAt: '2026-01-01T00:00:00.123999+00:00' })).toBe(
      Date.UTC(2026, 0, 1, 0, 0, 0, 123),
    );
  });

  it('reads a time that does not parse as the oldest', () => {
    expect(commentTime({ createdAt: 'yesterday' })).toBe(0);
  });
});

describe('insertComment', () => {
  const a = makeComment({ _id: 'a', createdAt: at(1), replyCount: 2 });
  const b = makeComment({ _id: 'b', createdAt: at(2) });
  const a1 = makeReply(a, { _id: 'a1', createdAt: at(3) });
  const a2 = makeReply(a, { _id: 'a2', createdAt: at(4) });
  const threads = buildThreads([a, b, a1, a2]);

  it('puts a new top-level comment at the top', () => {
    const fresh = makeComment({ _id: 'new', createdAt: at(10) });
    const next = insertComment(threads, fresh);
    expect(next.map((thread) => thread.root._id)).toEqual(['new', 'b', 'a']);
    expect(next[0]!.replies).toEqual([]);
    expect(threads.map((thread) => thread.root._id)).toEqual(['b', 'a']); // not mutated
  });

  it('adds a level 2 reply at the end of its root’s thread and counts it', () => {
    const reply = makeReply(a, { _id: 'a3', createdAt: at(10) });
    const next = insertComment(threads, reply);
    const thread = next.find((candidate) => candidate.root._id === 'a')!;
    expect(ids(thread.replies)).toEqual(['a1', 'a2', 'a3']);
    expect(thread.root.replyCount).toBe(3);
    expect(next[0]).toBe(threads[0]); // other threads untouched
  });

  it('adds a level 3 reply to the thread of its root, not of its parent', () => {
    const deep = makeReply(a1, { _id: 'deep', createdAt: at(11) });
    expect(deep).toMatchObject({ level: 3, parentId: 'a1', rootId: 'a' });
    const thread = insertComment(threads, deep).find((candidate) => candidate.root._id === 'a')!;
    expect(ids(thread.replies)).toEqual(['a1', 'a2', 'deep']);
  });

  it('keeps time order when the new reply is older than the last one', () => {
    const early = makeReply(a, {
      _id: 'early',
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, 3, 500)).toISOString(),
    });
    const thread = insertComment(threads, early).find((candidate) => candidate.root._id === 'a')!;
    expect(ids(thread.replies)).toEqual(['a1', 'early', 'a2']);
  });

  it('starts counting from the replies when the root has no replyCount', () => {
    const next = insertComment(threads, makeReply(b, { _id: 'b1' }));
    expect(next.find((thread) => thread.root._id === 'b')!.root.replyCount).toBe(1);
  });

  it('changes nothing for a comment already there', () => {
    expect(insertComment(threads, a1)).toEqual(threads);
    expect(insertComment(threads, b)).toEqual(threads);
  });
});

describe('updateComment / findComment', () => {
  const root = makeComment({ _id: 'root', likes: 1 });
  const reply = makeReply(root, { _id: 'reply', likes: 0 });
  const threads = buildThreads([root, reply]);

  it('changes a top-level comment or a reply in place', () => {
    expect(updateComment(threads, 'root', { liked: true, likes: 2 })[0]!.root).toMatchObject({
      liked: true,
      likes: 2,
    });
    const next = updateComment(threads, 'reply', { liked: true, likes: 1 });
    expect(findComment(next, 'reply')).toMatchObject({ liked: true, likes: 1 });
    expect(findComment(threads, 'reply')).toMatchObject({ liked: false, likes: 0 });
  });

  it('leaves everything as it was for an unknown id', () => {
    expect(updateComment(threads, 'nope', { likes: 9 })).toEqual(threads);
    expect(findComment(threads, 'nope')).toBeUndefined();
  });
});

describe('collapsed threads', () => {
  const root = makeComment();
  const replies = [makeReply(root), makeReply(root), makeReply(root)];

  it('shows the first reply collapsed and all of them expanded', () => {
    expect(COMMENT_REPLIES_SHOWN_COLLAPSED).toBe(1);
    expect(visibleReplies(replies, false)).toEqual(replies.slice(0, 1));
    expect(visibleReplies(replies, true)).toEqual(replies);
    const thread = (loaded: typeof replies, replyTotal = loaded.length) => ({
      root,
      replies: loaded,
      replyTotal,
      repliesCursor: replyTotal > loaded.length ? 'next' : null,
    });
    expect(hiddenReplyCount(thread(replies))).toBe(2);
    expect(hiddenReplyCount(thread(replies.slice(0, 1)))).toBe(0);
    expect(hiddenReplyCount(thread([]))).toBe(0);
    // Not loaded yet: counted from the server's total.
    expect(hiddenReplyCount(thread(replies.slice(0, 1), 7))).toBe(6);
    expect(hiddenReplyCount(thread(replies.slice(0, 1), 7), true)).toBe(6);
    expect(hiddenReplyCount(thread(replies, 7), true)).toBe(4);
    expect(hiddenReplyCount(thread(replies), true)).toBe(0);
    // Its first reply deleted here, the rest not loaded: all of them.
    expect(hiddenReplyCount(thread([], 2))).toBe(2);
  });

  it('counts every comment, replies included', () => {
    expect(countComments(buildThreads([root, ...replies, makeComment()]))).toBe(5);
  });
});

describe('replying', () => {
  const root = makeComment({ _id: 'root', username: 'alice' });
  const child = makeReply(root, { _id: 'child', username: 'bob' });
  const grandchild = makeReply(child, { _id: 'grandchild', username: 'carol' });

  it('sends the parent and the thread’s root', () => {
    expect(replyTargetOf(root)).toEqual({ parentId: 'root', rootId: 'root' });
    expect(replyTargetOf(child)).toEqual({ parentId: 'child', rootId: 'root' });
    expect(replyTargetOf(grandchild)).toEqual({ parentId: 'grandchild', rootId: 'root' });
  });

  it('starts a reply to a reply with @name', () => {
    expect(mentionPrefixOf(root)).toBe('');
    expect(mentionPrefixOf(child)).toBe('@bob ');
    expect(mentionPrefixOf(grandchild)).toBe('@carol ');
  });

  it('refuses empty, whitespace-only and @name-only text', () => {
    expect(canSubmitComment('')).toBe(false);
    expect(canSubmitComment(' \n\t ')).toBe(false);
    expect(canSubmitComment(' hello ')).toBe(true);
    expect(canSubmitComment('@bob ', '@bob ')).toBe(false);
    expect(canSubmitComment('@bob   ', '@bob ')).toBe(false);
    expect(canSubmitComment('@bob thanks', '@bob ')).toBe(true);
    expect(canSubmitComment('thanks', '@bob ')).toBe(true);
  });
});

describe('removeComment', () => {
  const root = makeComment({ _id: 'root', createdAt: at(1), replyCount: 3 });
  const child = makeReply(root, { _id: 'child', createdAt: at(2) });
  const grandchild = makeReply(child, { _id: 'grandchild', createdAt: at(3) });
  const sibling = makeReply(root, { _id: 'sibling', createdAt: at(4) });
  const lone = makeComment({ _id: 'lone', createdAt: at(5) });
  const threads = buildThreads([root, child, grandchild, sibling, lone]);
  const replyIds = (list: ReturnType<typeof buildThreads>, id: string) =>
    ids(list.find((thread) => thread.root._id === id)?.replies ?? []);

  it('takes out a comment without replies, and the root counts one reply fewer', () => {
    const next = removeComment(threads, 'sibling');
    expect(replyIds(next, 'root')).toEqual(['child', 'grandchild']);
    expect(next.find((thread) => thread.root._id === 'root')?.root.replyCount).toBe(2);
    expect(ids(removeComment(threads, 'lone').map((thread) => thread.root))).toEqual(['root']);
  });

  it('leaves a comment with replies in place as a placeholder with no author, text or likes', () => {
    const next = removeComment(threads, 'root');
    const placeholder = next.find((thread) => thread.root._id === 'root')!.root;
    expect(placeholder).toMatchObject({
      deleted: true,
      userId: '',
      username: '',
      content: '',
      likes: 0,
      edited_at: null,
    });
    expect(replyIds(next, 'root')).toEqual(['child', 'grandchild', 'sibling']);

    const middle = removeComment(threads, 'child');
    expect(findComment(middle, 'child')).toMatchObject({ deleted: true, level: 2 });
    expect(replyIds(middle, 'root')).toEqual(['child', 'grandchild', 'sibling']);
  });

  it("a placeholder whose last reply goes leaves too, up to the thread's root", () => {
    let next = removeComment(removeComment(threads, 'root'), 'child');
    next = removeComment(next, 'sibling');
    expect(replyIds(next, 'root')).toEqual(['child', 'grandchild']);
    next = removeComment(next, 'grandchild');
    expect(ids(next.map((thread) => thread.root))).toEqual(['lone']);
  });

  it('leaves everything else as it was and an unknown id changes nothing', () => {
    expect(removeComment(threads, 'nope')).toEqual(threads);
    expect(removeComment(threads, 'lone')[0]).toBe(threads[1]);
  });

  it('counts placeholders as no comment', () => {
    expect(countComments(threads)).toBe(5);
    expect(countComments(removeComment(threads, 'root'))).toBe(4);
    expect(deletedPlaceholder(root).deleted).toBe(true);
  });
});

describe('mergeReplies', () => {
  const root = makeComment({ _id: 'root', createdAt: at(1) });
  const r1 = makeReply(root, { _id: 'r1', createdAt: at(2) });
  const r2 = makeReply(root, { _id: 'r2', createdAt: at(3) });
  const r3 = makeReply(r1, { _id: 'r3', createdAt: at(4) });
  const mine = makeReply(root, { _id: 'mine', createdAt: at(9) });

  it('adds a page after the first reply and takes its cursor', () => {
    const thread = { root, replies: [r1], replyTotal: 3, repliesCursor: 'after-r1' };
    const merged = mergeReplies(thread, [r2, r3], null);
    expect(ids(merged.replies)).toEqual(['r1', 'r2', 'r3']);
    expect(merged).toMatchObject({ replyTotal: 3, repliesCursor: null });
    expect(unloadedReplyCount(merged)).toBe(0);
  });

  it('keeps a reply just written once, in time order, when the page brings it again', () => {
    const [thread] = insertComment(
      [{ root, replies: [r1], replyTotal: 3, repliesCursor: 'after-r1' }],
      mine,
    );
    expect(ids(thread!.replies)).toEqual(['r1', 'mine']);
    expect(thread!.replyTotal).toBe(4);
    expect(unloadedReplyCount(thread!)).toBe(2);
    const merged = mergeReplies(thread!, [r2, r3, mine], null);
    expect(ids(merged.replies)).toEqual(['r1', 'r2', 'r3', 'mine']);
    expect(unloadedReplyCount(merged)).toBe(0);
  });

  it('counts what a deletion took out of a partly loaded thread', () => {
    const thread = { root, replies: [r1, r2], replyTotal: 5, repliesCursor: 'after-r2' };
    const [after] = removeComment([thread], 'r2');
    expect(ids(after!.replies)).toEqual(['r1']);
    expect(after).toMatchObject({ replyTotal: 4, repliesCursor: 'after-r2' });
  });
});
