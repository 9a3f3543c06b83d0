import type { Comment } from '../types';

let sequence = 0;

/** A comment as GET /comments/post/{id} answers it; tests override what they look at. */
export function makeComment(overrides: Partial<Comment> = {}): Comment {
  sequence += 1;
  const level = overrides.level ?? 1;
  return {
    _id: `c-${sequence}`,
    postId: 'post-1',
    userId: `u-${sequence}`,
    username: `user${sequence}`,
    avatar: '',
    content: `Comment ${sequence}`,
    imageUrl: '',
    createdAt: new Date(Date.UTC(2026, 2, 1, 8, 0, sequence)).toISOString(),
    likes: 0,
    level,
    parentId: null,
    rootId: null,
    edited_at: null,
    deleted: false,
    hidden: false,
    ...(level === 1 ? { replyCount: 0 } : {}),
    liked: false,
    ...overrides,
  };
}

/** A reply to `parent`, in the thread the server would put it in. */
export function makeReply(parent: Comment, overrides: Partial<Comment> = {}): Comment {
  return makeComment({
    level: parent.level === 1 ? 2 : 3,
    parentId: parent._id,
    rootId: parent.level === 1 ? parent._id : parent.rootId,
    ...overrides,
  });
}
