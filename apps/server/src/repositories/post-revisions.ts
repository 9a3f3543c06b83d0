import { visibilitySchema } from '@symposia/shared';
import type { AppDatabase } from '../db/index.js';
import type { PostText, StoredRevision } from '../domain/post.js';
import { searchFields } from '../domain/search-text.js';
import { lockRows, type Dialect } from './database.js';
import { tellFollowersOfPost } from './follow-writes.js';
import { requeueJob, type NewJob } from './job-repository.js';
import { addNotification, type NewNotification } from './notification-writes.js';
import { queueRelate } from './post-rows.js';
import { recomputeReviewStatus } from './review-status-writes.js';
import { postNotDeleted } from './visibility.js';
import type { ReviewRule } from '../domain/review-status.js';

/** What an edit may change, and what a revision keeps of a post. */
export interface PostVersion extends PostText {
  doi: string | null;
}

/** The fields an edit sets; those left undefined stay as they are. */
export type PostChanges = Partial<PostVersion>;

export type { StoredRevision } from '../domain/post.js';

function definedOnly(changes: PostChanges): PostChanges {
  return Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined),
  ) as PostChanges;
}

function sameVersion(a: PostVersion, b: PostVersion): boolean {
  return (Object.keys(a) as (keyof PostVersion)[]).every(
    (key) => JSON.stringify(a[key]) === JSON.stringify(b[key]),
  );
}

export type PostRevisionRepository = ReturnType<typeof createPostRevisionRepository>;

/** The author's edits: each keeps the version it replaced in post_revisions. */
export function createPostRevisionRepository(db: AppDatabase, dialect: Dialect) {
  return {
    /**
     * Applies the author's edit (only the fields given) in one transaction: the version it replaces
     * goes into post_revisions, the search text follows, `edited_at` is set, and when
     * `reanalysis.when(before)` holds the post's processing job is queued again (its analysis
     * cleared so the job makes a new one). An edit that changes nothing writes nothing. Undefined
     * when the post does not exist or is deleted. A published post that anyone may read after the
     * edit (made public) tells its author's followers, once per post (follow-writes.ts); the
     * `notifications` an edit causes (its new `@username`s) are written with it. `told`: whom
     * either reached.
     */
    async edit(
      id: string,
      changes: PostChanges,
      at: string,
      reanalysis?: { job: NewJob; when: (before: PostVersion) => boolean },
      reviewRule?: ReviewRule,
      notifications: NewNotification[] = [],
    ): Promise<{ outcome: 'edited' | 'unchanged'; told: string[] } | undefined> {
      return db.transaction().execute(async (trx) => {
        const before = await lockRows(
          dialect,
          trx
            .selectFrom('posts')
            .select([
              'id',
              'user_id',
              'title',
              'summary',
              'content',
              'tags',
              'ai_instruction',
              'visibility',
              'doi',
              'created_at',
              'edited_at',
              'revision',
            ])
            .where('id', '=', id)
            .where(postNotDeleted()),
        ).executeTakeFirst();
        if (!before) return undefined;
        const version: PostVersion = {
          title: before.title,
          summary: before.summary,
          content: before.content,
          tags: JSON.parse(before.tags) as string[],
          aiInstruction: before.ai_instruction,
          visibility: visibilitySchema.parse(before.visibility),
          doi: before.doi,
        };
        const after: PostVersion = { ...version, ...definedOnly(changes) };
        if (sameVersion(version, after)) return { outcome: 'unchanged', told: [] };
        // The version replaced is kept under its own number; the post's text is one more.
        const replaced = Number(before.revision);
        await trx
          .insertInto('post_revisions')
          .values({
            post_id: id,
            revision: replaced,
            title: version.title,
            summary: version.summary,
            content: version.content,
            tags: JSON.stringify(version.tags),
            ai_instruction: version.aiInstruction,
            visibility: version.visibility,
            edited_at: before.edited_at ?? before.created_at,
          })
          .execute();
        const author = await trx
          .selectFrom('users')
          .select('username')
          .where('id', '=', before.user_id)
          .executeTakeFirstOrThrow();
        const reanalyse = reanalysis?.when(version) ?? false;
        await trx
          .updateTable('posts')
          .set({
            title: after.title,
            summary: after.summary,
            content: after.content,
            tags: JSON.stringify(after.tags),
            ai_instruction: after.aiInstruction,
            visibility: after.visibility,
            doi: after.doi,
            revision: replaced + 1,
            edited_at: at,
            updated_at: at,
            ...(reanalyse && { ai_analysis: '' }),
          })
          .where('id', '=', id)
          .execute();
        await trx
          .updateTable('post_search')
          .set(searchFields(after, author.username))
          .where('post_id', '=', id)
          .execute();
        await queueRelate(trx, id, at);
        if (reanalyse && reanalysis) await requeueJob(trx, reanalysis.job);
        // Reviews of the replaced text stop counting unless the reviewed text is unchanged.
        if (reviewRule) await recomputeReviewStatus(trx, id, reviewRule, at);
        const told = await tellFollowersOfPost(trx, dialect, id, at);
        for (const notification of notifications) {
          if (await addNotification(trx, notification)) told.push(notification.recipientId);
        }
        return { outcome: 'edited', told: [...new Set(told)] };
      });
    },

    /** The versions edits replaced, newest first. */
    async revisions(id: string): Promise<StoredRevision[]> {
      const rows = await db
        .selectFrom('post_revisions')
        .select(['revision', 'edited_at', 'title', 'summary', 'content', 'tags'])
        .where('post_id', '=', id)
        .orderBy('revision', 'desc')
        .execute();
      return rows.map((row) => ({
        revision: Number(row.revision),
        editedAt: row.edited_at,
        title: row.title,
        summary: row.summary,
        content: row.content,
        tags: JSON.parse(row.tags) as string[],
      }));
    },
  };
}
