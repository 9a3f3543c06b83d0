import type {
  Comment as CommentBody,
  CommentRepliesPage,
  CommentRootsPage,
} from '@symposia/shared';
import type { Comment } from '../domain/comment.js';
import type { RepliesPage, RootsPage } from '../services/comments/comment-service.js';

/**
 * Spec §3's comment; replyCount only on top-level comments, as the spec has it. A deleted comment
 * kept for its replies comes blanked by the repository, with `deleted: true`.
 */
export function presentComment(comment: Comment): CommentBody {
  return {
    _id: comment.id,
    postId: comment.postId,
    userId: comment.userId,
    username: comment.username,
    avatar: comment.avatar,
    content: comment.content,
    imageUrl: comment.imageUrl,
    createdAt: comment.createdAt,
    likes: comment.likes,
    level: comment.level,
    parentId: comment.parentId,
    rootId: comment.rootId,
    ...(comment.level === 1 ? { replyCount: comment.replyCount } : {}),
    edited_at: comment.editedAt,
    deleted: comment.deleted,
    hidden: comment.hidden,
  };
}

/** GET /comments/post/{id}/roots: the threads' starts, in the shape of commentRootsPageSchema. */
export function presentRootsPage(page: RootsPage): CommentRootsPage {
  return {
    threads: page.threads.map((start) => ({
      root: presentComment(start.root),
      replies: start.replies.map(presentComment),
      replyTotal: start.replyTotal,
      repliesCursor: start.repliesCursor,
    })),
    total: page.total,
    nextCursor: page.nextCursor,
  };
}

/** GET /comments/{id}/replies, in the shape of commentRepliesPageSchema. */
export function presentRepliesPage(page: RepliesPage): CommentRepliesPage {
  return { replies: page.replies.map(presentComment), nextCursor: page.nextCursor };
}
