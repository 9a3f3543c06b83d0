import type { PostDetail, PostListItem } from '@symposia/shared';
import { MESSAGES } from '@symposia/shared';
import { expect, it } from 'vitest';
import {
  describeEachServerDatabase,
  publish,
  registerMember,
  ServerProcess,
  type Member,
  type TestDatabase,
} from '../../test/server-process.js';

/**
 * One member toggles likes in a loop while anonymous visitors read the forum and the post. Each
 * toggle used to empty every public cache of the process (the content version moved) and add a
 * row to `contribution_events` (+1, then −1, forever). Now a like's count reaches the caches at
 * most once per LIKE_COUNT_INTERVAL_MS per post, a toggle undoing a like of the last
 * LIKE_UNDO_WINDOW_SECONDS removes that like's row instead of adding a reversal, and likes are
 * rate limited per member (LIKE_RATE_LIMIT_*).
 */

const TOGGLES = 2000;
// Anonymous readers hitting the list and the post while the toggles run.
const READERS = 4;
const READ_PAUSE_MS = 2;
// With the default interval (1 s) and cache lifetime (1 s), each of the two addresses misses
// about twice a second; the readers ask far more often than that.
const MIN_HIT_RATIO = 0.8;
// The post and the comment of the loop each keep at most three rows: the first like and its
// undoing (the pair's first row stays, so later epochs know the pair was seen), and the latest
// like (repositories/contribution-writes.ts, undoRecentLike).
const MAX_EVENT_GROWTH = 6;
const COUNT_INTERVAL_MS = 1000;

async function eventCount(database: TestDatabase): Promise<number> {
  const [row] = await database.query<{ n: number | string }>(
    'select count(*) as n from contribution_events',
  );
  return Number(row?.n ?? 0);
}

async function toggle(server: ServerProcess, member: Member, path: string) {
  const response = await fetch(server.url(path), { method: 'POST', headers: member.headers });
  const text = await response.text();
  return { status: response.status, body: text };
}

/** A comment by `member` on the post; its id. */
async function commentOn(server: ServerProcess, member: Member, postId: string): Promise<string> {
  const response = await fetch(server.url('/api/v1/comments/create'), {
    method: 'POST',
    headers: { ...member.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ postId, content: 'a comment to like' }),
  });
  const text = await response.text();
  expect(response.status, text).toBe(201);
  return (JSON.parse(text) as { _id: string })._id;
}

async function json<T>(server: ServerProcess, path: string, member?: Member): Promise<T> {
  const response = await fetch(server.url(path), { headers: member?.headers ?? {} });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

describeEachServerDatabase('likes toggled in a loop', (open, dialect) => {
  it('2,000 toggles by one member: caches keep hitting, events grow by a constant', async () => {
    const database = await open();
    const server = await ServerProcess.start(database, {
      WORKER_CONCURRENCY: '0',
      // The limiter has its own test below; here every toggle goes through.
      LIKE_RATE_LIMIT_MAX: '1000000',
    });
    const author = await registerMember(server, 'author');
    const liker = await registerMember(server, 'liker');
    const postId = await publish(server, author, { title: 'Liked in a loop' }, [
      { name: 'paper.txt', content: 'the paper', type: 'text/plain' },
    ]);
    const commentId = await commentOn(server, author, postId);
    const eventsBefore = await eventCount(database);

    let done = false;
    let hits = 0;
    let reads = 0;
    const readers = Array.from({ length: READERS }, async (_, lane) => {
      const path = lane % 2 === 0 ? '/api/v1/media/list' : `/api/v1/media/${postId}`;
      while (!done) {
        const response = await fetch(server.url(path));
        await response.arrayBuffer();
        expect(response.status).toBe(200);
        reads += 1;
        if (response.headers.get('x-cache') === 'hit') hits += 1;
        // Visitors at a steady pace, leaving the server time for the toggles on a busy machine.
        await new Promise((resolve) => setTimeout(resolve, READ_PAUSE_MS));
      }
    });

    // Half on the post, half on its comment, the two loops side by side; the member's own view
    // (liked state and count) follows each toggle at once.
    const liked = { post: false, comment: false };
    const ownThreadCount = async () => {
      const thread = await json<{ _id: string; likes: number }[]>(
        server,
        `/api/v1/comments/post/${postId}`,
        liker,
      );
      return thread.find((comment) => comment._id === commentId)?.likes;
    };
    const loop = async (target: 'post' | 'comment') => {
      const path =
        target === 'post' ? `/api/v1/media/${postId}/like` : `/api/v1/comments/${commentId}/like`;
      for (let index = 0; index < TOGGLES / 2; index += 1) {
        const answer = await toggle(server, liker, path);
        expect(answer.status, answer.body).toBe(200);
        liked[target] = !liked[target];
        if (target === 'post' && index % 50 === 0) {
          const own = await json<PostDetail>(server, `/api/v1/media/${postId}`, liker);
          expect(own).toMatchObject({ liked: liked.post, likes: liked.post ? 1 : 0 });
          const ownList = await json<PostListItem[]>(server, '/api/v1/media/list', liker);
          expect(ownList.find((post) => post.id === postId)).toMatchObject({
            liked: liked.post,
            likes: liked.post ? 1 : 0,
          });
        }
        if (target === 'comment' && index % 50 === 0) {
          expect(await ownThreadCount()).toBe(liked.comment ? 1 : 0);
        }
      }
    };
    const started = performance.now();
    try {
      await Promise.all([loop('post'), loop('comment')]);
    } finally {
      // Readers stop (and their failures are reported) however the loops ended.
      done = true;
      await Promise.allSettled(readers);
    }
    const seconds = (performance.now() - started) / 1000;
    await Promise.all(readers);
    const postLiked = liked.post;
    const commentLiked = liked.comment;
    const growth = (await eventCount(database)) - eventsBefore;
    const ratio = hits / Math.max(reads, 1);
    console.log(
      `[attack ${dialect}] ${TOGGLES} like toggles in ${seconds.toFixed(1)} s: ` +
        `${reads} anonymous reads, x-cache hit ratio ${(ratio * 100).toFixed(1)}% ` +
        `(at least ${MIN_HIT_RATIO * 100}%), contribution_events +${growth} ` +
        `(at most ${MAX_EVENT_GROWTH})`,
    );

    expect(ratio).toBeGreaterThanOrEqual(MIN_HIT_RATIO);
    expect(growth).toBeLessThanOrEqual(MAX_EVENT_GROWTH);

    // After the interval every reader sees the exact counts: 2,000 toggles end where they began.
    await new Promise((resolve) => setTimeout(resolve, COUNT_INTERVAL_MS + 200));
    const detail = await json<PostDetail>(server, `/api/v1/media/${postId}`);
    expect(detail.likes).toBe(postLiked ? 1 : 0);
    const list = await json<PostListItem[]>(server, '/api/v1/media/list');
    expect(list.find((post) => post.id === postId)?.likes).toBe(postLiked ? 1 : 0);
    const thread = await json<{ _id: string; likes: number }[]>(
      server,
      `/api/v1/comments/post/${postId}`,
    );
    expect(thread.find((comment) => comment._id === commentId)?.likes).toBe(commentLiked ? 1 : 0);
    const [likeRows] = await database.query<{ n: number | string }>(
      'select count(*) as n from post_likes',
    );
    expect(Number(likeRows?.n)).toBe(postLiked ? 1 : 0);
  }, 600_000);

  it('the default limit: a member liking faster than 60 a minute gets 429', async () => {
    const server = await ServerProcess.start(await open(), { WORKER_CONCURRENCY: '0' });
    const author = await registerMember(server, 'author');
    const liker = await registerMember(server, 'liker');
    const other = await registerMember(server, 'other');
    const postId = await publish(server, author, { title: 'Liked too often' }, [
      { name: 'paper.txt', content: 'the paper', type: 'text/plain' },
    ]);
    const commentId = await commentOn(server, author, postId);

    // Post and comment likes share one count per member.
    const statuses: number[] = [];
    for (let index = 0; index < 70; index += 1) {
      const path =
        index % 2 === 0 ? `/api/v1/media/${postId}/like` : `/api/v1/comments/${commentId}/like`;
      statuses.push((await toggle(server, liker, path)).status);
    }
    console.log(
      `[attack ${dialect}] 70 likes in a burst: ${statuses.filter((s) => s === 200).length} ` +
        `accepted, ${statuses.filter((s) => s === 429).length} refused (429), limit 60 a minute`,
    );
    expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(60).every((status) => status === 429)).toBe(true);

    const refused = await fetch(server.url(`/api/v1/media/${postId}/like`), {
      method: 'POST',
      headers: liker.headers,
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { detail: string }).detail).toBe(MESSAGES.tooManyLikes);
    // Another member's likes are their own.
    expect((await toggle(server, other, `/api/v1/media/${postId}/like`)).status).toBe(200);
  }, 120_000);
});
