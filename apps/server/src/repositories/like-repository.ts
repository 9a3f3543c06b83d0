import { sql } from 'kysely';
import type { AppDatabase } from '../db/index.js';
import { addContribution, undoRecentLike } from './contribution-writes.js';
import { RowGoneError } from './errors.js';
import { addNotification, type NewNotification } from './notification-writes.js';
import type { Dialect } from './database.js';
import { precompiled } from './precompiled.js';
import { commentNotDeleted, postNotDeleted } from './visibility.js';

export type LikeAction = 'liked' | 'unliked';

/** One toggle: when, the notification a like causes, and how recent a like may be undone. */
export interface LikeToggle {
  at: string;
  /** The notification a like (not taking one back) writes; null when nobody is told. */
  onLiked?: NewNotification | null;
  /**
   * A like recorded at or after this time, taken back now, removes its own contribution event
   * instead of adding a reversal (contribution-writes.ts, undoRecentLike); null: never.
   */
  undoSince?: string | null;
}

/** Where the likes of one kind of object live and which table counts them. */
const TARGETS = {
  post: {
    likes: 'post_likes',
    key: 'post_id',
    counted: 'posts',
    live: postNotDeleted,
    // The contribution signal a like records (issue 16), and the column naming its post.
    signal: 'post_like',
    postColumn: 'id',
  },
  comment: {
    likes: 'comment_likes',
    key: 'comment_id',
    counted: 'comments',
    live: commentNotDeleted,
    signal: 'comment_like',
    postColumn: 'post_id',
  },
} as const;

export type LikeRepository = ReturnType<typeof createLikeRepository>;

export function createLikeRepository(db: AppDatabase, dialect: Dialect) {
  // The ids travel as one JSON array, so the query keeps one shape for any number of posts and
  // is compiled once: every signed-in read of the forum asks it.
  const idsFromJson =
    dialect === 'sqlite'
      ? (json: string) => sql<string>`(select value from json_each(${json}))`
      : (json: string) => sql<string>`(select jsonb_array_elements_text(${json}::jsonb))`;
  const likedAmong = precompiled((userId: string, postIdsJson: string) =>
    db
      .selectFrom('post_likes')
      .select('post_id')
      .where('user_id', '=', userId)
      .where('post_id', 'in', idsFromJson(postIdsJson)),
  );

  const likedCommentsOn = precompiled((userId: string, postId: string) =>
    db
      .selectFrom('comment_likes')
      .innerJoin('comments', 'comments.id', 'comment_likes.comment_id')
      .select('comment_likes.comment_id')
      .where('comment_likes.user_id', '=', userId)
      .where('comments.post_id', '=', postId)
      .orderBy('comment_likes.created_at')
      .orderBy('comment_likes.comment_id'),
  );

  /**
   * Likes the object for the user, or takes the like back if there was one, and moves the count
   * by the same step in the same transaction. The primary key (object, user) decides which: two
   * racing toggles of one user cannot both like, and the count always equals the rows. The object's
   * row is locked first (PostgreSQL), so a deletion running at the same time either sees this like
   * and removes it, or makes this toggle throw RowGoneError having written nothing. A like (not
   * taking one back) writes `onLiked`, the notification it causes, in the same transaction;
   * `told` names whom it gave something new. Either way the contribution signal for the object's
   * author is recorded with it (+1, or −1 for a like taken back — unless the like was recorded
   * since `undoSince`, whose row then goes: undoRecentLike). `postId` is the post the object
   * belongs to (itself for a post).
   */
  async function toggle(
    kind: keyof typeof TARGETS,
    id: string,
    userId: string,
    { at, onLiked = null, undoSince = null }: LikeToggle,
  ): Promise<{ action: LikeAction; likes: number; told: string[]; postId: string }> {
    const { likes, key, counted, live, signal, postColumn } = TARGETS[kind];
    return db.transaction().execute(async (trx) => {
      const forUpdate = dialect === 'postgres' ? sql`for update` : sql``;
      const target = await sql<{ user_id: string; post_id: string }>`
        select user_id, ${sql.ref(postColumn)} as post_id from ${sql.table(counted)}
        where id = ${id} and ${live()} ${forUpdate}`.execute(trx);
      const liked = target.rows[0];
      if (!liked) throw new RowGoneError(counted);
      const inserted = await sql`
        insert into ${sql.table(likes)} (${sql.ref(key)}, user_id, created_at)
        values (${id}, ${userId}, ${at})
        on conflict do nothing`.execute(trx);
      let action: LikeAction = 'liked';
      if (Number(inserted.numAffectedRows ?? 0) === 0) {
        await sql`delete from ${sql.table(likes)}
          where ${sql.ref(key)} = ${id} and user_id = ${userId}`.execute(trx);
        action = 'unliked';
      }
      const step = action === 'liked' ? 1 : -1;
      const { rows } = await sql<{ likes: number | string }>`
        update ${sql.table(counted)} set likes = likes + ${step}
        where id = ${id} returning likes`.execute(trx);
      const pair = { kind: signal, actorId: userId, targetId: id };
      const undone =
        action === 'unliked' &&
        undoSince !== null &&
        (await undoRecentLike(trx, pair, undoSince, at));
      if (!undone) {
        await addContribution(trx, {
          ...pair,
          recipientId: liked.user_id,
          postId: liked.post_id,
          sourceId: null,
          delta: step,
          at,
        });
      }
      const told =
        action === 'liked' && onLiked && (await addNotification(trx, onLiked))
          ? [onLiked.recipientId]
          : [];
      return { action, likes: Number(rows[0]?.likes ?? 0), told, postId: liked.post_id };
    });
  }

  return {
    /** Which of these posts the user liked, in one query. */
    async likedPosts(userId: string, postIds: string[]): Promise<Set<string>> {
      if (postIds.length === 0) return new Set();
      const { rows } = await db.executeQuery(likedAmong(userId, JSON.stringify(postIds)));
      return new Set(rows.map((row) => row.post_id));
    },
    /** The ids of the post's comments the user liked, in the order they were liked. */
    async likedCommentsOnPost(userId: string, postId: string): Promise<string[]> {
      const { rows } = await db.executeQuery(likedCommentsOn(userId, postId));
      return rows.map((row) => row.comment_id);
    },
    togglePostLike: (postId: string, userId: string, change: LikeToggle) =>
      toggle('post', postId, userId, change),
    toggleCommentLike: (commentId: string, userId: string, change: LikeToggle) =>
      toggle('comment', commentId, userId, change),
  };
}
