import { REVIEW_SCORE_MIN } from '@symposia/shared';
import { sql } from 'kysely';
import type { AppDatabase } from '../db/index.js';
import type { ContributionKind, ReviewSignalKind, ScoredKind } from '../domain/reward.js';
import { TRUST_SCALE } from '../domain/trust.js';
import type { Dialect } from './database.js';
import { suspendedAt } from './signal-voids.js';
import {
  commentHidden,
  commentNotDeleted,
  postHidden,
  postNotDeleted,
  reviewCounted,
} from './visibility.js';

/*
 * The reward epochs' scoring in SQL: services/rewards/scoring.ts's rules as one bounded query
 * (scoring-sql.property.test.ts keeps the two equal). Kept apart from reward-repository.ts, which
 * reads and writes the epochs and payouts around it.
 */

/** The scoring rules' settings the query applies (services/rewards/scoring.ts). */
export interface ScoringCriteria {
  /** The kinds weighing more than 0: the others count nothing and use none of the daily cap. */
  kinds: readonly ContributionKind[];
  minActorAgeSeconds: number;
  maxEventsPerActorDaily: number;
  /**
   * Whether each pair weighs its actor's stored trust (`user_trust`, 0 without a row), or
   * TRUST_SCALE (no seed anchors trust: services/trust/trust-service.ts).
   */
  weighByTrust: boolean;
  /** The review signals (scoring.ts `countReviews`); absent: reviews count nothing. */
  reviews?: {
    /** Whether each kind weighs more than 0. */
    counts: Readonly<Record<ReviewSignalKind, boolean>>;
    maxPerReviewerDaily: number;
    maxHelpfulPerReview: number;
    /** When the count is made: a mark whose giver is suspended then counts nothing. */
    at: string;
  };
}

/** How many pairs of one kind one member received that count (scoring.ts's ReceivedPairs). */
export interface ReceivedPairs {
  recipientId: string;
  kind: ScoredKind;
  pairs: number;
  /** The sum of the pairs' actors' trust, in millionths. */
  trustUnits: number;
}

/**
 * One kind of signal counted in `span` (from `startsAt`, up to `endsAt`), per member and kind;
 * with `recipientId`, that member's alone. The epoch's count is the sum of every such count
 * (reward-repository.ts `countedPairs`).
 */
export type SignalCount = (
  db: AppDatabase,
  dialect: Dialect,
  span: { startsAt: string; endsAt: string },
  criteria: ScoringCriteria,
  recipientId?: string,
) => Promise<ReceivedPairs[]>;

/** A member's trust in millionths, as scoring weighs it (0 without a row; see ScoringCriteria). */
const trustOf = (criteria: ScoringCriteria, userColumn: string) =>
  criteria.weighByTrust
    ? sql`coalesce((select t.trust_units from user_trust t where t.user_id = ${sql.ref(userColumn)}), 0)`
    : sql`${sql.lit(TRUST_SCALE)}`;

/** Orders text as JavaScript compares strings (scoring.ts), whatever the database's collation. */
const inCodeOrder = (dialect: Dialect, column: string) =>
  dialect === 'postgres' ? sql`${sql.ref(column)} collate "C"` : sql.ref(column);

/** Milliseconds from one ISO 8601 time to another, as Date.parse would give them. */
const millisecondsBetween = (dialect: Dialect, from: string, to: string) =>
  dialect === 'postgres'
    ? sql`round(extract(epoch from (cast(${sql.ref(to)} as timestamptz)
        - cast(${sql.ref(from)} as timestamptz))) * 1000)`
    : sql`round((julianday(${sql.ref(to)}) - julianday(${sql.ref(from)})) * 86400000)`;

/**
 * The pairs that count in `span`, per member and kind: services/rewards/scoring.ts's rules as
 * one query, so what comes back is a few rows per member, never the events.
 *
 * 1. `signals`: the span's events, leaving out those on content hidden or deleted by now (a
 *    post, a liked or answered comment, or the comment written), an actor's own, kinds that
 *    weigh nothing, and pairs (kind, actor, target) with events before the span.
 * 2. `running`: each event with its pair's sum so far (in time order, then id), the pair's
 *    whole sum, and the recipient of its first event.
 * 3. `risen`: the events that took their pair's sum from 0 or less to above 0; in a pair
 *    whose whole sum is above 0, the latest of them is when it began to stand.
 * 4. `standing`: those pairs, where the actor's account was old enough by then.
 * 5. `ranked`: each actor's standing pairs per UTC day, earliest first, of which the first
 *    `maxEventsPerActorDaily` count, each weighing its actor's trust (issue 28).
 *
 * With `recipientId`, that member's pairs alone, reading only the events of the actors who
 * gave them something in the span (the daily cap being per actor).
 */
export const countedPairsOf: SignalCount = async (db, dialect, span, criteria, recipientId) => {
  if (criteria.kinds.length === 0) return [];
  const onlyActors = recipientId
    ? sql`and e.actor_id in (select r.actor_id from contribution_events r
        where r.recipient_id = ${recipientId}
          and r.created_at >= ${span.startsAt} and r.created_at < ${span.endsAt})`
    : sql``;
  const onlyRecipient = recipientId ? sql`and pair_recipient = ${recipientId}` : sql``;
  const standing = (ref: string) => sql`exists (select 1 from comments
    where comments.id = ${sql.ref(ref)} and ${commentNotDeleted()} and not ${commentHidden()})`;
  const pair = sql`partition by kind, actor_id, target_id`;
  const inTime = sql`order by ${inCodeOrder(dialect, 'created_at')}, ${inCodeOrder(dialect, 'id')}`;
  const actorTrust = trustOf(criteria, 'e.actor_id');
  const { rows } = await sql<{
    recipient_id: string;
    kind: ContributionKind;
    pairs: number | string;
    trust_units: number | string;
  }>`
    with signals as (
      select e.id, e.kind, e.recipient_id, e.actor_id, e.target_id, e.created_at,
        case when e.delta > 0 then 1 else -1 end as delta,
        u.created_at as actor_created_at, ${actorTrust} as actor_trust
      from contribution_events e
      join users u on u.id = e.actor_id
      where e.created_at >= ${span.startsAt} and e.created_at < ${span.endsAt}
        and e.kind in (${sql.join(criteria.kinds)})
        and e.actor_id <> e.recipient_id
        ${onlyActors}
        and not exists (select 1 from contribution_events p
          where p.target_id = e.target_id and p.actor_id = e.actor_id and p.kind = e.kind
            and p.created_at < ${span.startsAt})
        and exists (select 1 from posts
          where posts.id = e.post_id and ${postNotDeleted()} and not ${postHidden()})
        and (e.kind not in ('comment_like', 'reply_received') or ${standing('e.target_id')})
        and (e.source_id is null or ${standing('e.source_id')})
    ),
    running as (
      select id, kind, actor_id, target_id, created_at, delta, actor_created_at, actor_trust,
        sum(delta) over (${pair} ${inTime}
          rows between unbounded preceding and current row) as sum_after,
        sum(delta) over (${pair}) as pair_sum,
        first_value(recipient_id) over (${pair} ${inTime}
          rows between unbounded preceding and current row) as pair_recipient
      from signals
    ),
    risen as (
      select kind, actor_id, pair_recipient, created_at, id, actor_created_at, actor_trust,
        row_number() over (${pair}
          order by ${inCodeOrder(dialect, 'created_at')} desc, ${inCodeOrder(dialect, 'id')} desc) as latest
      from running
      where pair_sum > 0 and sum_after > 0 and sum_after - delta <= 0
    ),
    standing as (
      select kind, actor_id, pair_recipient, actor_trust, created_at as since, id as since_id
      from risen
      where latest = 1
        and ${millisecondsBetween(dialect, 'actor_created_at', 'created_at')}
          >= ${criteria.minActorAgeSeconds * 1000}
    ),
    ranked as (
      select kind, pair_recipient, actor_trust,
        row_number() over (partition by actor_id, substr(since, 1, 10)
          order by ${inCodeOrder(dialect, 'since')}, ${inCodeOrder(dialect, 'since_id')}) as nth
      from standing
    )
    select pair_recipient as recipient_id, kind, count(*) as pairs,
      sum(actor_trust) as trust_units
    from ranked
    where nth <= ${criteria.maxEventsPerActorDaily} ${onlyRecipient}
    group by pair_recipient, kind`.execute(db);
  return rows.map((row) => ({
    recipientId: row.recipient_id,
    kind: row.kind,
    pairs: Number(row.pairs),
    trustUnits: Number(row.trust_units),
  }));
};

/**
 * The review signals that count in `span`, per reviewer and kind: scoring.ts's `countReviews` as
 * one query over the review tables as they stand, so a review deleted or hidden by now (or on a
 * post deleted or hidden) counts nothing.
 *
 * 1. `written`: the span's live reviews of live posts, not of the reviewer's own post, by
 *    reviewers old enough when they wrote them, numbered per reviewer and UTC day.
 * 2. `counted`: the first `maxPerReviewerDaily` of each day.
 * 3. `marks`: their readers' marks made before the span's end, not the reviewer's nor the post
 *    author's, by accounts old enough when they marked and not suspended at `reviews.at`
 *    (signal-voids.ts), numbered per review, earliest first.
 * The ratings (steps above the lowest, each weighing the author's trust, from authors old enough
 * when the review was written and not suspended at `reviews.at`) and the first
 * `maxHelpfulPerReview` marks of each review (each
 * weighing its reader's trust) are summed per reviewer. With `recipientId`, that reviewer alone.
 */
export const countedReviewsOf: SignalCount = async (db, dialect, span, criteria, recipientId) => {
  const review = criteria.reviews;
  if (!review || (!review.counts.review_rating && !review.counts.review_helpful)) return [];
  const minMs = criteria.minActorAgeSeconds * 1000;
  const onlyReviewer = recipientId ? sql`and reviews.reviewer_id = ${recipientId}` : sql``;
  const ratings = review.counts.review_rating
    ? sql`select reviewer_id, 'review_rating' as kind,
          sum(author_rating - ${REVIEW_SCORE_MIN}) as pairs,
          sum((author_rating - ${REVIEW_SCORE_MIN}) * author_trust) as trust_units
        from counted
        where author_rating > ${REVIEW_SCORE_MIN}
          and ${millisecondsBetween(dialect, 'author_created_at', 'created_at')} >= ${minMs}
          and not ${suspendedAt('author_id', review.at)}
        group by reviewer_id`
    : null;
  const marks = review.counts.review_helpful
    ? sql`select reviewer_id, 'review_helpful' as kind, count(*) as pairs,
          sum(marker_trust) as trust_units
        from marks
        where nth <= ${review.maxHelpfulPerReview}
        group by reviewer_id`
    : null;
  const { rows } = await sql<{
    reviewer_id: string;
    kind: ReviewSignalKind;
    pairs: number | string;
    trust_units: number | string;
  }>`
    with written as (
      select reviews.id, reviews.reviewer_id, reviews.created_at, reviews.author_rating,
        posts.user_id as author_id, author.created_at as author_created_at,
        ${trustOf(criteria, 'posts.user_id')} as author_trust,
        row_number() over (partition by reviews.reviewer_id, substr(reviews.created_at, 1, 10)
          order by ${inCodeOrder(dialect, 'reviews.created_at')},
            ${inCodeOrder(dialect, 'reviews.id')}) as nth
      from reviews
      join posts on posts.id = reviews.post_id
      join users reviewer on reviewer.id = reviews.reviewer_id
      join users author on author.id = posts.user_id
      where reviews.created_at >= ${span.startsAt} and reviews.created_at < ${span.endsAt}
        and ${reviewCounted()}
        and ${postNotDeleted()} and not ${postHidden()}
        and reviews.reviewer_id <> posts.user_id
        and ${millisecondsBetween(dialect, 'reviewer.created_at', 'reviews.created_at')} >= ${minMs}
        ${onlyReviewer}
    ),
    counted as (
      select * from written where nth <= ${review.maxPerReviewerDaily}
    ),
    marks as (
      select counted.reviewer_id, ${trustOf(criteria, 'review_helpful.user_id')} as marker_trust,
        row_number() over (partition by counted.id
          order by ${inCodeOrder(dialect, 'review_helpful.created_at')},
            ${inCodeOrder(dialect, 'review_helpful.user_id')}) as nth
      from counted
      join review_helpful on review_helpful.review_id = counted.id
      join users marker on marker.id = review_helpful.user_id
      where review_helpful.user_id <> counted.reviewer_id
        and review_helpful.user_id <> counted.author_id
        and review_helpful.created_at < ${span.endsAt}
        and ${millisecondsBetween(dialect, 'marker.created_at', 'review_helpful.created_at')} >= ${minMs}
        and not ${suspendedAt('review_helpful.user_id', review.at)}
    )
    ${sql.join(
      [ratings, marks].filter((part) => part !== null),
      sql` union all `,
    )}`.execute(db);
  return rows.map((row) => ({
    recipientId: row.reviewer_id,
    kind: row.kind,
    pairs: Number(row.pairs),
    trustUnits: Number(row.trust_units),
  }));
};
