import type { AppDatabase } from '../db/index.js';

export type PostLikeRepository = ReturnType<typeof createPostLikeRepository>;

export function createPostLikeRepository(db: AppDatabase) {
  return {
    /**
     * Likes the post for the user, or takes the like back if there was one, and moves the count
     * by the same step in the same transaction. The primary key (post, user) decides which: two
     * racing toggles of one user cannot both like, and the count always equals the rows.
     */
    async toggle(
      postId: string,
      userId: string,
      at: string,
    ): Promise<{ action: 'liked' | 'unliked'; likes: number }> {
      return db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('post_likes')
          .values({ post_id: postId, user_id: userId, created_at: at })
          .onConflict((conflict) => conflict.columns(['post_id', 'user_id']).doNothing())
          .executeTakeFirst();
        let action: 'liked' | 'unliked' = 'liked';
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
          await trx
            .deleteFrom('post_likes')
            .where('post_id', '=', postId)
            .where('user_id', '=', userId)
            .execute();
          action = 'unliked';
        }
        const step = action === 'liked' ? 1 : -1;
        const row = await trx
          .updateTable('posts')
          .set((eb) => ({ likes: eb('likes', '+', step) }))
          .where('id', '=', postId)
          .returning('likes')
          .executeTakeFirstOrThrow();
        return { action, likes: Number(row.likes) };
      });
    },
  };
}
