import fc from 'fast-check';
import { expect, it } from 'vitest';
import { commentOn } from '../../../test/community.js';
import { describeEachDatabase, signedInUser, uploadPost } from '../../../test/helpers.js';
import { DAY, type Member } from '../../../test/rewards.js';
import {
  CONTRIBUTION_KINDS,
  type ContributionKind,
  type ScoredEvent,
  type ScoredReview,
} from '../../domain/reward.js';
import { createRewardRepository } from '../../repositories/reward-repository.js';
import { TRUST_SCALE } from '../../domain/trust.js';
import {
  countEvents,
  countingKinds,
  countReviews,
  scoresOf,
  type ScoringRules,
} from './scoring.js';

/**
 * The query that counts an epoch's pairs (`countedPairs`, repositories/reward-repository.ts) and
 * the pure rules it stands for (scoring.ts) agree: random signals — toggles, ties in time broken
 * by id, actors of every age (exactly at the limit too), the daily cap, pairs begun before the
 * epoch, an actor's own content, kinds weighing nothing or decimals, signals on a hidden post, a
 * deleted comment liked or written — are written to the database, with random trust for each
 * actor (none, 0, a fraction, 1; issue 28) weighed or not, and the scores computed from what the
 * query returns equal scoreEvents over the same signals and trust, weighted and unweighted, for
 * everyone and for each member alone (GET /rewards/me).
 *
 * Reviews are in the mix (issue 29): random reviews of the three posts (the hidden one too), some
 * deleted or hidden, some of one's own post, before, in and after the epoch, rated or not, with
 * random readers' marks (the reviewer's own and the post author's too, some after the epoch), by
 * members suspended or not when the epoch is scored (their marks count nothing then), so
 * `countedReviewsOf` is checked against `countReviews` with the same caps, ages and trust.
 */

const MEMBERS = 5;
/** The epoch scored: two days from a UTC midnight, so pairs fall on two days (and the cap twice). */
const T0 = Date.parse('2025-01-06T00:00:00.000Z');
const SPAN = {
  startsAt: new Date(T0).toISOString(),
  endsAt: new Date(T0 + 2 * DAY * 1000).toISOString(),
};
/** Signals fall on a 3-hour grid from 12 hours before the epoch to 12 after: ties are common. */
const STEP_MS = 3 * 3_600_000;
/** When the epoch is scored: a suspension ending later is still running then. */
const SCORED_AT = new Date(T0 + 2 * DAY * 1000 + 3_600_000).toISOString();

interface Signal {
  kind: ContributionKind;
  actor: number;
  /** Index of a post (post_like, comment_received) or a comment (comment_like, reply_received). */
  target: number;
  /** Index of the comment written (comment_received, reply_received), or none. */
  source: number | null;
  delta: 1 | -1;
  step: number;
  /** Makes the id: ids order ties, in code-unit order (upper case before lower case). */
  tag: string;
}

interface ReviewDraft {
  reviewer: number;
  post: number;
  step: number;
  tag: string;
  rating: number | null;
  state: 'live' | 'deleted' | 'hidden';
  marks: { member: number; step: number }[];
}

interface Case {
  /** Each member's account age at T0, in hours. */
  ages: number[];
  /** Each member's stored trust in millionths; null: no row (trust 0). */
  trust: (number | null)[];
  /** Each member's suspension: none, one over before the scoring, or one running then. */
  suspensions: ('none' | 'ended' | 'running')[];
  weighByTrust: boolean;
  rules: ScoringRules;
  signals: Signal[];
  reviews: ReviewDraft[];
}

const weight = fc.constantFrom(0, 0.1, 1, 2.5, 3);
const signal: fc.Arbitrary<Signal> = fc.record({
  kind: fc.constantFrom(...CONTRIBUTION_KINDS),
  actor: fc.nat(MEMBERS - 1),
  target: fc.nat(2),
  source: fc.option(fc.nat(2), { nil: null }),
  delta: fc.constantFrom(1 as const, -1 as const),
  step: fc.integer({ min: -4, max: 20 }),
  tag: fc.constantFrom('A', 'B', 'a', 'b', '0', '9', 'Z', 'z'),
});
const reviewDraft: fc.Arbitrary<ReviewDraft> = fc.record({
  reviewer: fc.nat(MEMBERS - 1),
  post: fc.nat(2),
  // Most fall inside the epoch, several a day per reviewer, so the daily cap bites.
  step: fc.integer({ min: -1, max: 17 }),
  tag: fc.constantFrom('A', 'B', 'a', 'b', '0', '9', 'Z', 'z'),
  rating: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
  state: fc.constantFrom('live', 'live', 'live', 'deleted', 'hidden'),
  marks: fc.uniqueArray(
    fc.record({ member: fc.nat(MEMBERS - 1), step: fc.integer({ min: -4, max: 20 }) }),
    { selector: (mark) => mark.member, maxLength: MEMBERS },
  ),
});
const testCase: fc.Arbitrary<Case> = fc.record({
  ages: fc.array(fc.integer({ min: 0, max: 72 }), {
    minLength: MEMBERS,
    maxLength: MEMBERS,
  }),
  trust: fc.array(
    fc.option(
      fc.oneof(fc.constantFrom(0, 1, TRUST_SCALE), fc.integer({ min: 0, max: TRUST_SCALE })),
      { nil: null },
    ),
    { minLength: MEMBERS, maxLength: MEMBERS },
  ),
  suspensions: fc.array(fc.constantFrom('none' as const, 'ended' as const, 'running' as const), {
    minLength: MEMBERS,
    maxLength: MEMBERS,
  }),
  weighByTrust: fc.boolean(),
  rules: fc.record({
    weights: fc.record({
      post_like: weight,
      comment_like: weight,
      comment_received: weight,
      reply_received: weight,
      review_rating: weight,
      review_helpful: weight,
    }),
    minActorAgeSeconds: fc.constantFrom(0, 86_400, 30 * 3600),
    maxEventsPerActorDaily: fc.integer({ min: 1, max: 3 }),
    reviews: fc.record({
      maxPerReviewerDaily: fc.integer({ min: 1, max: 3 }),
      maxHelpfulPerReview: fc.integer({ min: 0, max: 3 }),
    }),
  }),
  signals: fc.array(signal, { minLength: 30, maxLength: 100 }),
  reviews: fc.array(reviewDraft, { minLength: 5, maxLength: 30 }),
});

describeEachDatabase('counting an epoch’s pairs in SQL', (db) => {
  // Forty cases, each a few writes and six queries: a minute is ample on a busy machine.
  it(
    'gives the scores scoring.ts gives, for everyone and for each member (fast-check)',
    {
      timeout: 120_000,
    },
    async () => {
      const { app } = await db.buildApp({ env: { COMMENT_RATE_LIMIT_MAX: '1000' } });
      const members: Member[] = [];
      for (let index = 0; index < MEMBERS; index += 1) members.push(await signedInUser(app));
      const [ann, bob, cat, dan, eve] = members.map((member) => member.headers);
      // Post 1 is hidden by the moderators; comment 2 is deleted. Comments are all on post 0.
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
      const rewards = createRewardRepository(app.db, db.dialect);

      await fc.assert(
        fc.asyncProperty(
          testCase,
          async ({ ages, trust, suspensions, weighByTrust, rules, signals, reviews }) => {
            await app.db.deleteFrom('contribution_events').execute();
            await app.db.deleteFrom('review_helpful').execute();
            await app.db.deleteFrom('reviews').execute();
            await app.db.deleteFrom('user_trust').execute();
            const trustRows = members.flatMap((member, index) =>
              trust[index] === null || trust[index] === undefined
                ? []
                : [
                    {
                      user_id: member.user.id,
                      trust_units: trust[index],
                      computed_at: SPAN.startsAt,
                    },
                  ],
            );
            if (trustRows.length > 0)
              await app.db.insertInto('user_trust').values(trustRows).execute();
            const actorTrust = weighByTrust
              ? new Map(trustRows.map((row) => [row.user_id, row.trust_units]))
              : null;
            const createdAt = ages.map((hours) => new Date(T0 - hours * 3_600_000).toISOString());
            const suspendedUntil = {
              none: null,
              ended: new Date(Date.parse(SCORED_AT) - 1).toISOString(),
              running: new Date(Date.parse(SCORED_AT) + 1).toISOString(),
            };
            for (const [index, member] of members.entries()) {
              await app.db
                .updateTable('users')
                .set({
                  created_at: createdAt[index]!,
                  suspended_until: suspendedUntil[suspensions[index]!],
                })
                .where('id', '=', member.user.id)
                .execute();
            }

            const rows = signals.map((s, index) => {
              const onComment = s.kind === 'comment_like' || s.kind === 'reply_received';
              const target = onComment ? comments[s.target]! : posts[s.target]!;
              const writes = s.kind === 'comment_received' || s.kind === 'reply_received';
              return {
                id: `${s.tag}${index}`,
                kind: s.kind,
                recipient_id: members[target.author]!.user.id,
                actor_id: members[s.actor]!.user.id,
                post_id: onComment ? posts[0]!.id : target.id,
                target_id: target.id,
                source_id: writes && s.source !== null ? comments[s.source]!.id : null,
                delta: s.delta,
                created_at: new Date(T0 + s.step * STEP_MS).toISOString(),
              };
            });
            if (rows.length > 0)
              await app.db.insertInto('contribution_events').values(rows).execute();

            // The reference: what the query is meant to read, as scoring.ts takes it.
            const visible = (row: (typeof rows)[number]) =>
              row.post_id !== gone.post &&
              row.target_id !== gone.comment &&
              row.source_id !== gone.comment;
            const events: ScoredEvent[] = rows
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
                actorCreatedAt: createdAt[members.findIndex((m) => m.user.id === row.actor_id)]!,
                pairSeenBefore: rows.some(
                  (earlier) =>
                    earlier.kind === row.kind &&
                    earlier.actor_id === row.actor_id &&
                    earlier.target_id === row.target_id &&
                    earlier.created_at < SPAN.startsAt,
                ),
              }));
            // The reviews, each its own revision so any reviewer may review a post many times.
            const at = (step: number) => new Date(T0 + step * STEP_MS).toISOString();
            const reviewRows = reviews.map((r, index) => ({
              id: `${r.tag}${index}`,
              post_id: posts[r.post]!.id,
              reviewer_id: members[r.reviewer]!.user.id,
              revision: index + 1,
              reviewed_text: 'x'.repeat(64),
              soundness: 3,
              significance: 3,
              clarity: 3,
              reproducibility: 3,
              confidence: 3,
              recommendation: 'valid',
              summary: 'S',
              strengths: 'S',
              weaknesses: 'W',
              author_rating: r.rating,
              helpful_count: r.marks.length,
              created_at: at(r.step),
              deleted_at: r.state === 'deleted' ? SPAN.startsAt : null,
              hidden_at: r.state === 'hidden' ? SPAN.startsAt : null,
            }));
            const markRows = reviews.flatMap((r, index) =>
              r.marks.map((mark) => ({
                review_id: reviewRows[index]!.id,
                user_id: members[mark.member]!.user.id,
                created_at: at(Math.max(r.step, mark.step)),
              })),
            );
            if (reviewRows.length > 0)
              await app.db.insertInto('reviews').values(reviewRows).execute();
            if (markRows.length > 0)
              await app.db.insertInto('review_helpful').values(markRows).execute();
            const accountOf = (userId: string) =>
              createdAt[members.findIndex((m) => m.user.id === userId)]!;
            const scoredReviews: ScoredReview[] = reviews.flatMap((r, index) => {
              const row = reviewRows[index]!;
              const post = posts[r.post]!;
              if (r.state !== 'live' || post.id === gone.post) return [];
              if (row.created_at < SPAN.startsAt || row.created_at >= SPAN.endsAt) return [];
              const author = members[post.author]!.user.id;
              return [
                {
                  id: row.id,
                  reviewerId: row.reviewer_id,
                  createdAt: row.created_at,
                  reviewerCreatedAt: accountOf(row.reviewer_id),
                  postAuthorId: author,
                  postAuthorCreatedAt: accountOf(author),
                  postAuthorSuspended: suspensions[post.author] === 'running',
                  authorRating: r.rating,
                  marks: markRows
                    .filter((mark) => mark.review_id === row.id)
                    .map((mark) => ({
                      userId: mark.user_id,
                      createdAt: mark.created_at,
                      userCreatedAt: accountOf(mark.user_id),
                      userSuspended:
                        suspensions[members.findIndex((m) => m.user.id === mark.user_id)] ===
                        'running',
                    })),
                },
              ];
            });
            const reference = (weighedTrust: typeof actorTrust) =>
              scoresOf(
                [
                  ...countEvents(events, rules, weighedTrust),
                  ...countReviews(scoredReviews, rules, weighedTrust, SPAN.endsAt),
                ],
                rules.weights,
              );
            const expected = reference(actorTrust);

            const criteria = {
              kinds: countingKinds(rules.weights),
              minActorAgeSeconds: rules.minActorAgeSeconds,
              maxEventsPerActorDaily: rules.maxEventsPerActorDaily,
              weighByTrust,
              reviews: {
                counts: {
                  review_rating: (rules.weights.review_rating ?? 0) > 0,
                  review_helpful: (rules.weights.review_helpful ?? 0) > 0,
                },
                ...rules.reviews!,
                at: SCORED_AT,
              },
            };
            const counted = await rewards.countedPairs(SPAN, criteria);
            const everyone = scoresOf(counted, rules.weights);
            expect(Object.fromEntries(everyone)).toEqual(Object.fromEntries(expected));
            // Unweighted, the same counts give today's scores (trust ignored).
            expect(
              Object.fromEntries(scoresOf(counted, rules.weights, { unweighted: true })),
            ).toEqual(Object.fromEntries(reference(null)));
            for (const member of members) {
              const alone = scoresOf(
                await rewards.countedPairs(SPAN, criteria, member.user.id),
                rules.weights,
              );
              expect(alone.get(member.user.id) ?? 0).toBe(expected.get(member.user.id) ?? 0);
              expect([...alone.keys()].filter((id) => id !== member.user.id)).toEqual([]);
            }
          },
        ),
        { numRuns: 40 },
      );
    },
  );
});
