import { z } from 'zod';
import {
  COMMENT_MAX_LENGTH,
  COMMENT_MAX_LEVEL,
  COMMENT_MIN_LEVEL,
  COMMENT_REPLIES_DEFAULT_LIMIT,
  COMMENT_REPLIES_MAX_LIMIT,
  COMMENT_ROOTS_DEFAULT_LIMIT,
  COMMENT_ROOTS_MAX_LIMIT,
  COMMENTS_DEFAULT_LIMIT,
  COMMENTS_MAX_LIMIT,
} from '../limits.js';
import { cursorQuerySchema, pageQuerySchema } from './common.js';
import { MESSAGES } from '../messages.js';

/**
 * A comment as spec §3 names its fields: the same for everyone who may see the post, so a long
 * thread is answered from one shared copy. Whether the caller likes it comes separately
 * ({@link likedCommentsSchema}).
 */
export const commentSchema = z.object({
  _id: z.string(),
  postId: z.string(),
  userId: z.string(),
  username: z.string(),
  avatar: z.string(),
  content: z.string(),
  imageUrl: z.string(),
  createdAt: z.string(),
  likes: z.number().int(),
  /** 1 top-level, 2 a reply to a top-level comment, 3 a reply to a reply. */
  level: z.number().int().min(COMMENT_MIN_LEVEL).max(COMMENT_MAX_LEVEL),
  parentId: z.string().nullable(),
  rootId: z.string().nullable(),
  /** Replies in the thread; top-level comments only. */
  replyCount: z.number().int().optional(),
  /** When the author last edited it (PATCH /comments/{id}); null if never. */
  edited_at: z.string().nullable(),
  /**
   * A deleted comment that still has replies stays in its thread so they keep their place: it
   * comes with `deleted: true`, `userId`, `username`, `avatar`, `content` and `imageUrl` all '',
   * `likes` 0 and `edited_at` null; the client shows MESSAGES.deletedComment ("[deleted]") in its
   * place. A deleted comment without replies is not listed at all.
   */
  deleted: z.boolean(),
  /**
   * Hidden by the moderators: only its author and the moderators get it so, with its text and
   * `hidden: true`. Everyone else gets it as a deleted comment (kept only for its replies).
   */
  hidden: z.boolean(),
});
export type Comment = z.infer<typeof commentSchema>;
export const commentListSchema = z.array(commentSchema);

/** GET /comments/post/{id}/liked: the ids of the post's comments the signed-in caller likes. */
export const likedCommentsSchema = z.object({ liked: z.array(z.string()) });
export type LikedComments = z.infer<typeof likedCommentsSchema>;

const optionalId = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.string().max(64).optional(),
);

/** The text of a comment, as written or edited. */
const commentContentSchema = z
  .string({ message: MESSAGES.fieldRequired('content') })
  .trim()
  .min(1, { message: MESSAGES.notEmpty })
  .max(COMMENT_MAX_LENGTH, { message: MESSAGES.maxLength(COMMENT_MAX_LENGTH) });

/** PATCH /comments/{id} (JSON): the new text; the author only. Answered with the comment. */
export const commentPatchBodySchema = z.object({ content: commentContentSchema });
export type CommentPatchBody = z.infer<typeof commentPatchBodySchema>;

/** POST /comments/create (JSON, spec §3 comment create payload). */
export const createCommentBodySchema = z.object({
  postId: z
    .string({ message: MESSAGES.fieldRequired('postId') })
    .min(1, { message: MESSAGES.fieldRequired('postId') })
    .max(64),
  content: commentContentSchema,
  imageUrl: z.preprocess(
    (value) => (value === null ? undefined : value),
    z
      .string()
      .trim()
      .max(500)
      .refine((value) => value === '' || /^(https?:\/\/|\/ipfs\/)[^\s]+$/i.test(value), {
        message: MESSAGES.invalidImageUrl,
      })
      .default(''),
  ),
  parentId: optionalId,
  rootId: optionalId,
});
export type CreateCommentBody = z.infer<typeof createCommentBodySchema>;

/** GET /comments/post/{id} query. */
export const commentListQuerySchema = pageQuerySchema(COMMENTS_DEFAULT_LIMIT, COMMENTS_MAX_LIMIT);
export type CommentListQuery = z.infer<typeof commentListQuerySchema>;

/** GET /comments/post/{id}/roots query. */
export const commentRootsQuerySchema = cursorQuerySchema(
  COMMENT_ROOTS_DEFAULT_LIMIT,
  COMMENT_ROOTS_MAX_LIMIT,
);
export type CommentRootsQuery = z.infer<typeof commentRootsQuerySchema>;

/** GET /comments/{id}/replies query. */
export const commentRepliesQuerySchema = cursorQuerySchema(
  COMMENT_REPLIES_DEFAULT_LIMIT,
  COMMENT_REPLIES_MAX_LIMIT,
);
export type CommentRepliesQuery = z.infer<typeof commentRepliesQuerySchema>;

/**
 * A top-level comment with the start of its thread: the first replies (oldest first, as many as a
 * collapsed thread shows: COMMENT_REPLIES_SHOWN_COLLAPSED), how many replies the thread shows this
 * caller in all ("[deleted]" places kept for their replies included), and where
 * GET /comments/{id}/replies goes on after the replies given (null when none is left).
 */
export const commentThreadStartSchema = z.object({
  root: commentSchema,
  replies: z.array(commentSchema),
  replyTotal: z.number().int(),
  repliesCursor: z.string().nullable(),
});
export type CommentThreadStart = z.infer<typeof commentThreadStartSchema>;

/**
 * GET /comments/post/{id}/roots: a page of the post's top-level comments, newest first, each with
 * the start of its thread; `total` is the post's comment count; `nextCursor` null on the last page.
 */
export const commentRootsPageSchema = z.object({
  threads: z.array(commentThreadStartSchema),
  total: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type CommentRootsPage = z.infer<typeof commentRootsPageSchema>;

/** GET /comments/{id}/replies: a page of a thread's replies (levels 2 and 3), oldest first. */
export const commentRepliesPageSchema = z.object({
  replies: z.array(commentSchema),
  nextCursor: z.string().nullable(),
});
export type CommentRepliesPage = z.infer<typeof commentRepliesPageSchema>;
