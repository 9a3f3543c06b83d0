import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { NOTIFICATIONS_STREAMS_PER_MEMBER } from '@symposia/shared';
import { afterEach, describe, expect, it } from 'vitest';
import {
  describeEachDatabase,
  form,
  loginAs,
  signedInUser,
  uploadPost,
  type TestApp,
} from '../../../test/helpers.js';
import { docxBomb } from '../../processing/extract/testing/bombs.js';
import { markRead, postComment } from '../../../test/notifications.js';
import { published } from '../../../test/worker.js';
import { openStream } from '../../../test/sse.js';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const streams: { close: () => void }[] = [];
afterEach(() => {
  for (const stream of streams.splice(0)) stream.close();
});

describeEachDatabase('GET /notifications/stream', (db) => {
  async function setUp(env: Record<string, string> = {}) {
    const testApp: TestApp = await db.buildApp({ env });
    const { app } = testApp;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const ada = await signedInUser(app);
    const bob = await signedInUser(app);
    const postId = await uploadPost(app, ada.headers, { title: 'Live' });
    const open = async (headers: Record<string, string>) => {
      const stream = await openStream(base, headers);
      streams.push(stream);
      return stream;
    };
    return { testApp, app, base, ada, bob, postId, open };
  }

  it('sends the count at once, then the new count within 1 s of a reply, and after a read', async () => {
    const { app, ada, bob, postId, open } = await setUp();
    const comment = await postComment(app, ada.headers, { postId, content: 'My question' });
    const stream = await open(ada.headers);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(await stream.count()).toBe(0);

    await postComment(app, bob.headers, { postId, content: 'An answer', parentId: comment._id });
    expect(await stream.count(1000)).toBe(1);

    await markRead(app, ada.headers, { all: true });
    expect(await stream.count()).toBe(0);
  });

  it('sends a heartbeat comment every NOTIFICATIONS_HEARTBEAT_MS', async () => {
    const { ada, open } = await setUp({ NOTIFICATIONS_HEARTBEAT_MS: '100' });
    const stream = await open(ada.headers);
    expect(await stream.count()).toBe(0);
    expect(await stream.next((item) => 'comment' in item)).toEqual({ comment: 'heartbeat' });
    expect(await stream.next((item) => 'comment' in item)).toEqual({ comment: 'heartbeat' });
  });

  it('ends when its session signs out; a stream of another session stays', async () => {
    const { app, ada, bob, postId, open } = await setUp();
    const laptop = await loginAs(app, ada);
    const here = await open(ada.headers);
    const there = await open(laptop);
    expect(await here.count()).toBe(0);
    expect(await there.count()).toBe(0);

    const logout = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: ada.headers,
    });
    expect(logout.statusCode).toBe(200);
    await here.ended();

    await postComment(app, bob.headers, { postId, content: 'Still told' });
    expect(await there.count()).toBe(1);
  });

  it('a password change ends the streams of the other sessions, not its own', async () => {
    const { app, ada, bob, postId, open } = await setUp();
    const phone = await loginAs(app, ada);
    const here = await open(ada.headers);
    const there = await open(phone);
    expect(await here.count()).toBe(0);
    expect(await there.count()).toBe(0);
    const body = form({ old_password: ada.password, new_password: 'a brand new passphrase' });
    const changed = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/change_password',
      headers: { ...ada.headers, ...body.headers },
      payload: body.payload,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await there.ended();
    await postComment(app, bob.headers, { postId, content: 'Still told here' });
    expect(await here.count()).toBe(1);
  });

  it(`holds at most NOTIFICATIONS_STREAMS_PER_MEMBER (${NOTIFICATIONS_STREAMS_PER_MEMBER}) per member`, async () => {
    const { app, ada, bob, open } = await setUp();
    const opened = [];
    for (let i = 0; i < NOTIFICATIONS_STREAMS_PER_MEMBER; i += 1) {
      const stream = await open(ada.headers);
      expect(await stream.count()).toBe(0);
      opened.push(stream);
    }
    const refused = await open(ada.headers);
    expect(refused.response.status).toBe(429);
    expect(refused.response.headers.get('retry-after')).not.toBeNull();
    // Another member is not held back by it.
    expect(await (await open(bob.headers)).count()).toBe(0);

    // A client that leaves frees its place.
    opened[0]?.close();
    const deadline = Date.now() + 5000;
    while (app.services.notifications.openStreamCount() > NOTIFICATIONS_STREAMS_PER_MEMBER) {
      if (Date.now() > deadline) throw new Error('the closed stream was never let go');
      await sleep(20);
    }
    // A shared count (PostgreSQL, Redis) hears of it a moment after this process: a stream asked
    // for meanwhile is still refused, and takes nothing.
    let again = await open(ada.headers);
    while (again.response.status === 429 && Date.now() < deadline) {
      await sleep(20);
      again = await open(ada.headers);
    }
    expect(again.response.status).toBe(200);
  });

  it('outlives the idle and request timeouts while it waits, and ends when the server closes', async () => {
    const { app, ada, bob, postId, open } = await setUp({
      CONNECTION_TIMEOUT_SECONDS: '1',
      REQUEST_TIMEOUT_SECONDS: '1',
      HEADERS_TIMEOUT_SECONDS: '1',
      // No heartbeat in the silence below: only lifting the idle timeout keeps it open.
      NOTIFICATIONS_HEARTBEAT_MS: '60000',
    });
    const stream = await open(ada.headers);
    expect(await stream.count()).toBe(0);
    await sleep(2500);
    await postComment(app, bob.headers, { postId, content: 'After the silence' });
    expect(await stream.count()).toBe(1);

    // Closing the server ends the stream rather than waiting for it.
    await app.close();
    await stream.ended();
    expect(app.services.notifications.openStreamCount()).toBe(0);
  });

  describe('a post published by the worker (issue 31)', () => {
    async function withWorker(env: Record<string, string> = {}) {
      return setUp({ WORKER_CONCURRENCY: '1', WORKER_POLL_MS: '20', ...env });
    }

    it("reaches another member's stream once processed, as `post-published` with its id", async () => {
      const { app, ada, bob, postId, open } = await withWorker();
      // The post of setUp may be published meanwhile: wait for it, so what follows is the new one.
      await published(app, postId, ada.headers);
      const stream = await open(bob.headers);
      expect(await stream.count()).toBe(0);

      const id = await uploadPost(app, ada.headers, { title: 'Fresh results' });
      expect(await stream.published(30_000)).toBe(id);
      // Told once it reads as published.
      expect((await published(app, id, bob.headers)).id).toBe(id);
    });

    it("a private post reaches its author's streams alone, never another member's", async () => {
      const { app, ada, bob, postId, open } = await withWorker();
      await published(app, postId, ada.headers);
      const adas = await open(ada.headers);
      const bobs = await open(bob.headers);
      expect(await adas.count()).toBe(0);
      expect(await bobs.count()).toBe(0);

      const secret = await uploadPost(app, ada.headers, { title: 'Draft', visibility: 'private' });
      expect(await adas.published(30_000)).toBe(secret);
      // Bob's next post is the public one published after it: the private one never came.
      const open_ = await uploadPost(app, ada.headers, { title: 'For everyone' });
      expect(await bobs.published(30_000)).toBe(open_);
      expect(await adas.published(30_000)).toBe(open_);
    });

    it('reaches the streams too when processing gives up and publishes what was made', async () => {
      const { app, ada, bob, postId, open } = await withWorker();
      await published(app, postId, ada.headers);
      const stream = await open(bob.headers);
      expect(await stream.count()).toBe(0);

      // A file that breaks a reader's limit fails the job for good: published without analysis.
      const bomb = docxBomb(64, { declaredSize: 2048 });
      const id = await uploadPost(app, ada.headers, { title: 'Given up' }, [
        { name: 'bomb.docx', content: bomb, type: DOCX },
      ]);
      expect(await stream.published(30_000)).toBe(id);
      const post = await published(app, id, ada.headers);
      expect(post.processing_error).toMatch(/^bomb\.docx: /);
    });
  });
});
