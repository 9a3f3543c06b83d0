import { randomUUID } from 'node:crypto';
import {
  COMMENT_MAX_LEVEL,
  MESSAGES,
  type CommentListQuery,
  type CreateCommentBody,
  type LikeResult,
} from '@symposia/shared';
import type { Comment, ParentComment } from '../../domain/comment.js';
import type { Viewer } from '../../domain/post.js';
import type { User } from '../../domain/user.js';
import type {
  CommentRepository,
  LikeRepository,
  PostRepository,
} from '../../repositories/index.js';
import type { Clock } from '../clock.js';
import type { ContentVersion } from '../content-version.js';
import { InvalidInputError, NotFoundError, TooManyAttemptsError } from '../errors.js';
import type { RateLimiter } from '../rate-limit/rate-limiter.js';
import { createVersionedCache } from '../versioned-cache.js';

export type CommentService = ReturnType<typeof createCommentService>;

/**
 * Where a reply goes (spec §3): under a top-level comment it is level 2 in that thread; under a
 * level 2 or 3 comment it is level 3 in the same thread, so threads never nest deeper than three.
 */
export function threadPlacement(parent: ParentComment | undefined): {
  level: number;
  rootId: string | null;
} {
  if (!parent) return { level: 1, rootId: null };
  if (parent.level === 1) return { level: 2, rootId: parent.id };
  return { level: COMMENT_MAX_LEVEL, rootId: parent.rootId };
}

export function createCommentService(deps: {
  comments: CommentRepository;
  posts: PostRepository;
  likes: LikeRepository;
  limiter: RateLimiter;
  now: Clock;
  contentVersion: ContentVersion;
  /** How long public reads may be served from memory (PUBLIC_CACHE_TTL_MS); 0 turns it off. */
  publicCacheTtlMs: number;
}) {
  const { comments, posts, likes, limiter, now, contentVersion } = deps;
  // Whether a post is public, and a public post's thread: the same for every caller (likes
  // come separately), so one copy serves them all. The same array comes back while it stands,
  // which lets the route serialize it once.
  const publicPosts = createVersionedCache<boolean>({
    version: contentVersion,
    ttlMs: deps.publicCacheTtlMs,
  });
  const publicThreads = createVersionedCache<Comment[]>({
    version: contentVersion,
    ttlMs: deps.publicCacheTtlMs,
  });

  const isPublic = (postId: string) =>
    publicPosts.get(postId, async () => (await posts.findVisible(postId, null)) !== undefined);

  /** The post, if the viewer may see it; its comments are as private as it is. */
  async function requireVisiblePost(postId: string, viewer: Viewer): Promise<void> {
    if (!(await posts.findVisible(postId, viewer))) {
      throw new NotFoundError(MESSAGES.postNotFoundTitle);
    }
  }

  async function parentFor(input: CreateCommentBody): Promise<ParentComment | undefined> {
    if (!input.parentId) {
      if (input.rootId) {
        throw new InvalidInputError([{ field: 'rootId', message: MESSAGES.commentRootMismatch }]);
      }
      return undefined;
    }
    const parent = await comments.findParent(input.parentId);
    if (!parent) {
      throw new InvalidInputError([{ field: 'parentId', message: MESSAGES.commentNotFound }]);
    }
    if (parent.postId !== input.postId) {
      throw new InvalidInputError([
        { field: 'parentId', message: MESSAGES.commentParentElsewhere },
      ]);
    }
    return parent;
  }

  return {
    /** A page of the post's comments, oldest first; the same for everyone who may see the post. */
    async list(postId: string, viewer: Viewer, page: CommentListQuery): Promise<Comment[]> {
      if (await isPublic(postId)) {
        return publicThreads.get(`${postId}:${page.skip}:${page.limit}`, () =>
          comments.listByPost(postId, page),
        );
      }
      // Not public: only its author reads it.
      await requireVisiblePost(postId, viewer);
      return comments.listByPost(postId, page);
    },

    /** The ids of the post's comments the member likes: laid over the shared thread by clients. */
    async likedOn(postId: string, user: User): Promise<string[]> {
      if (!(await isPublic(postId))) await requireVisiblePost(postId, user);
      return likes.likedCommentsOnPost(user.id, postId);
    },

    /** Posts a comment or a reply; the server, not the client, decides level and thread. */
    async create(user: User, input: CreateCommentBody): Promise<Comment> {
      await requireVisiblePost(input.postId, user);
      const parent = await parentFor(input);
      const placement = threadPlacement(parent);
      // A client may send the rootId it believes in; it must be the one the server derives.
      if (input.rootId && input.rootId !== placement.rootId) {
        throw new InvalidInputError([{ field: 'rootId', message: MESSAGES.commentRootMismatch }]);
      }
      const decision = await limiter.consume(user.id);
      if (!decision.allowed) {
        throw new TooManyAttemptsError(decision.retryAfterSeconds, MESSAGES.tooManyComments);
      }
      const id = randomUUID();
      await comments.insert({
        id,
        postId: input.postId,
        userId: user.id,
        parentId: parent?.id ?? null,
        rootId: placement.rootId,
        level: placement.level,
        content: input.content,
        imageUrl: input.imageUrl,
        createdAt: now().toISOString(),
      });
      contentVersion.bump();
      const created = await comments.find(id);
      if (!created) throw new Error(`comment ${id} vanished right after it was written`);
      return created;
    },

    async toggleLike(id: string, user: User): Promise<LikeResult> {
      const comment = await comments.find(id);
      if (!comment) throw new NotFoundError(MESSAGES.commentNotFound);
      await requireVisiblePost(comment.postId, user);
      const result = await likes.toggleCommentLike(id, user.id, now().toISOString());
      contentVersion.bump();
      return { status: 'success', ...result };
    },
  };
}
