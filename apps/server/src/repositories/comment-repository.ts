import { sql, type SqlBool } from 'kysely';
import type { AppDatabase } from '../db/index.js';
import type { Comment, NewComment, ParentComment } from '../domain/comment.js';
import type { Viewer } from '../domain/post.js';
import { addCommentContributions } from './contribution-writes.js';
import { RowGoneError } from './errors.js';
import { addNotification, type NewNotification } from './notification-writes.js';
import type { Dialect } from './database.js';
import { deleteCommentWithin, lockComment, lockPost } from './comment-writes.js';
import { commentHidden, commentHiddenFrom, commentNotDeleted } from './visibility.js';

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

  /** The comment `id` unless it is deleted, for a query to pick the columns it needs. */
  function liveComment(id: string) {
    return db.selectFrom('comments').where('id', '=', id).where(commentNotDeleted());
  }

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

  /** Comments as `viewer` reads them: with their place in the thread and whether masked. */
  const readComments = (viewer: Viewer) =>
    selectComments()
      .select('comments.seq')
      .select(sql<number>`case when ${commentHiddenFrom(viewer)} then 1 else 0 end`.as('masked'));

  type ReadRow = Row & { masked: number };
  const readAs = (row: ReadRow) => toComment(row, Number(row.masked) === 1);

  /**
   * One page of `query` in thread order (time, then seq), ascending or descending, after
   * `after`: its rows and the place the next page starts from (null: none).
   */
  async function threadPage(
    query: ReturnType<typeof readComments>,
    order: 'asc' | 'desc',
    page: { after: ThreadPlace | null; limit: number },
  ) {
    const { after } = page;
    if (after) {
      const [from, beyond] = order === 'asc' ? (['>=', '>'] as const) : (['<=', '<'] as const);
      query = query
        .where('comments.created_at', from, after.createdAt)
        .where((eb) =>
          eb.or([
            eb('comments.created_at', beyond, after.createdAt),
            eb('comments.seq', beyond, after.seq),
          ]),
        );
    }
    const rows = await query
      .orderBy('comments.created_at', order)
      .orderBy('comments.seq', order)
      .limit(page.limit + 1)
      .execute();
    const more = rows.length > page.limit;
    const items = more ? rows.slice(0, page.limit) : rows;
    const last = items.at(-1);
    return { rows: items, next: more && last ? placeOf(last) : null };
  }

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
      ? await readComments(viewer)
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
        replies: own.map(readAs),
        after: last && total > own.length ? placeOf(last) : null,
      });
    }
    return starts;
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
      const rows = await readComments(viewer)
        .where('comments.post_id', '=', postId)
        .where(shownTo(viewer))
        .orderBy('comments.created_at')
        .orderBy('comments.seq')
        .limit(page.limit)
        .offset(page.skip)
        .execute();
      return rows.map(readAs);
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
      const query = readComments(viewer)
        .where('comments.post_id', '=', postId)
        .where('comments.level', '=', 1)
        .where(shownTo(viewer));
      const { rows: roots, next } = await threadPage(query, 'desc', page);
      const starts = await threadStarts(
        roots.map((row) => row.id),
        viewer,
        page.firstReplies,
      );
      return {
        items: roots.map((row) => {
          const start = starts.get(row.id);
          return {
            root: readAs(row),
            replies: start?.replies ?? [],
            replyTotal: start?.total ?? 0,
            repliesAfter: start?.after ?? null,
          };
        }),
        next,
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
      const query = readComments(viewer)
        .where('comments.root_id', '=', rootId)
        .where(shownTo(viewer));
      const { rows, next } = await threadPage(query, 'asc', page);
      return { items: rows.map(readAs), next };
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
      const row = await liveComment(id)
        .select(['id', 'post_id', 'user_id', 'hidden_at'])
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
      const row = await liveComment(id)
        .select(['id', 'post_id', 'user_id', 'level', 'root_id', 'hidden_at'])
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
        await lockPost(trx, dialect, comment.postId);
        if (comment.parentId) {
          const parent = await lockComment(trx, dialect, comment.parentId);
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
      return db.transaction().execute((trx) => deleteCommentWithin(trx, dialect, id, at));
    },
  };
}
