import { sql, type SqlBool, type Transaction } from 'kysely';
import type { AppDatabase, DatabaseSchema } from '../db/index.js';
import type { Comment, NewComment, ParentComment } from '../domain/comment.js';
import type { Viewer } from '../domain/post.js';
import { addCommentContributions } from './contribution-writes.js';
import { RowGoneError } from './errors.js';
import { addNotification, type NewNotification } from './notification-writes.js';
import type { Dialect, HiddenChange } from './post-repository.js';
import {
  commentHidden,
  commentHiddenFrom,
  commentNotDeleted,
  postNotDeleted,
} from './visibility.js';

export type CommentRepository = ReturnType<typeof createCommentRepository>;

/** Where a page of a thread stops: the place of its last comment (created_at, then seq). */
export interface ThreadPlace {
  createdAt: string;
  seq: number;
}

/** A top-level comment with the start of its thread, as a page of threads lists it. */
export interface ThreadStart {
  root: Comment;
  /** The first replies, oldest first. */
  replies: Comment[];
  /** The replies the reader is shown in all ("[deleted]" places for replies included). */
  replyTotal: number;
  /** Where the rest of the replies start after `replies`; null when none is left. */
  repliesAfter: ThreadPlace | null;
}

/** A page and where the next one starts (null: it is the last). */
export interface CommentPage<T> {
  items: T[];
  next: ThreadPlace | null;
}

/** Who wrote a comment and where it hangs: what deciding on an edit or a deletion needs. */
export interface CommentRef {
  id: string;
  postId: string;
  userId: string;
  /** Hidden by the moderators. */
  hidden: boolean;
}

/**
 * Comments and their counters. Every write that moves a counter first locks the post's row (on
 * PostgreSQL; SQLite has one writer), then the comment rows it needs, always in that order, so
 * concurrent comments, replies, edits and deletions on one post never deadlock and every count
 * equals the rows behind it.
 */
export function createCommentRepository(db: AppDatabase, dialect: Dialect) {
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
        'comments.edited_at',
        'comments.deleted_at',
        'comments.hidden_at',
      ]);
  }

  type Row = Awaited<ReturnType<ReturnType<typeof selectComments>['execute']>>[number];

  /**
   * `masked`: the comment is hidden from the reader (commentHiddenFrom), who then reads it as a
   * deleted one: a blank place kept for its replies.
   */
  const toComment = (row: Row, masked = false): Comment => {
    const deleted = row.deleted_at !== null || masked;
    return {
      id: row.id,
      postId: row.post_id,
      // A deleted comment kept for its replies says nothing of who wrote what.
      userId: deleted ? '' : row.user_id,
      username: deleted ? '' : row.username,
      avatar: deleted ? '' : row.avatar,
      content: deleted ? '' : row.content,
      imageUrl: deleted ? '' : row.image_url,
      createdAt: row.created_at,
      likes: deleted ? 0 : Number(row.likes),
      level: Number(row.level),
      parentId: row.parent_id,
      rootId: row.root_id,
      replyCount: Number(row.reply_count),
      editedAt: deleted ? null : row.edited_at,
      deleted,
      hidden: !deleted && row.hidden_at !== null,
    };
  };

  /**
   * The comments of a thread `viewer` is shown: all but those hidden from them (as deleted, for
   * them) that have no replies; a deleted comment stays in the table only while it has some.
   */
  const shownTo = (viewer: Viewer) =>
    sql<SqlBool>`(not ${commentHiddenFrom(viewer)} or exists (select 1 from comments as replies
      where replies.parent_id = ${sql.ref('comments.id')}))`;

  const placeOf = (row: { created_at: string; seq: number | string }): ThreadPlace => ({
    createdAt: row.created_at,
    seq: Number(row.seq),
  });

  /**
   * For each top-level comment: how many replies `viewer` is shown and the first `first` of them
   * (correlated lookups on comments_thread_index, one row per thread, so a long thread costs no
   * more than a short one).
   */
  async function threadStarts(rootIds: string[], viewer: Viewer, first: number) {
    const starts = new Map<
      string,
      { total: number; replies: Comment[]; after: ThreadPlace | null }
    >();
    if (rootIds.length === 0) return starts;
    const shown = shownTo(viewer);
    // The inner `comments` (unaliased, as visibility.ts needs) is the thread's reply.
    const firstIds = Array.from(
      { length: first },
      (_, index) =>
        sql<string | null>`(select comments.id from comments
          where comments.root_id = ${sql.ref('roots.id')} and ${shown}
          order by comments.created_at, comments.seq limit 1 offset ${index})`,
    );
    const counts = await db
      .selectFrom('comments as roots')
      .select('roots.id')
      .select(
        sql<number | string>`(select count(*) from comments
          where comments.root_id = ${sql.ref('roots.id')} and ${shown})`.as('total'),
      )
      .select(firstIds.map((id, index) => id.as(`first_${index}`)))
      .where('roots.id', 'in', rootIds)
      .execute();
    const wanted = counts.flatMap((row) =>
      firstIds
        .map((_, index) => (row as Record<string, unknown>)[`first_${index}`])
        .filter((id): id is string => typeof id === 'string'),
    );
    const replies = wanted.length
      ? await selectComments()
          .select('comments.seq')
          .select(
            sql<number>`case when ${commentHiddenFrom(viewer)} then 1 else 0 end`.as('masked'),
          )
          .where('comments.id', 'in', wanted)
          .orderBy('comments.created_at')
          .orderBy('comments.seq')
          .execute()
      : [];
    for (const row of counts) {
      const own = replies.filter((reply) => reply.root_id === row.id);
      const total = Number(row.total);
      const last = own.at(-1);
      starts.set(row.id, {
        total,
        replies: own.map((reply) => toComment(reply, Number(reply.masked) === 1)),
        after: last && total > own.length ? placeOf(last) : null,
      });
    }
    return starts;
  }

  type Trx = Transaction<DatabaseSchema>;

  /** Locks the post's row if it is not deleted; throws RowGoneError when it is. */
  async function lockPost(trx: Trx, postId: string): Promise<void> {
    let query = trx
      .selectFrom('posts')
      .select('id')
      .where('id', '=', postId)
      .where(postNotDeleted());
    if (dialect === 'postgres') query = query.forUpdate();
    if (!(await query.executeTakeFirst())) throw new RowGoneError('posts');
  }

  /** Locks a comment's row and reads what a deletion needs of it. */
  async function lockComment(trx: Trx, id: string) {
    let query = trx
      .selectFrom('comments')
      .select(['id', 'post_id', 'parent_id', 'root_id', 'deleted_at', 'hidden_at'])
      .where('id', '=', id);
    if (dialect === 'postgres') query = query.forUpdate();
    return query.executeTakeFirst();
  }

  async function hasReplies(trx: Trx, id: string): Promise<boolean> {
    const row = await trx
      .selectFrom('comments')
      .select('id')
      .where('parent_id', '=', id)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Moves the post's comment count and the thread's reply count by `step` for one comment that
   * starts or stops being counted.
   */
  async function moveCounts(
    trx: Trx,
    comment: { post_id: string; root_id: string | null },
    step: 1 | -1,
  ): Promise<void> {
    await trx
      .updateTable('posts')
      .set((eb) => ({ comments: eb('comments', '+', step) }))
      .where('id', '=', comment.post_id)
      .execute();
    if (comment.root_id) {
      await trx
        .updateTable('comments')
        .set((eb) => ({ reply_count: eb('reply_count', '+', step) }))
        .where('id', '=', comment.root_id)
        .execute();
    }
  }

  /**
   * Deletes a comment (see `delete`) inside the caller's transaction. False when it was already
   * deleted or is gone.
   */
  async function deleteWithin(trx: Trx, id: string, at: string): Promise<boolean> {
    const found = await trx
      .selectFrom('comments')
      .select('post_id')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!found) return false;
    // A deleted post took its comments with it; nothing is left to delete.
    try {
      await lockPost(trx, found.post_id);
    } catch (error) {
      if (error instanceof RowGoneError) return false;
      throw error;
    }
    const target = await lockComment(trx, id);
    if (!target || target.deleted_at !== null) return false;
    // Its contribution signals are taken back (a hidden comment's were when it was hidden).
    if (target.hidden_at === null) await addCommentContributions(trx, id, -1, at);
    if (await hasReplies(trx, id)) {
      await trx
        .updateTable('comments')
        .set({ deleted_at: at, likes: 0 })
        .where('id', '=', id)
        .execute();
      await trx.deleteFrom('comment_likes').where('comment_id', '=', id).execute();
    } else {
      await trx.deleteFrom('comments').where('id', '=', id).execute();
      // Each step removes a row, so the walk ends.
      let parentId = target.parent_id;
      while (parentId !== null) {
        const parent = await lockComment(trx, parentId);
        if (!parent || parent.deleted_at === null || (await hasReplies(trx, parent.id))) break;
        await trx.deleteFrom('comments').where('id', '=', parent.id).execute();
        parentId = parent.parent_id;
      }
    }
    // A hidden comment was no longer counted.
    if (target.hidden_at === null) await moveCounts(trx, target, -1);
    return true;
  }

  return {
    /**
     * A post's comments as `viewer` reads them, oldest first (ties in the order they were
     * written), deleted ones that still have replies included as "[deleted]" (author and text
     * blanked, `deleted` set). A comment the moderators hid is read so by everyone it is hidden
     * from (repositories/visibility.ts), and left out when nothing hangs from it; its author and
     * the moderators read it whole, with `hidden` set.
     */
    async listByPost(
      postId: string,
      viewer: Viewer,
      page: { skip: number; limit: number },
    ): Promise<Comment[]> {
      const hiddenFromViewer = commentHiddenFrom(viewer);
      const rows = await selectComments()
        .select(sql<number>`case when ${hiddenFromViewer} then 1 else 0 end`.as('masked'))
        .where('comments.post_id', '=', postId)
        .where(
          sql<SqlBool>`(not ${hiddenFromViewer} or exists (select 1 from comments as replies
            where replies.parent_id = ${sql.ref('comments.id')}))`,
        )
        .orderBy('comments.created_at')
        .orderBy('comments.seq')
        .limit(page.limit)
        .offset(page.skip)
        .execute();
      return rows.map((row) => toComment(row, Number(row.masked) === 1));
    },

    /**
     * A page of the post's top-level comments as `viewer` reads them (the rules of `listByPost`),
     * newest first, after `after`; each with its first `firstReplies` replies and how many replies
     * it shows in all. Uses comments_roots_index and comments_thread_index (migration 0012).
     */
    async rootsPage(
      postId: string,
      viewer: Viewer,
      page: { after: ThreadPlace | null; limit: number; firstReplies: number },
    ): Promise<CommentPage<ThreadStart>> {
      const hiddenFromViewer = commentHiddenFrom(viewer);
      let query = selectComments()
        .select('comments.seq')
        .select(sql<number>`case when ${hiddenFromViewer} then 1 else 0 end`.as('masked'))
        .where('comments.post_id', '=', postId)
        .where('comments.level', '=', 1)
        .where(shownTo(viewer));
      const after = page.after;
      if (after) {
        query = query
          .where('comments.created_at', '<=', after.createdAt)
          .where((eb) =>
            eb.or([
              eb('comments.created_at', '<', after.createdAt),
              eb('comments.seq', '<', after.seq),
            ]),
          );
      }
      const rows = await query
        .orderBy('comments.created_at', 'desc')
        .orderBy('comments.seq', 'desc')
        .limit(page.limit + 1)
        .execute();
      const more = rows.length > page.limit;
      const roots = more ? rows.slice(0, page.limit) : rows;
      const starts = await threadStarts(
        roots.map((row) => row.id),
        viewer,
        page.firstReplies,
      );
      const last = roots.at(-1);
      return {
        items: roots.map((row) => {
          const start = starts.get(row.id);
          return {
            root: toComment(row, Number(row.masked) === 1),
            replies: start?.replies ?? [],
            replyTotal: start?.total ?? 0,
            repliesAfter: start?.after ?? null,
          };
        }),
        next: more && last ? placeOf(last) : null,
      };
    },

    /**
     * A page of the thread's replies (levels 2 and 3) as `viewer` reads them, oldest first, after
     * `after`. Uses comments_thread_index (migration 0012).
     */
    async repliesPage(
      rootId: string,
      viewer: Viewer,
      page: { after: ThreadPlace | null; limit: number },
    ): Promise<CommentPage<Comment>> {
      let query = selectComments()
        .select('comments.seq')
        .select(sql<number>`case when ${commentHiddenFrom(viewer)} then 1 else 0 end`.as('masked'))
        .where('comments.root_id', '=', rootId)
        .where(shownTo(viewer));
      const after = page.after;
      if (after) {
        query = query
          .where('comments.created_at', '>=', after.createdAt)
          .where((eb) =>
            eb.or([
              eb('comments.created_at', '>', after.createdAt),
              eb('comments.seq', '>', after.seq),
            ]),
          );
      }
      const rows = await query
        .orderBy('comments.created_at')
        .orderBy('comments.seq')
        .limit(page.limit + 1)
        .execute();
      const more = rows.length > page.limit;
      const items = more ? rows.slice(0, page.limit) : rows;
      const last = items.at(-1);
      return {
        items: items.map((row) => toComment(row, Number(row.masked) === 1)),
        next: more && last ? placeOf(last) : null,
      };
    },

    /** The post a top-level comment (deleted or not: its replies may remain) belongs to. */
    async findThreadPost(rootId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('comments')
        .select('post_id')
        .where('id', '=', rootId)
        .where('level', '=', 1)
        .executeTakeFirst();
      return row?.post_id;
    },

    /**
     * The members who wrote a comment on the post that the moderators hid: they read its thread
     * with it, not the copy everyone shares.
     */
    async hiddenAuthorsOn(postId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('comments')
        .select('user_id')
        .distinct()
        .where('post_id', '=', postId)
        .where(commentHidden())
        .where(commentNotDeleted())
        .execute();
      return rows.map((row) => row.user_id);
    },

    /** A comment that is not deleted. */
    async find(id: string): Promise<Comment | undefined> {
      const row = await selectComments()
        .where('comments.id', '=', id)
        .where(commentNotDeleted())
        .executeTakeFirst();
      return row && toComment(row);
    },

    /** Who wrote the comment and on which post; undefined when it is gone or deleted. */
    async findRef(id: string): Promise<CommentRef | undefined> {
      const row = await db
        .selectFrom('comments')
        .select(['id', 'post_id', 'user_id', 'hidden_at'])
        .where('id', '=', id)
        .where(commentNotDeleted())
        .executeTakeFirst();
      return (
        row && {
          id: row.id,
          postId: row.post_id,
          userId: row.user_id,
          hidden: row.hidden_at !== null,
        }
      );
    },

    /** The comment being replied to; a deleted one takes no replies. */
    async findParent(id: string): Promise<ParentComment | undefined> {
      const row = await db
        .selectFrom('comments')
        .select(['id', 'post_id', 'user_id', 'level', 'root_id', 'hidden_at'])
        .where('id', '=', id)
        .where(commentNotDeleted())
        .executeTakeFirst();
      return (
        row && {
          id: row.id,
          postId: row.post_id,
          level: Number(row.level),
          rootId: row.root_id,
          authorId: row.user_id,
          hidden: row.hidden_at !== null,
        }
      );
    },

    /**
     * Writes the comment and moves the post's comment count and the thread's reply count in the
     * same transaction, so the counters always equal the rows behind them. Throws RowGoneError
     * when the post or the comment replied to was deleted meanwhile. The notifications it causes
     * are written in the same transaction, in the order given (one event, one notification);
     * returns the members who have something new to be told.
     */
    async insert(comment: NewComment, notifications: NewNotification[] = []): Promise<string[]> {
      return db.transaction().execute(async (trx) => {
        await lockPost(trx, comment.postId);
        if (comment.parentId) {
          const parent = await lockComment(trx, comment.parentId);
          if (!parent || parent.deleted_at !== null) throw new RowGoneError('comments');
        }
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
        await addCommentContributions(trx, comment.id, 1, comment.createdAt);
        const told: string[] = [];
        for (const notification of notifications) {
          if (await addNotification(trx, notification)) told.push(notification.recipientId);
        }
        return told;
      });
    },

    /** Replaces the text of a comment that is not deleted; false when there is none. */
    async edit(id: string, content: string, at: string): Promise<boolean> {
      const result = await db
        .updateTable('comments')
        .set({ content, edited_at: at })
        .where('id', '=', id)
        .where(commentNotDeleted())
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Deletes a comment. With replies under it, it stays as "[deleted]" (its likes removed) so they
     * keep their place; without, its row goes, and so does each deleted ancestor that this leaves
     * without replies. The post's comment count and the thread's reply count drop by one in the
     * same transaction (deleted comments are not counted). False when it was already deleted.
     */
    async delete(id: string, at: string): Promise<boolean> {
      return db.transaction().execute((trx) => deleteWithin(trx, id, at));
    },

    /** As `delete`, inside a transaction that writes more (a moderator's decision). */
    deleteWithin,

    /**
     * Hides the comment (`hiddenAt`) or shows it again (null), inside the caller's transaction.
     * A hidden comment is not counted, as a deleted one: the post's comment count and the thread's
     * reply count move by one with it, and its contribution signals are taken back (or given
     * again, dated `at`, when shown again). 'unchanged' when it already was so, 'gone' when it is
     * deleted or never existed.
     */
    async setHiddenWithin(
      trx: Trx,
      id: string,
      hiddenAt: string | null,
      at: string | null = hiddenAt,
    ): Promise<HiddenChange> {
      const found = await trx
        .selectFrom('comments')
        .select('post_id')
        .where('id', '=', id)
        .executeTakeFirst();
      if (!found) return 'gone';
      try {
        await lockPost(trx, found.post_id);
      } catch (error) {
        if (error instanceof RowGoneError) return 'gone';
        throw error;
      }
      const target = await lockComment(trx, id);
      if (!target || target.deleted_at !== null) return 'gone';
      if ((target.hidden_at !== null) === (hiddenAt !== null)) return 'unchanged';
      await trx.updateTable('comments').set({ hidden_at: hiddenAt }).where('id', '=', id).execute();
      await moveCounts(trx, target, hiddenAt === null ? 1 : -1);
      if (at !== null) await addCommentContributions(trx, id, hiddenAt === null ? 1 : -1, at);
      return 'changed';
    },
  };
}
