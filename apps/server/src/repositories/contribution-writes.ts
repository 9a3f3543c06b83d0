import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DatabaseSchema } from '../db/index.js';
import type { ContributionKind } from '../domain/reward.js';

/**
 * How contribution signals are recorded (issue 16): inside the transaction of the like, comment,
 * deletion or hiding that makes them, as notification-writes.ts writes notifications, so a signal
 * exists exactly when what it stands for does. Rows are only ever added: taking something back
 * adds the reversing row (delta −1). What counts, and for how much, is decided when an epoch is
 * scored (services/rewards/scoring.ts); self-actions are recorded and count nothing there.
 * The one exception: a like taken back within moments removes its own row (undoRecentLike).
 */
export interface NewContribution {
  kind: ContributionKind;
  /** The author of the target: who earns. */
  recipientId: string;
  actorId: string;
  postId: string;
  /** The post or comment whose author receives. */
  targetId: string;
  /** The comment written, for comment_received and reply_received. */
  sourceId: string | null;
  delta: 1 | -1;
  at: string;
}

type Executor = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;

/**
 * Records the signal. A +1 given while its actor is suspended is not recorded (issue 28: it
 * counts nothing from the suspension on; signal-voids.ts voids what they gave before): one
 * INSERT … SELECT whose condition reads the actor's suspension, so no path that still lets a
 * suspended member act can record one. Reversals are always recorded: they only take away.
 */
export async function addContribution(trx: Executor, event: NewContribution): Promise<void> {
  const notSuspended =
    event.delta < 0
      ? sql``
      : sql`where not exists (select 1 from users
          where users.id = ${event.actorId} and users.suspended_until > ${event.at})`;
  await sql`insert into contribution_events
      (id, kind, recipient_id, actor_id, post_id, target_id, source_id, delta, created_at)
    select ${randomUUID()}, ${event.kind}, ${event.recipientId}, ${event.actorId},
      ${event.postId}, ${event.targetId}, cast(${event.sourceId} as text),
      cast(${event.delta} as integer), ${event.at}
    ${notSuspended}`.execute(trx);
}

/**
 * Takes back a like recorded moments ago by removing its own row instead of adding a reversal
 * (issue 26: a like toggled in a loop wrote a +1 and a −1 row per round, without bound). Removes
 * the pair's latest event, and returns true, only when all of these hold:
 * - it is a +1 (the like being taken back) recorded at or after `since` (LIKE_UNDO_WINDOW_SECONDS);
 * - the pair has an earlier event, which stays: scoring counts a pair only in the first epoch it
 *   has events in (`pairSeenBefore`, services/rewards/scoring.ts), so its first row is never
 *   removed;
 * - the like and `at` fall in one epoch that is still open (not ended, not distributed), so no
 *   epoch that was or may be scored ever loses a row.
 * A +1 directly followed by its −1 moves no pair's standing (the sum returns to what it was and
 * the pair stood neither before nor after), so every score stays exactly what the two rows would
 * have given. Otherwise nothing changes and the caller records the reversal.
 */
export async function undoRecentLike(
  trx: Executor,
  pair: { kind: ContributionKind; actorId: string; targetId: string },
  since: string,
  at: string,
): Promise<boolean> {
  const [latest, earlier] = await trx
    .selectFrom('contribution_events')
    .select(['id', 'delta', 'created_at'])
    .where('target_id', '=', pair.targetId)
    .where('actor_id', '=', pair.actorId)
    .where('kind', '=', pair.kind)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(2)
    .execute();
  if (!latest || !earlier || Number(latest.delta) !== 1 || latest.created_at < since) return false;
  const openEpoch = await trx
    .selectFrom('reward_epochs')
    .select('id')
    .where('starts_at', '<=', latest.created_at)
    .where('ends_at', '>', at)
    .where('distributed_at', 'is', null)
    .executeTakeFirst();
  if (!openEpoch) return false;
  await trx.deleteFrom('contribution_events').where('id', '=', latest.id).execute();
  return true;
}

/**
 * The signals of one comment: `comment_received` for its post's author and, for a reply,
 * `reply_received` for the author of the comment it answers; +1 when it is written (or shown
 * again), −1 when it is deleted or hidden. Reads the comment, so call it while the row exists.
 */
export async function addCommentContributions(
  trx: Executor,
  commentId: string,
  delta: 1 | -1,
  at: string,
): Promise<void> {
  const row = await trx
    .selectFrom('comments')
    .innerJoin('posts', 'posts.id', 'comments.post_id')
    .leftJoin('comments as parent', 'parent.id', 'comments.parent_id')
    .select([
      'comments.user_id as actor_id',
      'comments.post_id',
      'posts.user_id as post_author_id',
      'comments.parent_id',
      'parent.user_id as parent_author_id',
    ])
    .where('comments.id', '=', commentId)
    .executeTakeFirst();
  if (!row) return;
  const common = { actorId: row.actor_id, postId: row.post_id, sourceId: commentId, delta, at };
  await addContribution(trx, {
    ...common,
    kind: 'comment_received',
    recipientId: row.post_author_id,
    targetId: row.post_id,
  });
  if (row.parent_id !== null && row.parent_author_id !== null) {
    await addContribution(trx, {
      ...common,
      kind: 'reply_received',
      recipientId: row.parent_author_id,
      targetId: row.parent_id,
    });
  }
}
