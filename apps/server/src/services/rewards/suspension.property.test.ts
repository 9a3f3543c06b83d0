import fc from 'fast-check';
import { expect, it } from 'vitest';
import { commentOn } from '../../../test/community.js';
import { describeEachDatabase, signedInUser, uploadPost } from '../../../test/helpers.js';
import { DAY, type Member } from '../../../test/rewards.js';
import {
  CONTRIBUTION_KINDS,
  type ContributionKind,
  type ScoredEvent,
} from '../../domain/reward.js';
import { addContribution } from '../../repositories/contribution-writes.js';
import { createRewardHoldRepository } from '../../repositories/reward-hold-repository.js';
import { freezeRewardsOf } from '../../repositories/reward-holds.js';
import { createRewardRepository } from '../../repositories/reward-repository.js';
import { voidSignalsOf } from '../../repositories/signal-voids.js';
import { distribute } from './distribution.js';
import { countingKinds, scoreEvents, scoresOf, type ScoringRules } from './scoring.js';

/**
 * Suspended means unpaid (issue 28), on the real database with fast-check:
 *
 * 1. Voiding: random signals (toggles, comments written and deleted, a hidden post, pairs begun
 *    before the epoch, the daily cap) are written, one member is suspended at a random moment —
 *    during the epoch, or after it ended but before its distribution — and then gives more
 *    signals through the path every like and comment takes (`addContribution`). The epoch's
 *    counted pairs (`countedPairs`, the query the distribution runs) then score exactly what
 *    scoring.ts gives the same signals without any of the suspended member's: theirs count zero,
 *    and nobody else's count changes.
 * 2. Forfeiting: members' balances are frozen and some forfeited; the next epoch's pool grows by
 *    exactly what was forfeited, and its distribution pays at most that pool.
 */

const MEMBERS = 5;
const T0 = Date.parse('2025-01-06T00:00:00.000Z');
const SPAN = {
  startsAt: new Date(T0).toISOString(),
  endsAt: new Date(T0 + 2 * DAY * 1000).toISOString(),
};
const STEP_MS = 3 * 3_600_000;
const LAST_STEP = 15;

interface Signal {
  kind: ContributionKind;
  actor: number;
  target: number;
  source: number | null;
  delta: 1 | -1;
  step: number;
  tag: string;
}

const signal: fc.Arbitrary<Signal> = fc.record({
  kind: fc.constantFrom(...CONTRIBUTION_KINDS),
  actor: fc.nat(MEMBERS - 1),
  target: fc.nat(2),
  source: fc.option(fc.nat(2), { nil: null }),
  delta: fc.constantFrom(1 as const, -1 as const),
  step: fc.integer({ min: -4, max: LAST_STEP }),
  tag: fc.constantFrom('A', 'B', 'a', 'b', '0', '9', 'Z', 'z'),
});

const rules: fc.Arbitrary<ScoringRules> = fc.record({
  weights: fc.record({
    post_like: fc.constantFrom(1, 3),
    comment_like: fc.constantFrom(0, 1),
    comment_received: fc.constantFrom(1, 2.5),
    reply_received: fc.constantFrom(0, 2),
  }),
  minActorAgeSeconds: fc.constant(0),
  maxEventsPerActorDaily: fc.integer({ min: 1, max: 4 }),
});

describeEachDatabase('suspended means unpaid (fast-check)', (db) => {
  it(
    'a suspended member’s signals in the undistributed epoch count zero, and nobody else’s change',
    { timeout: 180_000 },
    async () => {
      const { app } = await db.buildApp({ env: { COMMENT_RATE_LIMIT_MAX: '1000' } });
      const members: Member[] = [];
      for (let index = 0; index < MEMBERS; index += 1) members.push(await signedInUser(app));
      const [ann, bob, cat, dan, eve] = members.map((member) => member.headers);
      const posts = [
        { id: await uploadPost(app, ann!), author: 0 },
        { id: await uploadPost(app, bob!), author: 1 },
        { id: await uploadPost(app, cat!), author: 2 },
      ];
      const comments = [
        { id: await commentOn(app, cat!, posts[0]!.id, 'One'), author: 2 },
        { id: await commentOn(app, dan!, posts[0]!.id, 'Two'), author: 3 },
        { id: await commentOn(app, eve!, posts[0]!.id, 'Three'), author: 4 },
      ];
      const gone = { post: posts[1]!.id, comment: comments[2]!.id };
      await app.db
        .updateTable('posts')
        .set({ hidden_at: SPAN.startsAt })
        .where('id', '=', gone.post)
        .execute();
      await app.db
        .updateTable('comments')
        .set({ deleted_at: SPAN.startsAt })
        .where('id', '=', gone.comment)
        .execute();
      const old = new Date(T0 - 30 * DAY * 1000).toISOString();
      await app.db.updateTable('users').set({ created_at: old }).execute();
      const rewards = createRewardRepository(app.db, db.dialect);

      const rowOf = (s: Signal, id: string) => {
        const onComment = s.kind === 'comment_like' || s.kind === 'reply_received';
        const target = onComment ? comments[s.target]! : posts[s.target]!;
        const writes = s.kind === 'comment_received' || s.kind === 'reply_received';
        return {
          id,
          kind: s.kind,
          recipient_id: members[target.author]!.user.id,
          actor_id: members[s.actor]!.user.id,
          post_id: onComment ? posts[0]!.id : target.id,
          target_id: target.id,
          source_id: writes && s.source !== null ? comments[s.source]!.id : null,
          delta: s.delta,
          created_at: new Date(T0 + s.step * STEP_MS).toISOString(),
        };
      };

      await fc.assert(
        fc.asyncProperty(
          rules,
          fc.array(signal, { minLength: 20, maxLength: 80 }),
          fc.nat(MEMBERS - 1),
          fc.integer({ min: 0, max: LAST_STEP }),
          fc.array(signal, { maxLength: 10 }),
          async (rules, signals, suspended, suspendedAtStep, later) => {
            await app.db.deleteFrom('contribution_events').execute();
            await app.db.deleteFrom('reward_epochs').execute();
            await app.db.updateTable('users').set({ suspended_until: null }).execute();
            // The epoch before, distributed; the epoch scored, not yet (though maybe ended).
            await app.db
              .insertInto('reward_epochs')
              .values([
                {
                  id: 1,
                  starts_at: new Date(T0 - 2 * DAY * 1000).toISOString(),
                  ends_at: SPAN.startsAt,
                  pool_units: '1000',
                  remainder_units: '0',
                  distributed_at: SPAN.startsAt,
                },
                {
                  id: 2,
                  starts_at: SPAN.startsAt,
                  ends_at: SPAN.endsAt,
                  pool_units: '1000',
                  remainder_units: null,
                  distributed_at: null,
                },
              ])
              .execute();
            const rows = signals.map((s, index) => rowOf(s, `${s.tag}${index}`));
            if (rows.length > 0) {
              await app.db.insertInto('contribution_events').values(rows).execute();
            }

            // The suspension, as moderation-repository.ts applies it.
            const actorId = members[suspended]!.user.id;
            const at = new Date(T0 + suspendedAtStep * STEP_MS + 1).toISOString();
            await app.db.transaction().execute(async (trx) => {
              await trx
                .updateTable('users')
                .set({ suspended_until: '2999-01-01T00:00:00.000Z' })
                .where('id', '=', actorId)
                .execute();
              await voidSignalsOf(trx, db.dialect, actorId, at);
            });
            // What the suspended member gives afterwards, through the path likes and comments
            // take (any path still open to them): counts nothing.
            for (const s of later) {
              const row = rowOf({ ...s, actor: suspended }, 'late');
              if (row.created_at < at) continue;
              await addContribution(app.db, {
                kind: row.kind,
                recipientId: row.recipient_id,
                actorId,
                postId: row.post_id,
                targetId: row.target_id,
                sourceId: row.source_id,
                delta: row.delta,
                at: row.created_at,
              });
            }

            const visible = (row: (typeof rows)[number]) =>
              row.post_id !== gone.post &&
              row.target_id !== gone.comment &&
              row.source_id !== gone.comment;
            const events: ScoredEvent[] = rows
              .filter((row) => row.actor_id !== actorId)
              .filter((row) => row.created_at >= SPAN.startsAt && row.created_at < SPAN.endsAt)
              .filter(visible)
              .map((row) => ({
                id: row.id,
                kind: row.kind,
                recipientId: row.recipient_id,
                actorId: row.actor_id,
                targetId: row.target_id,
                delta: row.delta,
                createdAt: row.created_at,
                actorCreatedAt: old,
                pairSeenBefore: rows.some(
                  (earlier) =>
                    earlier.kind === row.kind &&
                    earlier.actor_id === row.actor_id &&
                    earlier.target_id === row.target_id &&
                    earlier.created_at < SPAN.startsAt,
                ),
              }));
            const expected = scoreEvents(events, rules);
            const criteria = {
              kinds: countingKinds(rules.weights),
              minActorAgeSeconds: rules.minActorAgeSeconds,
              maxEventsPerActorDaily: rules.maxEventsPerActorDaily,
              weighByTrust: false,
            };
            const counted = scoresOf(await rewards.countedPairs(SPAN, criteria), rules.weights);
            expect(Object.fromEntries(counted)).toEqual(Object.fromEntries(expected));
          },
        ),
        { numRuns: 30 },
      );
    },
  );

  it(
    'forfeited tokens return exactly to the next pool, and its distribution pays at most that pool',
    { timeout: 120_000 },
    async () => {
      const { app } = await db.buildApp();
      const members: Member[] = [];
      for (let index = 0; index < MEMBERS; index += 1) members.push(await signedInUser(app));
      const rewards = createRewardRepository(app.db, db.dialect);
      const holds = createRewardHoldRepository(app.db, db.dialect);
      const moderator = members[0]!.user.id;

      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.bigInt({ min: 0n, max: 10n ** 12n }), {
            minLength: MEMBERS,
            maxLength: MEMBERS,
          }),
          fc.array(fc.boolean(), { minLength: MEMBERS, maxLength: MEMBERS }),
          fc.bigInt({ min: 1n, max: 10n ** 13n }),
          fc.array(fc.integer({ min: 0, max: 5 }), { minLength: MEMBERS, maxLength: MEMBERS }),
          async (balances, forfeits, pool, scores) => {
            await app.db.deleteFrom('reward_payouts').execute();
            await app.db.deleteFrom('reward_epochs').execute();
            const at = new Date(T0).toISOString();
            await app.db
              .insertInto('reward_epochs')
              .values([
                {
                  id: 1,
                  starts_at: SPAN.startsAt,
                  ends_at: SPAN.endsAt,
                  pool_units: '0',
                  remainder_units: '0',
                  distributed_at: SPAN.endsAt,
                },
                {
                  id: 2,
                  starts_at: SPAN.endsAt,
                  ends_at: new Date(T0 + 4 * DAY * 1000).toISOString(),
                  pool_units: pool.toString(),
                  remainder_units: null,
                  distributed_at: null,
                },
              ])
              .execute();
            for (const [index, member] of members.entries()) {
              await app.db
                .insertInto('reward_payouts')
                .values({
                  id: crypto.randomUUID(),
                  epoch_id: 1,
                  user_id: member.user.id,
                  score: 1,
                  amount_units: balances[index]!.toString(),
                  carry_units: '0',
                  created_at: at,
                  claim_id: null,
                })
                .execute();
              await freezeRewardsOf(app.db, member.user.id, at);
            }
            let forfeited = 0n;
            for (const [index, member] of members.entries()) {
              if (!forfeits[index]) continue;
              const outcome = await holds.forfeit({
                userId: member.user.id,
                moderatorId: moderator,
                note: 'ring',
                at: new Date(T0),
              });
              if (balances[index]! > 0n) {
                expect(outcome).toEqual({
                  kind: 'forfeited',
                  amountUnits: balances[index],
                  poolEpochId: 2,
                });
                forfeited += balances[index]!;
              } else {
                expect(outcome).toEqual({ kind: 'nothing-frozen' });
              }
            }
            const epoch = await rewards.findEpoch(2);
            expect(epoch?.poolUnits).toBe(pool + forfeited);

            const scored = new Map(
              members.map((member, index) => [member.user.id, scores[index]!] as const),
            );
            await rewards.distribute(2, SPAN.endsAt, (facts) => {
              const split = distribute({
                poolUnits: facts.epoch.poolUnits,
                maxShare: 0.5,
                minPayoutUnits: 1n,
                scores: scored,
                carries: facts.carries,
              });
              const trustWeighting = { unweightedScore: 0, weightedScore: 0, withheldUnits: 0n };
              return { ...split, notices: [], trustWeighting };
            });
            const paid = (await rewards.payoutsOf(2)).reduce(
              (sum, payout) => sum + payout.amountUnits + payout.carryUnits,
              0n,
            );
            expect(paid).toBeLessThanOrEqual(pool + forfeited);
            // Nothing forfeited is anyone's any more; what was not forfeited is still frozen.
            const left = await app.db
              .selectFrom('reward_payouts')
              .select(['user_id', 'hold'])
              .where('epoch_id', '=', 1)
              .where('amount_units', '>', 0)
              .execute();
            for (const row of left) {
              const index = members.findIndex((member) => member.user.id === row.user_id);
              expect(row.hold).toBe(forfeits[index] ? 'forfeited' : 'frozen');
            }
          },
        ),
        { numRuns: 25 },
      );
    },
  );
});
