import { randomUUID } from 'node:crypto';
import type { NotificationType } from '@symposia/shared';
import type { Kysely, Transaction } from 'kysely';
import type { DatabaseSchema } from '../db/index.js';
import { notificationDelivery } from '../policies/notification-email-policy.js';
import { deliveryFacts, queueNotificationEmails } from './notification-delivery.js';

/**
 * How a notification is written: inside the transaction of what causes it (a comment, a like, a
 * moderator's decision), so neither exists without the other. Which members to tell, and never
 * oneself, is decided before (policies/); this only writes, honouring the recipient's settings.
 */
export interface NewNotification {
  recipientId: string;
  type: NotificationType;
  /** Who caused it; null for moderation outcomes and rewards. */
  actorId: string | null;
  postId: string | null;
  commentId: string | null;
  /**
   * The review a `review` or `review_response` notification is about: it follows the review
   * (and the response) as one about a comment follows the comment. Absent: none.
   */
  reviewId?: string;
  excerpt: string;
  /**
   * Unique per recipient. One event, one key (`comment:{id}` for a comment, its reply and its
   * mentions alike, so a reply that mentions you is one notification: the first written wins).
   * A group gathers several events (`like:post:{id}:{day}`): each new actor raises its count.
   */
  groupKey: string;
  at: string;
}

type Executor = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;

/**
 * Writes the notification, or adds its actor to the group already written under its key (count
 * up by one per new actor, marked unread again, newest actor and excerpt shown). Nothing is written
 * when the recipient wants it neither in the bell nor by email (policies/notification-email-policy.ts:
 * one whose bell switch is off is written hidden from the bell when email brings it), or when the
 * actor is already counted in the group. When email brings it immediately, the recipient's email
 * job is queued in the same transaction (notification-delivery.ts). Returns whether the recipient
 * has something new to be told.
 */
export async function addNotification(trx: Executor, n: NewNotification): Promise<boolean> {
  const facts = await deliveryFacts(trx, n.recipientId, n.type);
  if (!facts) return false;
  const delivery = notificationDelivery(facts);
  if (!delivery.write) return false;
  const added = await writeNotification(trx, n, delivery.inApp ? 1 : 0);
  if (added && delivery.immediate) {
    await queueNotificationEmails(trx, [n.recipientId], n.type, n.at);
  }
  return added;
}

async function writeNotification(trx: Executor, n: NewNotification, inApp: number) {
  const id = randomUUID();
  const inserted = await trx
    .insertInto('notifications')
    .values({
      id,
      user_id: n.recipientId,
      type: n.type,
      actor_id: n.actorId,
      post_id: n.postId,
      comment_id: n.commentId,
      review_id: n.reviewId ?? null,
      excerpt: n.excerpt,
      group_key: n.groupKey,
      created_at: n.at,
      updated_at: n.at,
      read_at: null,
      in_app: inApp,
    })
    .onConflict((oc) => oc.columns(['user_id', 'group_key']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) {
    if (n.actorId !== null) {
      await trx
        .insertInto('notification_actors')
        .values({ notification_id: id, actor_id: n.actorId })
        .execute();
    }
    return true;
  }

  // Already written under this key: one event told twice stops here; a group gains an actor.
  if (n.actorId === null) return false;
  const existing = await trx
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', n.recipientId)
    .where('group_key', '=', n.groupKey)
    .executeTakeFirst();
  if (!existing) return false;
  const joined = await trx
    .insertInto('notification_actors')
    .values({ notification_id: existing.id, actor_id: n.actorId })
    .onConflict((oc) => oc.columns(['notification_id', 'actor_id']).doNothing())
    .executeTakeFirst();
  if (Number(joined.numInsertedOrUpdatedRows ?? 0) === 0) return false;
  await trx
    .updateTable('notifications')
    .set((eb) => ({
      count: eb('count', '+', 1),
      actor_id: n.actorId,
      excerpt: n.excerpt,
      updated_at: n.at,
      read_at: null,
      in_app: inApp,
    }))
    .where('id', '=', existing.id)
    .execute();
  return true;
}
