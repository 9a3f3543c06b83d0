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
import {
  authorize,
  decideComment,
  decidePost,
  postFacts,
  type CommentAction,
} from '../../policies/index.js';
import {
  RowGoneError,
  type CommentRepository,
  type LikeRepository,
  type PostRepository,
} from '../../repositories/index.js';
import type { Clock } from '../clock.js';
import type { ContentVersion } from '../content-version.js';
import { InvalidInputError, NotFoundError, TooManyAttemptsError } from '../errors.js';
import type { RateLimiter } from '../rate-limit/rate-limiter.js';
import { PUBLIC_CACHE_MAX_SKIP, type MemoryCache } from '../memory-cache.js';
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
  /** Public reads served from memory (PUBLIC_CACHE_TTL_MS, PUBLIC_CACHE_MAX_BYTES). */
  publicCache: MemoryCache;
}) {
  const { comments, posts, likes, limiter, now, contentVersion } = deps;
  // Whether a post is public, and a public post's thread: the same for every caller (likes
  // come separately), so one copy serves them all. The same array comes back while it stands,
  // which lets the route serialize it once (routes/shared-json.ts counts those bytes too).
  const publicPosts = createVersionedCache<boolean>({
    cache: deps.publicCache,
    namespace: 'post-public',
  });
  const publicThreads = createVersionedCache<Comment[]>({
    cache: deps.publicCache,
    namespace: 'thread',
  });

  const isPublic = (postId: string) =>
    publicPosts.get(postId, async () => (await posts.findVisible(postId, null)) !== undefined);

  /** The post, if the viewer may see it; its comments are as private as it is. */
  async function requireVisiblePost(postId: string, viewer: Viewer): Promise<void> {
    const post = await posts.findVisible(postId, viewer);
    authorize(decidePost(viewer, post && postFacts(post), 'see'));
  }

  /**
   * The comment (not deleted), if `user` may do `action` to it (policies/content-policy.ts);
   * else throws: 404 for a comment gone or on a post they cannot see, 403 for one not theirs.
   */
  async function commentFor(id: string, user: User, action: CommentAction) {
    const ref = await comments.findRef(id);
    const post = ref && (await posts.findVisible(ref.postId, user));
    authorize(
      decideComment(
        user,
        ref && {
          authorId: ref.userId,
          deleted: false,
          post: post ? postFacts(post) : null,
        },
        action,
      ),
    );
    return ref as NonNullable<typeof ref>;
  }

  /** A write that found its post or parent deleted meanwhile wrote nothing: say which. */
  function gone(error: unknown): never {
    if (error instanceof RowGoneError) {
      if (error.table === 'posts') throw new NotFoundError(MESSAGES.postNotFoundTitle);
      throw new NotFoundError(MESSAGES.commentNotFound);
    }
    throw error;
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
        const read = () => comments.listByPost(postId, page);
        return page.skip < PUBLIC_CACHE_MAX_SKIP
          ? publicThreads.get(`${postId}:${page.skip}:${page.limit}`, read)
          : read();
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
      const post = await posts.findVisible(input.postId, user);
      authorize(decidePost(user, post && postFacts(post), 'comment'));
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
      await comments
        .insert({
          id,
          postId: input.postId,
          userId: user.id,
          parentId: parent?.id ?? null,
          rootId: placement.rootId,
          level: placement.level,
          content: input.content,
          imageUrl: input.imageUrl,
          createdAt: now().toISOString(),
        })
        .catch((error: unknown) => {
          // The comment replied to was deleted after parentFor found it: as if it never was.
          if (error instanceof RowGoneError && error.table === 'comments') {
            throw new InvalidInputError([{ field: 'parentId', message: MESSAGES.commentNotFound }]);
          }
          gone(error);
        });
      contentVersion.bump();
      const created = await comments.find(id);
      // Its post was deleted the moment after, and the comment with it.
      if (!created) throw new NotFoundError(MESSAGES.postNotFoundTitle);
      return created;
    },

    async toggleLike(id: string, user: User): Promise<LikeResult> {
      await commentFor(id, user, 'like');
      const result = await likes
        .toggleCommentLike(id, user.id, now().toISOString())
        .catch((error: unknown) => gone(error));
      contentVersion.bump();
      return { status: 'success', ...result };
    },

    /** The author's new text (PATCH /comments/{id}); `edited_at` is set. */
    async edit(id: string, user: User, content: string): Promise<Comment> {
      await commentFor(id, user, 'edit');
      if (!(await comments.edit(id, content, now().toISOString()))) {
        throw new NotFoundError(MESSAGES.commentNotFound);
      }
      contentVersion.bump();
      const edited = await comments.find(id);
      if (!edited) throw new NotFoundError(MESSAGES.commentNotFound);
      return edited;
    },

    /**
     * Deletes a comment (DELETE /comments/{id}): the author or a moderator. One with replies stays
     * in its thread as "[deleted]"; counts follow at once, and so does every cached thread.
     */
    async remove(id: string, user: User): Promise<void> {
      await commentFor(id, user, 'delete');
      if (!(await comments.delete(id, now().toISOString()))) {
        throw new NotFoundError(MESSAGES.commentNotFound);
      }
      contentVersion.bump();
    },
  };
}
