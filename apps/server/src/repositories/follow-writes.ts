import { sql, type Transaction } from 'kysely';
import type { DatabaseSchema } from '../db/index.js';
import { excerptOf } from '../domain/notification.js';
import type { Dialect } from './database.js';
import { deliveryOf, queueNotificationEmails } from './notification-delivery.js';
import { postVisibleTo } from './visibility.js';

/**
 * How a post tells its author's followers (`followed_post`, issue 30), as a plain function inside
 * the transaction that publishes it (post-analysis.ts) or edits it (post-revisions.ts), beside
 * notification-writes.ts. Who is told is policies/follow-policy.ts `followersToldOf`: a post
 * published and readable by anyone, each follower of its author but the author, once per post.
 */

type Trx = Transaction<DatabaseSchema>;

const TYPE = 'followed_post';

/** A new notification id, made by the database for each row of one INSERT … SELECT. */
const newId = (dialect: Dialect) =>
  dialect === 'sqlite'
    ? sql<string>`lower(hex(randomblob(16)))`
    : sql<string>`cast(gen_random_uuid() as text)`;

const text = (value: string) => sql<string>`cast(${value} as text)`;

/**
 * Tells the followers of the post's author of it, if the post is published and anyone may read
 * it (`postVisibleTo(null)`) and its followers were never told of it; returns whom it told (for
 * the after-write step's `notify`). One INSERT … SELECT writes every follower's notification, so
 * an author with thousands of followers costs one statement, not one per follower. The
 * `post_follower_notices` row makes it once per post: an edit, a new analysis or a post made
 * private and public again tells nobody twice. A follower who wants it neither in the bell nor
 * by email is passed over, one who wants it by email alone gets it hidden from the bell, and the
 * email jobs of those who want it at once are queued, as addNotification does
 * (notification-delivery.ts).
 */
export async function tellFollowersOfPost(
  trx: Trx,
  dialect: Dialect,
  postId: string,
  at: string,
): Promise<string[]> {
  const post = await trx
    .selectFrom('posts')
    .select(['posts.id', 'posts.user_id', 'posts.title'])
    .where('posts.id', '=', postId)
    .where('posts.status', '=', 'published')
    .where(postVisibleTo(null))
    .executeTakeFirst();
  if (!post) return [];
  const marked = await trx
    .insertInto('post_follower_notices')
    .values({ post_id: post.id, notified_at: at })
    .onConflict((conflict) => conflict.column('post_id').doNothing())
    .executeTakeFirst();
  if (Number(marked.numInsertedOrUpdatedRows ?? 0) === 0) return [];

  const delivery = deliveryOf('follows.follower_id', TYPE);
  const rows = await trx
    .insertInto('notifications')
    .columns([
      'id',
      'user_id',
      'type',
      'actor_id',
      'post_id',
      'comment_id',
      'excerpt',
      'group_key',
      'created_at',
      'updated_at',
      'read_at',
      'in_app',
    ])
    .expression(
      trx
        .selectFrom('follows')
        .select([
          newId(dialect).as('id'),
          'follows.follower_id',
          text(TYPE).as('type'),
          text(post.user_id).as('actor_id'),
          text(post.id).as('post_id'),
          sql<null>`null`.as('comment_id'),
          text(excerptOf(post.title)).as('excerpt'),
          // One per recipient and post (notifications_one_per_group): never two of one post.
          text(`${TYPE}:${post.id}`).as('group_key'),
          text(at).as('created_at'),
          text(at).as('updated_at'),
          sql<null>`null`.as('read_at'),
          delivery.inApp.as('in_app'),
        ])
        .where('follows.kind', '=', 'author')
        .where('follows.target', '=', post.user_id)
        .where('follows.follower_id', '<>', post.user_id)
        .where(delivery.write),
    )
    .onConflict((conflict) => conflict.columns(['user_id', 'group_key']).doNothing())
    .returning('user_id')
    .execute();
  const told = rows.map((row) => row.user_id);
  await queueNotificationEmails(trx, told, TYPE, at);
  return told;
}
