import type { Comment as CommentBody } from '@symposia/shared';
import type { Comment } from '../domain/comment.js';

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
