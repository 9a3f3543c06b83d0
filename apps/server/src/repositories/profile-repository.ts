import { reviewStatusSchema, type ReviewStatus } from '@symposia/shared';
import type { AppDatabase } from '../db/index.js';
import type { Viewer } from '../domain/post.js';
import { commentVisibleTo, postVisibleTo } from './visibility.js';

export interface ProfilePost {
  id: string;
  title: string;
  date: string;
  likes: number;
  comments: number;
  visibility: string;
  reviewStatus: ReviewStatus;
}

export interface ProfileComment {
  id: string;
  postId: string;
  postTitle: string;
  content: string;
  date: string;
}

export interface ProfileLike {
  postId: string;
  title: string;
  date: string;
}

export interface ProfileCounts {
  posts: number;
  comments: number;
  likesReceived: number;
  likesGiven: number;
}

export type ProfileRepository = ReturnType<typeof createProfileRepository>;

/**
 * What a member has contributed: their posts, comments and likes, and the counts of them, as
 * `viewer` may see them (repositories/visibility.ts): the member themself sees their private posts
 * too, anyone else only public ones; deleted posts and comments count for no one, and what the
 * moderators hid only for its author and the moderators.
 */
export function createProfileRepository(db: AppDatabase) {
  const count = (value: number | string | bigint | null | undefined) => Number(value ?? 0);

  return {
    async posts(userId: string, viewer: Viewer, limit: number, skip = 0): Promise<ProfilePost[]> {
      const rows = await db
        .selectFrom('posts')
        .select(['id', 'title', 'created_at', 'likes', 'comments', 'visibility', 'review_status'])
        .where('user_id', '=', userId)
        .where(postVisibleTo(viewer))
        .orderBy('created_at', 'desc')
        .orderBy('seq', 'desc')
        .limit(limit)
        .offset(skip)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        title: row.title,
        date: row.created_at,
        likes: Number(row.likes),
        comments: Number(row.comments),
        visibility: row.visibility,
        reviewStatus: reviewStatusSchema.parse(row.review_status),
      }));
    },

    async comments(
      userId: string,
      viewer: Viewer,
      limit: number,
      skip = 0,
    ): Promise<ProfileComment[]> {
      const rows = await db
        .selectFrom('comments')
        .innerJoin('posts', 'posts.id', 'comments.post_id')
        .select([
          'comments.id',
          'comments.post_id',
          'posts.title',
          'comments.content',
          'comments.created_at',
        ])
        .where('comments.user_id', '=', userId)
        .where(commentVisibleTo(viewer))
        .where(postVisibleTo(viewer))
        .orderBy('comments.created_at', 'desc')
        .orderBy('comments.seq', 'desc')
        .limit(limit)
        .offset(skip)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        postId: row.post_id,
        postTitle: row.title,
        content: row.content,
        date: row.created_at,
      }));
    },

    async likes(userId: string, viewer: Viewer, limit: number, skip = 0): Promise<ProfileLike[]> {
      const rows = await db
        .selectFrom('post_likes')
        .innerJoin('posts', 'posts.id', 'post_likes.post_id')
        .select(['post_likes.post_id', 'posts.title', 'post_likes.created_at'])
        .where('post_likes.user_id', '=', userId)
        .where(postVisibleTo(viewer))
        .orderBy('post_likes.created_at', 'desc')
        // Likes written in the same instant still page in one order.
        .orderBy('post_likes.post_id', 'desc')
        .limit(limit)
        .offset(skip)
        .execute();
      return rows.map((row) => ({ postId: row.post_id, title: row.title, date: row.created_at }));
    },

    async counts(userId: string, viewer: Viewer): Promise<ProfileCounts> {
      const [posts, comments, likesGiven] = await Promise.all([
        db
          .selectFrom('posts')
          .select((eb) => [
            eb.fn.countAll<number | string>().as('n'),
            eb.fn.sum<number | string | null>('likes').as('likes'),
          ])
          .where('user_id', '=', userId)
          .where(postVisibleTo(viewer))
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('comments')
          .innerJoin('posts', 'posts.id', 'comments.post_id')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('comments.user_id', '=', userId)
          .where(commentVisibleTo(viewer))
          .where(postVisibleTo(viewer))
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('post_likes')
          .innerJoin('posts', 'posts.id', 'post_likes.post_id')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('post_likes.user_id', '=', userId)
          .where(postVisibleTo(viewer))
          .executeTakeFirstOrThrow(),
      ]);
      return {
        posts: count(posts.n),
        comments: count(comments.n),
        likesReceived: count(posts.likes),
        likesGiven: count(likesGiven.n),
      };
    },
  };
}
