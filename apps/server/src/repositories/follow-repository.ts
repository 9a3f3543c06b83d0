import type { FollowType } from '@symposia/shared';
import { sql, type SqlBool } from 'kysely';
import type { AppDatabase } from '../db/index.js';
import { lockRows, writeTransaction, type Dialect, type Executor } from './database.js';

/**
 * What members follow (issue 30, migration 0031): authors by their user id, tags as first
 * followed. A tag is one tag whatever its letter case: every lookup compares `lower(target)` with
 * `lower(…)`, the expression of the table's unique index and of the following feed
 * (post-search.ts), so they agree on both databases.
 */

/** What following one more thing depends on: whether it is followed already, and the count. */
export interface FollowState {
  /** The target as stored when the member follows it already, else null. */
  followedAs: string | null;
  count: number;
}

/** An author the member follows, with what lists show of them. */
export interface FollowedAuthorRow {
  id: string;
  username: string;
  nickname: string;
  avatar: string;
  followedAt: string;
}

export interface FollowedTagRow {
  tag: string;
  followedAt: string;
}

export type FollowRepository = ReturnType<typeof createFollowRepository>;

/** The same target of this kind, ignoring a tag's letter case. */
const sameTarget = (target: string) =>
  sql<SqlBool>`lower(${sql.ref('follows.target')}) = lower(${target})`;

export function createFollowRepository(db: AppDatabase, dialect: Dialect) {
  async function stateOf(
    trx: Executor,
    followerId: string,
    kind: FollowType,
    target: string,
  ): Promise<FollowState> {
    const existing = await trx
      .selectFrom('follows')
      .select('follows.target')
      .where('follows.follower_id', '=', followerId)
      .where('follows.kind', '=', kind)
      .where(sameTarget(target))
      .executeTakeFirst();
    const count = await trx
      .selectFrom('follows')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('follows.follower_id', '=', followerId)
      .executeTakeFirstOrThrow();
    return { followedAs: existing?.target ?? null, count: Number(count.n) };
  }

  return {
    /**
     * Follows `target` unless `check` refuses (it throws, and nothing is written). One member's
     * follows take turns (their user row is locked), so the count `check` sees holds. Answers
     * the target as stored (a tag's first spelling) and whether this call added it.
     */
    async follow(
      followerId: string,
      kind: FollowType,
      target: string,
      at: string,
      check: (state: FollowState) => void,
    ): Promise<{ target: string; created: boolean }> {
      return writeTransaction(db, dialect, async (trx) => {
        await lockRows(
          dialect,
          trx.selectFrom('users').select('id').where('id', '=', followerId),
        ).execute();
        const state = await stateOf(trx, followerId, kind, target);
        check(state);
        if (state.followedAs !== null) return { target: state.followedAs, created: false };
        await trx
          .insertInto('follows')
          .values({ follower_id: followerId, kind, target, created_at: at })
          .execute();
        return { target, created: true };
      });
    },

    /** Stops following `target`; false when it was not followed. */
    async unfollow(followerId: string, kind: FollowType, target: string): Promise<boolean> {
      const result = await db
        .deleteFrom('follows')
        .where('follows.follower_id', '=', followerId)
        .where('follows.kind', '=', kind)
        .where(sameTarget(target))
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Everything the member follows, most recently followed first. */
    async followsOf(
      followerId: string,
    ): Promise<{ authors: FollowedAuthorRow[]; tags: FollowedTagRow[] }> {
      const [authors, tags] = await Promise.all([
        db
          .selectFrom('follows')
          .innerJoin('users', 'users.id', 'follows.target')
          .select([
            'users.id',
            'users.username',
            'users.nickname',
            'users.avatar',
            'follows.created_at',
          ])
          .where('follows.follower_id', '=', followerId)
          .where('follows.kind', '=', 'author')
          .orderBy('follows.created_at', 'desc')
          .orderBy('users.id')
          .execute(),
        db
          .selectFrom('follows')
          .select(['follows.target', 'follows.created_at'])
          .where('follows.follower_id', '=', followerId)
          .where('follows.kind', '=', 'tag')
          .orderBy('follows.created_at', 'desc')
          .orderBy('follows.target')
          .execute(),
      ]);
      return {
        authors: authors.map((row) => ({
          id: row.id,
          username: row.username,
          nickname: row.nickname,
          avatar: row.avatar,
          followedAt: row.created_at,
        })),
        tags: tags.map((row) => ({ tag: row.target, followedAt: row.created_at })),
      };
    },

    /** Whether `followerId` follows the author `authorId`. */
    async followsAuthor(followerId: string, authorId: string): Promise<boolean> {
      const row = await db
        .selectFrom('follows')
        .select('follows.target')
        .where('follows.follower_id', '=', followerId)
        .where('follows.kind', '=', 'author')
        .where('follows.target', '=', authorId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** How many members follow the author, and how many authors and tags the author follows. */
    async countsOf(userId: string): Promise<{ followers: number; following: number }> {
      const [followers, following] = await Promise.all([
        db
          .selectFrom('follows')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('follows.kind', '=', 'author')
          .where('follows.target', '=', userId)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('follows')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('follows.follower_id', '=', userId)
          .executeTakeFirstOrThrow(),
      ]);
      return { followers: Number(followers.n), following: Number(following.n) };
    },
  };
}
