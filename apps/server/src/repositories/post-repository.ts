import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { AppDatabase, DatabaseSchema } from '../db/index.js';
import type { NewPost, Post, Viewer } from '../domain/post.js';
import { searchFields } from '../domain/search-text.js';
import { lockRows, type Dialect } from './database.js';
import { addNotification, type NewNotification } from './notification-writes.js';
import { insertFile, uniqueByCid } from './file-repository.js';
import { enqueueJob, type NewJob } from './job-repository.js';
import { filesOf, toPost } from './post-rows.js';
import { selectPosts } from './post-search.js';
import { postHidden, postNotDeleted, postVisibleTo } from './visibility.js';

/**
 * Posts as a whole: written with their files and processing job, read one at a time, deleted,
 * hidden. Their lists and search are post-search.ts, edits post-revisions.ts, what processing
 * writes back post-analysis.ts, files file-repository.ts; repositories/index.ts hands the
 * services all of them as one `posts`.
 */

/** What hiding or showing again did: changed it, found it already so, or found it gone. */
export type HiddenChange = 'changed' | 'unchanged' | 'gone';

export type PostCoreRepository = ReturnType<typeof createPostRepository>;

export function createPostRepository(db: AppDatabase, dialect: Dialect) {
  return {
    /**
     * Stores the post, its files and its processing job in one transaction: either all of it
     * exists, or none. The notifications it causes (its `@username`s) are written in the same
     * transaction; returns the members who have something new to be told.
     */
    async insert(
      post: NewPost,
      authorName: string,
      job?: NewJob,
      notifications: NewNotification[] = [],
    ): Promise<string[]> {
      return db.transaction().execute(async (trx) => {
        for (const file of uniqueByCid(post.files)) {
          await insertFile(trx, file, post.userId, post.createdAt);
        }
        const inserted = await trx
          .insertInto('posts')
          .values({
            id: post.id,
            user_id: post.userId,
            title: post.title,
            summary: post.summary,
            content: post.content,
            tags: JSON.stringify(post.tags),
            ai_instruction: post.aiInstruction,
            visibility: post.visibility,
            media_type: post.mediaType,
            status: post.status,
            ai_analysis: '',
            created_at: post.createdAt,
            updated_at: post.createdAt,
            doi: post.doi ?? null,
          })
          .returning('seq')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('post_search')
          .values({
            post_seq: Number(inserted.seq),
            post_id: post.id,
            ...searchFields(post, authorName),
          })
          .execute();
        await trx
          .insertInto('post_files')
          .values(
            post.files.map((file, position) => ({
              post_id: post.id,
              position,
              cid: file.cid,
              name: file.name,
            })),
          )
          .execute();
        await trx
          .insertInto('uploads')
          .values(
            post.files.map((file) => ({
              id: randomUUID(),
              user_id: post.userId,
              kind: 'post' as const,
              cid: file.cid,
              size: file.size,
              post_id: post.id,
              created_at: post.createdAt,
            })),
          )
          .execute();
        if (job) await enqueueJob(trx, job);
        const told: string[] = [];
        for (const notification of notifications) {
          if (await addNotification(trx, notification)) told.push(notification.recipientId);
        }
        return told;
      });
    },

    /** A post whatever its visibility, for processing; a deleted post is gone. */
    async findById(id: string): Promise<Post | undefined> {
      const row = await selectPosts(db, dialect, null)
        .where('posts.id', '=', id)
        .where(postNotDeleted())
        .executeTakeFirst();
      if (!row) return undefined;
      const files = await filesOf(db, [row.id]);
      return toPost(row, files.get(row.id) ?? []);
    },

    /** The post if it exists and the viewer may see it (repositories/visibility.ts). */
    async findVisible(id: string, viewer: Viewer): Promise<Post | undefined> {
      const row = await selectPosts(db, dialect, viewer)
        .where('posts.id', '=', id)
        .where(postVisibleTo(viewer))
        .executeTakeFirst();
      if (!row) return undefined;
      const files = await filesOf(db, [row.id]);
      return toPost(row, files.get(row.id) ?? []);
    },

    /**
     * Deletes the post: the row stays with `deleted_at` (every read leaves it out), its comments
     * (with their likes) and its likes are removed and its counters zeroed, in one transaction, so
     * every count equals the rows behind it. False when it was already deleted or never existed.
     */
    async delete(id: string, at: string): Promise<boolean> {
      return db.transaction().execute((trx) => deletePostWithin(trx, id, at));
    },

    /**
     * Whether the member has a post the moderators hid: then the forum lists it to them (marked),
     * so their pages cannot be the copy everyone shares.
     */
    async hasHiddenBy(userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('posts')
        .select('id')
        .where('user_id', '=', userId)
        .where(postHidden())
        .where(postNotDeleted())
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** How many posts exist (all visibilities); for seeding and benchmarks. */
    async count(): Promise<number> {
      const row = await db
        .selectFrom('posts')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

/**
 * Deletes the post: the row stays with `deleted_at` (every read leaves it out), its comments
 * (with their likes) and its likes are removed and its counters zeroed, so every count equals the
 * rows behind it. False when it was already deleted or never existed.
 */
export async function deletePostWithin(
  trx: Transaction<DatabaseSchema>,
  id: string,
  at: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('posts')
    .set({ deleted_at: at, updated_at: at, likes: 0, comments: 0 })
    .where('id', '=', id)
    .where(postNotDeleted())
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  // Out of the index and of every related list; the row stays, so the cascade does not run.
  await trx.deleteFrom('post_search').where('post_id', '=', id).execute();
  await trx
    .deleteFrom('post_related')
    .where((eb) => eb.or([eb('post_id', '=', id), eb('related_id', '=', id)]))
    .execute();
  // Their likes go by the foreign keys' cascade.
  await trx.deleteFrom('comments').where('post_id', '=', id).execute();
  await trx.deleteFrom('post_likes').where('post_id', '=', id).execute();
  return true;
}

/**
 * Hides the post (`hiddenAt`) or shows it again (null), inside the caller's transaction (a
 * moderator's decision). Its counts stay: they are read only by those who may see it.
 * 'unchanged' when it already was so, 'gone' when it is deleted or never existed.
 */
export async function setPostHiddenWithin(
  trx: Transaction<DatabaseSchema>,
  dialect: Dialect,
  id: string,
  hiddenAt: string | null,
): Promise<HiddenChange> {
  const before = await lockRows(
    dialect,
    trx.selectFrom('posts').select('hidden_at').where('id', '=', id).where(postNotDeleted()),
  ).executeTakeFirst();
  if (!before) return 'gone';
  if ((before.hidden_at !== null) === (hiddenAt !== null)) return 'unchanged';
  await trx.updateTable('posts').set({ hidden_at: hiddenAt }).where('id', '=', id).execute();
  return 'changed';
}
