import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DatabaseSchema } from '../db/index.js';
import type { ContributionKind } from '../domain/reward.js';

/**
 * How contribution signals are recorded (issue 16): inside the transaction of the like, comment,
 * deletion or hiding that makes them, as notification-writes.ts writes notifications, so a signal
 * exists exactly when what it stands for does. Rows are only ever added: taking something back
 * adds the reversing row (delta −1). What counts, and for how much, is decided when an epoch is
 * scored (services/rewards/scoring.ts); self-actions are recorded and count nothing there.
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

export async function addContribution(trx: Executor, event: NewContribution): Promise<void> {
  await trx
    .insertInto('contribution_events')
    .values({
      id: randomUUID(),
      kind: event.kind,
      recipient_id: event.recipientId,
      actor_id: event.actorId,
      post_id: event.postId,
      target_id: event.targetId,
      source_id: event.sourceId,
      delta: event.delta,
      created_at: event.at,
    })
    .execute();
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
