import fc from 'fast-check';
import { expect, it } from 'vitest';
import { commentOn } from '../../../test/community.js';
import {
  describeEachDatabase,
  signedInUser,
  uploadPost,
  type TestApp,
} from '../../../test/helpers.js';
import { shareCapUnits } from '../../services/rewards/distribution.js';

/**
 * The rules end to end, on the real server and database: random sequences of likes and unlikes,
 * comments and replies, deletions, fresh and old accounts and clock advances go through the HTTP
 * API (so the signals are recorded as in production), epochs end and are distributed by the
 * service the job runs. After each sequence, over every epoch so far: nothing paid beyond the
 * pool or the cap, nothing lost, and no member scored more than their distinct actor–target pairs
 * (self-actions and repeated toggles excluded) are worth.
 */

const DAY = 86_400;
const WEIGHTS = { post_like: 3, comment_like: 1, comment_received: 2, reply_received: 1 };
const ENV = {
  REWARD_EPOCH_SECONDS: String(DAY),
  REWARD_POOL_PER_EPOCH: '100',
  REWARD_MAX_SHARE: '0.4',
  REWARD_MIN_PAYOUT: '30',
  REWARD_MAX_EVENTS_PER_ACTOR_DAILY: '3',
  COMMENT_RATE_LIMIT_MAX: '100000',
  ACCESS_TOKEN_TTL_SECONDS: String(365 * DAY),
  SESSION_IDLE_TIMEOUT_SECONDS: String(365 * DAY),
};
const MEMBERS = 4;
const POSTS = 3;

type Step =
  | { t: 'like-post'; actor: number; post: number }
  | { t: 'like-comment'; actor: number; comment: number }
  | { t: 'comment'; actor: number; post: number; replyTo: number | null }
  | { t: 'delete'; comment: number }
  | { t: 'fresh-account'; member: number }
  | { t: 'advance'; hours: number };

const who = fc.nat(MEMBERS - 1);
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant('like-post' as const),
      actor: who,
      post: fc.nat(POSTS - 1),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('like-comment' as const),
      actor: who,
      comment: fc.nat(5),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('comment' as const),
      actor: who,
      post: fc.nat(POSTS - 1),
      replyTo: fc.option(fc.nat(5), { nil: null }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('delete' as const), comment: fc.nat(5) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('fresh-account' as const), member: who }) },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('advance' as const),
      hours: fc.integer({ min: 1, max: 40 }),
    }),
  },
);

async function checkLedger(testApp: TestApp): Promise<void> {
  const db = testApp.app.db;
  const epochs = await db
    .selectFrom('reward_epochs')
    .selectAll()
    .where('distributed_at', 'is not', null)
    .execute();
  for (const epoch of epochs) {
    const pool = BigInt(epoch.pool_units);
    const cap = shareCapUnits(pool, 0.4);
    const rows = await db
      .selectFrom('reward_payouts')
      .selectAll()
      .where('epoch_id', '=', epoch.id)
      .execute();
    const credited = rows.reduce((sum, row) => sum + BigInt(row.amount_units), 0n);
    const carried = rows.reduce((sum, row) => sum + BigInt(row.carry_units), 0n);
    expect(credited).toBeLessThanOrEqual(pool);
    for (const row of rows) expect(BigInt(row.amount_units)).toBeLessThanOrEqual(cap);
    expect(BigInt(epoch.remainder_units ?? -1) + credited + carried).toBe(pool);
  }
  // No member scored more than their distinct pairs, self-actions left out, are worth.
  const events = await db.selectFrom('contribution_events').selectAll().execute();
  const bound = new Map<string, number>();
  const pairs = new Set<string>();
  for (const e of events) {
    const key = `${e.kind}:${e.actor_id}:${e.target_id}`;
    if (e.actor_id === e.recipient_id || pairs.has(key)) continue;
    pairs.add(key);
    bound.set(
      e.recipient_id,
      (bound.get(e.recipient_id) ?? 0) + WEIGHTS[e.kind as keyof typeof WEIGHTS],
    );
  }
  const totals = await db
    .selectFrom('reward_payouts')
    .select(['user_id', (eb) => eb.fn.sum<number | string>('score').as('total')])
    .groupBy('user_id')
    .execute();
  for (const row of totals)
    expect(Number(row.total)).toBeLessThanOrEqual(bound.get(row.user_id) ?? 0);
}

describeEachDatabase('rewards over random histories through the API (fast-check)', (db) => {
  it('keeps every epoch within its pool and the cap, and every pair counted at most once', async () => {
    const testApp = await db.buildApp({ env: ENV });
    const { app, clock } = testApp;
    const members: Awaited<ReturnType<typeof signedInUser>>[] = [];
    for (let i = 0; i < MEMBERS; i += 1) members.push(await signedInUser(app));
    const posts: string[] = [];
    for (let i = 0; i < POSTS; i += 1) {
      const author = members[i % MEMBERS];
      if (author) posts.push(await uploadPost(app, author.headers, { title: `Post ${i}` }));
    }
    clock.advance(2 * DAY);
    const rewards = app.services.rewards;

    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 20 }), async (steps) => {
        const comments: { id: string; author: number }[] = [];
        for (const s of steps) {
          let status = 200;
          if (s.t === 'advance') clock.advance(s.hours * 3600);
          else if (s.t === 'fresh-account') {
            const member = members[s.member];
            if (member) {
              await app.db
                .updateTable('users')
                .set({ created_at: clock.now().toISOString() })
                .where('id', '=', member.user.id)
                .execute();
            }
          } else if (s.t === 'like-post') {
            const response = await app.inject({
              method: 'POST',
              url: `/api/v1/media/${posts[s.post]}/like`,
              headers: members[s.actor]?.headers,
            });
            status = response.statusCode;
          } else if (s.t === 'like-comment') {
            const target = comments[s.comment];
            if (!target) continue;
            const response = await app.inject({
              method: 'POST',
              url: `/api/v1/comments/${target.id}/like`,
              headers: members[s.actor]?.headers,
            });
            status = response.statusCode;
          } else if (s.t === 'comment') {
            const parent = s.replyTo === null ? undefined : comments[s.replyTo];
            const actor = members[s.actor];
            const post = posts[s.post];
            if (!actor || !post) continue;
            if (parent) {
              const reply = await app.inject({
                method: 'POST',
                url: '/api/v1/comments/create',
                headers: actor.headers,
                payload: { postId: post, content: 'A reply', parentId: parent.id },
              });
              status = reply.statusCode;
              if (status === 201)
                comments.push({ id: reply.json<{ _id: string }>()._id, author: s.actor });
            } else {
              comments.push({
                id: await commentOn(app, actor.headers, post, 'A comment'),
                author: s.actor,
              });
            }
          } else {
            const target = comments[s.comment];
            if (!target) continue;
            const response = await app.inject({
              method: 'DELETE',
              url: `/api/v1/comments/${target.id}`,
              headers: members[target.author]?.headers,
            });
            status = response.statusCode;
          }
          // A like of a deleted comment, a reply on another post's comment: refused, never a 500.
          expect(status).toBeLessThan(500);
          clock.advance(60);
        }
        clock.advance(DAY);
        for (const epochId of await rewards.tick()) await rewards.distributeEpoch(epochId);
        await checkLedger(testApp);
      }),
      { numRuns: 12 },
    );
  });
});
