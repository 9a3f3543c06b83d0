import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { buildApp } from '../app.js';
import {
  describePostgres,
  form,
  multipart,
  PNG_1X1,
  registerUser,
  requestToken,
  signedInUser,
  TEST_PASSWORD,
  uniqueUsername,
  uploadPost,
  type DatabaseUnderTest,
} from '../../test/helpers.js';
import { describeRedis, redisPrefix, TEST_REDIS_URL } from '../../test/redis.js';
import { openStream } from '../../test/sse.js';

/**
 * Two server processes on one PostgreSQL database and one Redis: two apps built on the same
 * schema with the same REDIS_URL and REDIS_KEY_PREFIX (the test's own), as a load balancer sees
 * them. `redis: false`: the same two apps on PostgreSQL alone (LISTEN/NOTIFY).
 */
async function twoServers(
  db: DatabaseUnderTest,
  options: { redis: boolean; env?: Record<string, string> },
) {
  const first = await db.buildApp({
    env: {
      ...(options.redis && { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: redisPrefix() }),
      ...options.env,
    },
  });
  const second = await buildApp(first.config, { now: first.clock.now });
  return {
    apps: [first.app, second] as const,
    // The second app is closed before the first, whose close drops the schema.
    close: () => second.close(),
  };
}

/** The app serving the i-th request when requests alternate between the two. */
const alternate = (apps: readonly [FastifyInstance, FastifyInstance], i: number) =>
  apps[i % 2] as FastifyInstance;

function statuses(responses: { statusCode: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { statusCode } of responses) counts[statusCode] = (counts[statusCode] ?? 0) + 1;
  return counts;
}

async function anonymousList(app: FastifyInstance) {
  const response = await app.inject({ method: 'GET', url: '/api/v1/media/list' });
  expect(response.statusCode, response.body).toBe(200);
  return {
    cache: response.headers['x-cache'],
    posts: response.json<{ id: string; likes: number; title: string }[]>(),
  };
}

describeRedis('shared state across server processes', () => {
  describePostgres('rate limits in Redis', (db) => {
    it('40 wrong passwords spread over two processes are limited to the one configured limit', async () => {
      const servers = await twoServers(db, {
        redis: true,
        env: { LOGIN_RATE_LIMIT_ACCOUNT_MAX: '10', LOGIN_RATE_LIMIT_IP_MAX: '1000' },
      });
      try {
        const { apps } = servers;
        const { username } = await registerUser(apps[0]);
        const attempts = await Promise.all(
          Array.from({ length: 40 }, (_, i) =>
            requestToken(alternate(apps, i), {
              grant_type: 'password',
              username,
              password: 'not the password',
            }),
          ),
        );
        expect(statuses(attempts)).toEqual({ 400: 10, 429: 30 });
        // Held back on both, the right password too, until the window ends.
        for (const app of apps) {
          const right = await requestToken(app, {
            grant_type: 'password',
            username,
            password: TEST_PASSWORD,
          });
          expect(right.statusCode).toBe(429);
          expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
        }
      } finally {
        await servers.close();
      }
    });

    it('attempts from one address over both processes are limited to the per-address limit', async () => {
      const servers = await twoServers(db, { redis: true, env: { LOGIN_RATE_LIMIT_IP_MAX: '7' } });
      try {
        const { apps } = servers;
        const attempts = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            requestToken(
              alternate(apps, i),
              { grant_type: 'password', username: uniqueUsername(), password: 'guess' },
              '203.0.113.9',
            ),
          ),
        );
        expect(statuses(attempts)).toEqual({ 400: 7, 429: 13 });
        // Another address is counted on its own.
        const other = await requestToken(
          apps[1],
          { grant_type: 'password', username: uniqueUsername(), password: 'guess' },
          '203.0.113.10',
        );
        expect(other.statusCode).toBe(400);
      } finally {
        await servers.close();
      }
    });

    it('registrations, comments, uploads and reports over both processes: exactly each limit', async () => {
      const servers = await twoServers(db, {
        redis: true,
        env: {
          REGISTER_RATE_LIMIT_MAX: '3',
          COMMENT_RATE_LIMIT_MAX: '3',
          UPLOAD_RATE_LIMIT_MAX: '3',
          REPORT_RATE_LIMIT_MAX: '3',
        },
      });
      try {
        const { apps } = servers;
        const registrations = await Promise.all(
          Array.from({ length: 8 }, (_, i) =>
            alternate(apps, i).inject({
              method: 'POST',
              url: '/api/v1/auth/register',
              remoteAddress: '198.51.100.4',
              ...form({ username: uniqueUsername(), password: TEST_PASSWORD }),
            }),
          ),
        );
        expect(statuses(registrations)).toEqual({ 201: 3, 429: 5 });

        // Members registered from their own addresses.
        const author = await signedInUser(apps[0]);
        const member = await signedInUser(apps[1]);
        const postIds = [
          await uploadPost(apps[0], author.headers, { title: 'One' }),
          await uploadPost(apps[1], author.headers, { title: 'Two' }),
          await uploadPost(apps[0], author.headers, { title: 'Three' }),
        ];
        const uploads = await Promise.all(
          Array.from({ length: 5 }, (_, i) => {
            const body = multipart({ title: `Over ${i}` }, [
              { name: 'figure.png', content: PNG_1X1, type: 'image/png' },
            ]);
            return alternate(apps, i).inject({
              method: 'POST',
              url: '/api/v1/media/upload',
              headers: { ...author.headers, ...body.headers },
              payload: body.payload,
            });
          }),
        );
        // The author used all three uploads above: every further one is refused, on both.
        expect(statuses(uploads)).toEqual({ 429: 5 });

        const comments = await Promise.all(
          Array.from({ length: 8 }, (_, i) =>
            alternate(apps, i).inject({
              method: 'POST',
              url: '/api/v1/comments/create',
              headers: member.headers,
              payload: { postId: postIds[0], content: `Comment ${i}`, imageUrl: '' },
            }),
          ),
        );
        expect(statuses(comments)).toEqual({ 201: 3, 429: 5 });

        // Six things to report (three posts, three of the author's comments), three allowed.
        const authorComments: string[] = [];
        for (let i = 0; i < 3; i += 1) {
          const response = await alternate(apps, i).inject({
            method: 'POST',
            url: '/api/v1/comments/create',
            headers: author.headers,
            payload: { postId: postIds[1], content: `Mine ${i}`, imageUrl: '' },
          });
          expect(response.statusCode, response.body).toBe(201);
          authorComments.push(response.json<{ _id: string }>()._id);
        }
        const targets = [
          ...postIds.map((id) => ({ target_type: 'post', target_id: id })),
          ...authorComments.map((id) => ({ target_type: 'comment', target_id: id })),
        ];
        const reports = await Promise.all(
          targets.map((target, i) =>
            alternate(apps, i).inject({
              method: 'POST',
              url: '/api/v1/reports',
              headers: member.headers,
              payload: { ...target, reason: 'spam' },
            }),
          ),
        );
        expect(statuses(reports)).toEqual({ 201: 3, 429: 3 });
      } finally {
        await servers.close();
      }
    });
  });

  describePostgres('notifications through Redis', (db) => {
    it('a comment through one process reaches the stream on the other', async () => {
      const servers = await twoServers(db, { redis: true });
      try {
        const [appA, appB] = servers.apps;
        await appB.listen({ port: 0, host: '127.0.0.1' });
        const baseB = `http://127.0.0.1:${(appB.server.address() as AddressInfo).port}`;
        const ada = await signedInUser(appA);
        const bob = await signedInUser(appA);
        const postId = await uploadPost(appA, ada.headers, { title: 'Across processes' });
        const stream = await openStream(baseB, ada.headers);
        try {
          expect(stream.response.status).toBe(200);
          expect(await stream.count()).toBe(0);
          const comment = await appA.inject({
            method: 'POST',
            url: '/api/v1/comments/create',
            headers: bob.headers,
            payload: { postId, content: 'Nice figure', imageUrl: '' },
          });
          expect(comment.statusCode, comment.body).toBe(201);
          // A deadline while waiting, not a measure of speed.
          expect(await stream.count(1000)).toBe(1);
          // Signing out through A ends the stream on B.
          const logout = await appA.inject({
            method: 'POST',
            url: '/api/v1/auth/logout',
            headers: ada.headers,
          });
          expect(logout.statusCode).toBe(200);
          await stream.ended();
        } finally {
          stream.close();
        }
      } finally {
        await servers.close();
      }
    });
  });
});

/** What must hold whichever link carries the signals: Redis, or PostgreSQL alone. */
function sharedSignals(name: string, redis: boolean) {
  describePostgres(name, (db) => {
    it("a like through one process shows in the other's next anonymous list", async () => {
      const servers = await twoServers(db, { redis });
      try {
        const [appA, appB] = servers.apps;
        const ada = await signedInUser(appA);
        const postId = await uploadPost(appA, ada.headers, { title: 'Liked across' });
        for (let round = 1; round <= 3; round += 1) {
          // B holds the list in its public cache...
          await anonymousList(appB);
          const cached = await anonymousList(appB);
          expect(cached.cache).toBe('hit');
          const liker = await signedInUser(appA);
          const like = await appA.inject({
            method: 'POST',
            url: `/api/v1/media/${postId}/like`,
            headers: liker.headers,
          });
          expect(like.statusCode, like.body).toBe(200);
          // ...and its very next answer has the like made through A.
          const after = await anonymousList(appB);
          expect(after.posts.find((post) => post.id === postId)?.likes).toBe(round);
        }
      } finally {
        await servers.close();
      }
    });

    it('a logout through one process revokes the token on the other at once', async () => {
      const servers = await twoServers(db, { redis });
      try {
        const [appA, appB] = servers.apps;
        const ada = await signedInUser(appA);
        const me = (app: FastifyInstance) =>
          app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: ada.headers });
        // B has looked the session up (and keeps it for SESSION_CACHE_TTL_MS).
        expect((await me(appB)).statusCode).toBe(200);
        expect((await me(appB)).statusCode).toBe(200);
        const logout = await appA.inject({
          method: 'POST',
          url: '/api/v1/auth/logout',
          headers: ada.headers,
        });
        expect(logout.statusCode).toBe(200);
        expect((await me(appB)).statusCode).toBe(401);
      } finally {
        await servers.close();
      }
    });
  });
}

describeRedis('signals through Redis', () => sharedSignals('signals through Redis', true));
sharedSignals('signals through PostgreSQL LISTEN/NOTIFY', false);
