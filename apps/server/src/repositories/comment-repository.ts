import type { AppDatabase } from '../db/index.js';
import type { Comment, NewComment, ParentComment } from '../domain/comment.js';

export type CommentRepository = ReturnType<typeof createCommentRepository>;

export function createCommentRepository(db: AppDatabase) {
  /** Comments with their authors. */
  function selectComments() {
    return db
      .selectFrom('comments')
      .innerJoin('users', 'users.id', 'comments.user_id')
      .select([
        'comments.id',
        'comments.post_id',
        'comments.user_id',
        'users.username',
        'users.avatar',
        'comments.content',
        'comments.image_url',
        'comments.created_at',
        'comments.likes',
        'comments.level',
        'comments.parent_id',
        'comments.root_id',
        'comments.reply_count',
      ]);
  }

  type Row = Awaited<ReturnType<ReturnType<typeof selectComments>['execute']>>[number];

  const toComment = (row: Row): Comment => ({
    id: row.id,
    postId: row.post_id,
    userId: row.user_id,
    username: row.username,
    avatar: row.avatar,
    content: row.content,
    imageUrl: row.image_url,
    createdAt: row.created_at,
    likes: Number(row.likes),
    level: Number(row.level),
    parentId: row.parent_id,
    rootId: row.root_id,
    replyCount: Number(row.reply_count),
  });

  return {
    /** A post's comments, oldest first (ties in the order they were written). */
    async listByPost(postId: string, page: { skip: number; limit: number }): Promise<Comment[]> {
      const rows = await selectComments()
        .where('comments.post_id', '=', postId)
        .orderBy('comments.created_at')
        .orderBy('comments.seq')
        .limit(page.limit)
        .offset(page.skip)
        .execute();
      return rows.map(toComment);
    },

    async find(id: string): Promise<Comment | undefined> {
      const row = await selectComments().where('comments.id', '=', id).executeTakeFirst();
      return row && toComment(row);
    },

    async findParent(id: string): Promise<ParentComment | undefined> {
      const row = await db
        .selectFrom('comments')
        .select(['id', 'post_id', 'level', 'root_id'])
        .where('id', '=', id)
        .executeTakeFirst();
      return (
        row && { id: row.id, postId: row.post_id, level: Number(row.level), rootId: row.root_id }
      );
    },

    /**
     * Writes the comment and moves the post's comment count and the thread's reply count in the
     * same transaction, so the counters always equal the rows behind them.
     */
    async insert(comment: NewComment): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('comments')
          .values({
            id: comment.id,
            post_id: comment.postId,
            user_id: comment.userId,
            parent_id: comment.parentId,
            root_id: comment.rootId,
            level: comment.level,
            content: comment.content,
            image_url: comment.imageUrl,
            created_at: comment.createdAt,
          })
          .execute();
        await trx
          .updateTable('posts')
          .set((eb) => ({ comments: eb('comments', '+', 1) }))
          .where('id', '=', comment.postId)
          .execute();
        if (comment.rootId) {
          await trx
            .updateTable('comments')
            .set((eb) => ({ reply_count: eb('reply_count', '+', 1) }))
            .where('id', '=', comment.rootId)
            .execute();
        }
      });
    },
  };
}
