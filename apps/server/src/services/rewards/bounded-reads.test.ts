import { expect, it } from 'vitest';
import { describeEachDatabase, signedInUser, uploadPost } from '../../../test/helpers.js';
import { DAY, endEpoch, payouts, type Member } from '../../../test/rewards.js';
import type { AppDatabase } from '../../db/index.js';
import type { ScoredEvent } from '../../domain/reward.js';
import { createRepositories } from '../../repositories/index.js';
import { createRewardRepository } from '../../repositories/reward-repository.js';
import { createRewardService } from './reward-service.js';
import { scoreEvents } from './scoring.js';

/**
 * Scoring an epoch reads per-member totals, not its events: with 5,000 signals over 10 members,
 * neither the distribution job nor GET /rewards/me brings more than a few dozen rows into memory
 * (counted by a Kysely plugin on every query the reward repository runs), and the payouts are the
 * ones the pure rules (scoring.ts) give for those signals.
 */

const MEMBERS = 10;
const EVENTS = 5_000;
const ROW_BOUND = 50;

type QueryPlugin = Parameters<AppDatabase['withPlugin']>[0];

/** Counts the rows every query through the Kysely instance it is plugged into returns. */
function rowCounter() {
  const counter = { rows: 0 };
  const plugin: QueryPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      counter.rows += args.result.rows.length;
      return args.result;
    },
  };
  return { counter, plugin };
}

describeEachDatabase('reading an epoch’s signals', (db) => {
  it('reads per-member totals, not every event, to distribute and to show a score', async () => {
    const testApp = await db.buildApp({
      env: {
        ACCESS_TOKEN_TTL_SECONDS: String(365 * DAY),
        SESSION_IDLE_TIMEOUT_SECONDS: String(365 * DAY),
      },
    });
    const { app, clock, config } = testApp;
    const members: Member[] = [];
    const posts: string[] = [];
    for (let index = 0; index < MEMBERS; index += 1) {
      const member = await signedInUser(app);
      members.push(member);
      posts.push(await uploadPost(app, member.headers, { title: `Post ${index}` }));
    }
    clock.advance(2 * DAY);
    const epoch = await app.services.rewards.currentEpoch();

    // Every member likes, and comments on, every other member's post, toggling each pair on and
    // off in turn: 180 pairs, 5,000 signals, a second apart.
    const pairs = members.flatMap((actor) =>
      members.flatMap((recipient, index) =>
        actor === recipient
          ? []
          : (['post_like', 'comment_received'] as const).map((kind) => ({
              kind,
              actor,
              recipient,
              post: posts[index] as string,
            })),
      ),
    );
    const start = clock.now().getTime();
    const events: ScoredEvent[] = [];
    const rows = [];
    for (let n = 0; n < EVENTS; n += 1) {
      const pair = pairs[n % pairs.length];
      if (!pair) throw new Error('no pair');
      const round = Math.floor(n / pairs.length);
      const row = {
        id: `event-${String(n).padStart(5, '0')}`,
        kind: pair.kind,
        recipient_id: pair.recipient.user.id,
        actor_id: pair.actor.user.id,
        post_id: pair.post,
        target_id: pair.post,
        source_id: null,
        delta: round % 2 === 0 ? 1 : -1,
        created_at: new Date(start + n * 1000).toISOString(),
      };
      rows.push(row);
      events.push({
        id: row.id,
        kind: row.kind,
        recipientId: row.recipient_id,
        actorId: row.actor_id,
        targetId: row.target_id,
        delta: row.delta === 1 ? 1 : -1,
        createdAt: row.created_at,
        actorCreatedAt: pair.actor.user.created_at,
        pairSeenBefore: false,
      });
    }
    for (let at = 0; at < rows.length; at += 500) {
      await app.db
        .insertInto('contribution_events')
        .values(rows.slice(at, at + 500))
        .execute();
    }
    expect(Date.parse(epoch.endsAt)).toBeGreaterThan(start + EVENTS * 1000);
    clock.advance(EVENTS + 1);

    const { counter, plugin } = rowCounter();
    const service = createRewardService({
      rewards: createRewardRepository(app.db.withPlugin(plugin), db.dialect),
      settings: config.rewards,
      maxJobAttempts: 3,
      now: clock.now,
      afterWrite: async () => {},
      // No moderator and no mark: trust has no seed, so signals count unweighted, as expected.
      trust: app.services.trust,
    });
    const expected = scoreEvents(events, {
      weights: config.rewards.weights,
      minActorAgeSeconds: config.rewards.minActorAgeSeconds,
      maxEventsPerActorDaily: config.rewards.maxEventsPerActorDaily,
    });
    expect(expected.size).toBe(MEMBERS);

    const [first] = members;
    if (!first) throw new Error('no member');
    const user = await createRepositories(app.db, db.dialect).users.findById(first.user.id);
    if (!user) throw new Error('no user');
    counter.rows = 0;
    const mine = await service.mine(user);
    expect(mine.pendingScore).toBe(expected.get(first.user.id));
    console.log(`[${db.dialect}] GET /rewards/me read ${counter.rows} rows`);
    expect(counter.rows).toBeLessThan(ROW_BOUND);

    await endEpoch(testApp);
    counter.rows = 0;
    expect(await service.distributeEpoch(epoch.id)).toBe(true);
    console.log(`[${db.dialect}] the distribution read ${counter.rows} rows`);
    expect(counter.rows).toBeLessThan(ROW_BOUND);
    const paid = await payouts(testApp, epoch.id);
    expect(Object.fromEntries(Object.entries(paid).map(([id, row]) => [id, row.score]))).toEqual(
      Object.fromEntries(expected),
    );
  });
});
