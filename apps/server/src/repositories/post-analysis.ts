import { visibilitySchema } from '@symposia/shared';
import type { AppDatabase } from '../db/index.js';
import type { PublishedPost } from '../domain/post.js';
import { documentFields, searchFields } from '../domain/search-text.js';
import type { Dialect } from './database.js';
import { tellFollowersOfPost } from './follow-writes.js';
import { queueRelate } from './post-rows.js';

export type PostAnalysisRepository = ReturnType<typeof createPostAnalysisRepository>;

/** What processing writes back on a post: its analysis and tags, and its documents' text. */
export function createPostAnalysisRepository(db: AppDatabase, dialect: Dialect) {
  return {
    /**
     * Stores the analysis, the tags it added and the new status; the search text follows, with
     * the text of the post's documents (`documentText`), and its related posts are queued for a
     * refresh, in one transaction. With `basedOn` (the post's editedAt when the analysis read it),
     * nothing is written if the author edited the post since: the analysis of the old text would
     * overwrite the new one's. A post published now that anyone may read tells its author's
     * followers in the same transaction (follow-writes.ts). Returns whom it told, and the post
     * with who may see it when this write published it (`published`: it was not published before;
     * undefined when it was, or nothing was written), so live streams hear of a new post once.
     */
    async saveAnalysis(
      id: string,
      result: { aiAnalysis: string; tags: string[]; status: 'published' },
      at: string,
      basedOn?: { editedAt: string | null },
      documentText = '',
    ): Promise<{ told: string[]; published?: PublishedPost }> {
      const nothing = { told: [] };
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('posts')
          .innerJoin('users', 'users.id', 'posts.user_id')
          .select([
            'posts.title',
            'posts.summary',
            'posts.content',
            'posts.status',
            'posts.user_id',
            'posts.visibility',
            'posts.hidden_at',
            'posts.deleted_at',
            'users.username',
          ])
          .where('posts.id', '=', id)
          .executeTakeFirst();
        if (!row) return nothing;
        const result_ = await trx
          .updateTable('posts')
          .set({
            ai_analysis: result.aiAnalysis,
            tags: JSON.stringify(result.tags),
            status: result.status,
            updated_at: at,
          })
          .where('id', '=', id)
          .$if(basedOn !== undefined, (query) =>
            basedOn?.editedAt == null
              ? query.where('edited_at', 'is', null)
              : query.where('edited_at', '=', basedOn.editedAt),
          )
          .executeTakeFirst();
        if (Number(result_.numUpdatedRows) !== 1) return nothing;
        await trx
          .updateTable('post_search')
          .set({
            ...searchFields({ ...row, tags: result.tags }, row.username),
            ...documentFields(documentText),
          })
          .where('post_id', '=', id)
          .execute();
        await queueRelate(trx, id, at);
        const told = await tellFollowersOfPost(trx, dialect, id, at);
        const published: PublishedPost | undefined =
          row.status === result.status
            ? undefined
            : {
                id,
                authorId: row.user_id,
                visibility: visibilitySchema.parse(row.visibility),
                deleted: row.deleted_at !== null,
                hidden: row.hidden_at !== null,
              };
        return { told, published };
      });
    },

    /**
     * Indexes the text of the post's documents (read again from the content store for a post
     * indexed before search covered documents), and queues its related posts for a refresh.
     */
    async saveDocumentText(id: string, text: string, at: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('post_search')
          .set(documentFields(text))
          .where('post_id', '=', id)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 1) await queueRelate(trx, id, at);
      });
    },
  };
}
