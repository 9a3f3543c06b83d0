import { randomUUID } from 'node:crypto';
import {
  COMMENT_MAX_LEVEL,
  COMMENT_REPLIES_SHOWN_COLLAPSED,
  MESSAGES,
  type CommentListQuery,
  type CommentRepliesQuery,
  type CommentRootsQuery,
  type CreateCommentBody,
  type LikeResult,
} from '@symposia/shared';
import type { Comment, ParentComment } from '../../domain/comment.js';
import type { Post, Viewer } from '../../domain/post.js';
import type { User } from '../../domain/user.js';
import {
  commentRecipients,
  decideComment,
  decidePost,
  likeRecipient,
  postFacts,
  readsHiddenAmong,
  type CommentAction,
} from '../../policies/index.js';
import { authorize } from '../authorize.js';
import {
  RowGoneError,
  type CommentPage,
  type CommentRepository,
  type LikeRepository,
  type NewNotification,
  type PostRepository,
} from '../../repositories/index.js';
import type { Clock } from '../clock.js';
import type { AfterWrite } from '../after-write.js';
import type { ContentVersion } from '../content-version.js';
import type { LikeGate } from '../like-gate.js';
import { InvalidInputError, NotFoundError, TooManyAttemptsError } from '../errors.js';
import type { RateLimiter } from '../rate-limit/rate-limiter.js';
import { PUBLIC_CACHE_MAX_SKIP, type MemoryCache } from '../memory-cache.js';
import { membersMentionedIn, type MentionDirectory } from '../notifications/mentions.js';
import { excerptOf, utcDay } from '../notifications/notification-service.js';
import { createVersionedCache } from '../versioned-cache.js';
import { createSteadyLoads } from './steady-loads.js';
import { decodeCursor, encodeCursor } from './thread-cursor.js';

// Every field of a comment (a Record, so a field added to the domain type must be listed here).
const COMMENT_FIELDS = Object.keys({
  id: true,
  postId: true,
  userId: true,
  username: true,
  avatar: true,
  content: true,
  imageUrl: true,
  createdAt: true,
  likes: true,
  level: true,
  parentId: true,
  rootId: true,
  replyCount: true,
  editedAt: true,
  deleted: true,
  hidden: true,
} satisfies Record<keyof Comment, true>) as (keyof Comment)[];

/** Whether two reads of a thread found the same comments, field by field, in the same order. */
export function sameComments(a: readonly Comment[], b: readonly Comment[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((comment, index) => {
    const other = b[index]!;
    return COMMENT_FIELDS.every((field) => comment[field] === other[field]);
  });
}

/** How many comments of public threads stay known past their cache entry (steady-loads.ts). */
const STEADY_THREAD_COMMENTS = 20_000;

/** A page of a post's threads: the top-level comments with the start of each thread. */
export interface RootsPage {
  threads: {
    root: Comment;
    /** The first replies, oldest first. */
    replies: Comment[];
    /** The replies the reader is shown in all ("[deleted]" places for replies included). */
    replyTotal: number;
    /** Where GET /comments/{id}/replies goes on after `replies`; null when none is left. */
    repliesCursor: string | null;
  }[];
  /** The post's comment count. */
  total: number;
  nextCursor: string | null;
}

/** A page of one thread's replies. */
export interface RepliesPage {
  replies: Comment[];
  nextCursor: string | null;
}

export type CommentService = ReturnType<typeof createCommentService>;

/**
 * Where a reply goes (spec §3): under a top-level comment it is level 2 in that thread; under a
 * level 2 or 3 comment it is level 3 in the same thread, so threads never nest deeper than three.
 */
export function threadPlacement(
  parent: Pick<ParentComment, 'id' | 'postId' | 'level' | 'rootId'> | undefined,
): {
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
  /** Each like's rate limit and undo window, shared with post likes (LIKE_RATE_LIMIT_*). */
  likeGate: LikeGate;
  now: Clock;
  /** Public reads served from memory (PUBLIC_CACHE_TTL_MS, PUBLIC_CACHE_MAX_BYTES). */
  publicCache: MemoryCache;
  /**
   * Told what each write changed, after it committed: the caches, and the live streams (whom a
   * comment or a like notified; a comment deleted, whose notifications leave)
   * (services/after-write.ts).
   */
  afterWrite: AfterWrite;
  /** Who the `@username`s of a comment are. */
  members: MentionDirectory;
  /** Whether a reader's own like is not in the shared caches yet (services/content-version.ts). */
  contentVersion: Pick<ContentVersion, 'awaitsOwnChange'>;
}) {
  const { comments, posts, likes, limiter, now, afterWrite } = deps;
  const ownChangePending = (viewer: Viewer) => deps.contentVersion.awaitsOwnChange(viewer?.id);
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

  const steadyThreads = createSteadyLoads<Comment[]>({
    cache: deps.publicCache,
    same: sameComments,
    maxItems: STEADY_THREAD_COMMENTS,
    itemsOf: (thread) => thread.length,
  });

  // Pages of public threads, as the whole thread above: one shared copy per page.
  const publicRoots = createVersionedCache<RootsPage>({
    cache: deps.publicCache,
    namespace: 'thread-roots',
  });
  const publicReplies = createVersionedCache<RepliesPage>({
    cache: deps.publicCache,
    namespace: 'thread-replies',
  });

  // Who wrote the comments the moderators hid on a post: they (and the moderators) read its
  // thread for themselves, with those comments in it.
  const hiddenAuthors = createVersionedCache<string[]>({
    cache: deps.publicCache,
    namespace: 'thread-hidden-authors',
  });

  const isPublic = (postId: string) =>
    publicPosts.get(postId, async () => (await posts.findVisible(postId, null)) !== undefined);

  /** Whether the viewer reads the post's thread otherwise than everyone does (see above). */
  async function readsOwnThread(postId: string, viewer: Viewer): Promise<boolean> {
    if (!viewer) return false;
    const authors = await hiddenAuthors.get(postId, () => comments.hiddenAuthorsOn(postId));
    return readsHiddenAmong(viewer, authors);
  }

  /**
   * Throws unless `user` may reply to `parent` (policies): a hidden comment takes no replies,
   * and one they may not see is, to them, no comment at all.
   */
  function authorizeReply(user: User, post: Post, parent: ParentComment): void {
    const decision = decideComment(
      user,
      { authorId: parent.authorId, deleted: false, hidden: parent.hidden, post: postFacts(post) },
      'reply',
    );
    if (!decision.allowed && decision.denial === 'not-found') {
      throw new InvalidInputError([{ field: 'parentId', message: MESSAGES.commentNotFound }]);
    }
    authorize(decision);
  }

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
          hidden: ref.hidden,
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

  /**
   * What a new comment tells whom (policies/notification-policy.ts): the author of the comment
   * replied to, the post's author, the members it names. One event: one group key for all.
   */
  async function commentNotifications(
    user: User,
    post: Post,
    parent: ParentComment | undefined,
    comment: { id: string; content: string; createdAt: string },
  ): Promise<NewNotification[]> {
    const mentioned = await membersMentionedIn(deps.members, comment.content);
    const recipients = commentRecipients({
      actor: user,
      post: postFacts(post),
      parentAuthor: parent ? { id: parent.authorId } : null,
      mentioned,
    });
    return recipients.map(({ recipientId, type }) => ({
      recipientId,
      type,
      actorId: user.id,
      postId: post.id,
      commentId: comment.id,
      excerpt: excerptOf(comment.content),
      groupKey: `comment:${comment.id}`,
      at: comment.createdAt,
    }));
  }

  /** What a like of the comment tells its author, if anyone; written only if it is a like. */
  async function commentLikeNotification(id: string, user: User, at: string) {
    const liked = await comments.find(id);
    const post = liked && (await posts.findVisible(liked.postId, user));
    if (!liked || !post) return null;
    const recipientId = likeRecipient({
      actor: user,
      authorId: liked.userId,
      post: postFacts(post),
    });
    if (recipientId === null) return null;
    const notification: NewNotification = {
      recipientId,
      type: 'like',
      actorId: user.id,
      postId: liked.postId,
      commentId: id,
      excerpt: excerptOf(liked.content),
      groupKey: `like:comment:${id}:${utcDay(at)}`,
      at,
    };
    return notification;
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
    /**
     * A page of the post's comments, oldest first; the same for everyone who may see the post,
     * but for the comments the moderators hid, which their authors and the moderators read
     * (uncached) and everyone else reads as deleted.
     */
    async list(postId: string, viewer: Viewer, page: CommentListQuery): Promise<Comment[]> {
      if ((await isPublic(postId)) && !(await readsOwnThread(postId, viewer))) {
        const read = () => comments.listByPost(postId, null, page);
        const key = `${postId}:${page.skip}:${page.limit}`;
        return page.skip < PUBLIC_CACHE_MAX_SKIP
          ? publicThreads.get(key, () => steadyThreads.load(key, read), ownChangePending(viewer))
          : read();
      }
      // Not public (its author's, or hidden), or read with hidden comments in it.
      await requireVisiblePost(postId, viewer);
      return comments.listByPost(postId, viewer, page);
    },

    /**
     * A page of the post's top-level comments, newest first, each with its first reply and how
     * many replies it has: the thread read a page at a time, by the rules of `list`.
     */
    async roots(postId: string, viewer: Viewer, query: CommentRootsQuery): Promise<RootsPage> {
      const after = decodeCursor(query.cursor);
      const read = async (reader: Viewer): Promise<RootsPage> => {
        const post = await posts.findVisible(postId, reader);
        const page = await comments.rootsPage(postId, reader, {
          after,
          limit: query.limit,
          firstReplies: COMMENT_REPLIES_SHOWN_COLLAPSED,
        });
        return {
          threads: page.items.map(({ repliesAfter, ...start }) => ({
            ...start,
            repliesCursor: encodeCursor(repliesAfter),
          })),
          total: post?.comments ?? 0,
          nextCursor: encodeCursor(page.next),
        };
      };
      if ((await isPublic(postId)) && !(await readsOwnThread(postId, viewer))) {
        return publicRoots.get(
          `${postId}:${query.cursor ?? ''}:${query.limit}`,
          () => read(null),
          ownChangePending(viewer),
        );
      }
      await requireVisiblePost(postId, viewer);
      return read(viewer);
    },

    /**
     * A page of one thread's replies (levels 2 and 3), oldest first; `rootId` is its top-level
     * comment. 404 when there is no such thread or the viewer may not see its post.
     */
    async replies(
      rootId: string,
      viewer: Viewer,
      query: CommentRepliesQuery,
    ): Promise<RepliesPage> {
      const after = decodeCursor(query.cursor);
      const postId = await comments.findThreadPost(rootId);
      if (postId === undefined) throw new NotFoundError(MESSAGES.commentNotFound);
      const read = async (reader: Viewer): Promise<RepliesPage> => {
        const page: CommentPage<Comment> = await comments.repliesPage(rootId, reader, {
          after,
          limit: query.limit,
        });
        return { replies: page.items, nextCursor: encodeCursor(page.next) };
      };
      if ((await isPublic(postId)) && !(await readsOwnThread(postId, viewer))) {
        return publicReplies.get(
          `${rootId}:${query.cursor ?? ''}:${query.limit}`,
          () => read(null),
          ownChangePending(viewer),
        );
      }
      await requireVisiblePost(postId, viewer);
      return read(viewer);
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
      if (parent) authorizeReply(user, post as Post, parent);
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
      const createdAt = now().toISOString();
      const notices = await commentNotifications(user, post as Post, parent, {
        id,
        content: input.content,
        createdAt,
      });
      const told = await comments
        .insert(
          {
            id,
            postId: input.postId,
            userId: user.id,
            parentId: parent?.id ?? null,
            rootId: placement.rootId,
            level: placement.level,
            content: input.content,
            imageUrl: input.imageUrl,
            createdAt,
          },
          notices,
        )
        .catch((error: unknown) => {
          // The comment replied to was deleted after parentFor found it: as if it never was.
          if (error instanceof RowGoneError && error.table === 'comments') {
            throw new InvalidInputError([{ field: 'parentId', message: MESSAGES.commentNotFound }]);
          }
          gone(error);
        });
      await afterWrite({ comments: [id], notify: told });
      const created = await comments.find(id);
      // Its post was deleted the moment after, and the comment with it.
      if (!created) throw new NotFoundError(MESSAGES.postNotFoundTitle);
      return created;
    },

    /**
     * Toggles the member's like of a comment, within their like rate limit. Their own liked state
     * is read uncached (likedOn), and so is the thread until the shared caches show the count,
     * which reaches them at most once per LIKE_COUNT_INTERVAL_MS for its post.
     */
    async toggleLike(id: string, user: User): Promise<LikeResult> {
      await commentFor(id, user, 'like');
      const { at, undoSince } = await deps.likeGate.admit(user);
      const onLiked = await commentLikeNotification(id, user, at);
      const { told, postId, ...result } = await likes
        .toggleCommentLike(id, user.id, { at, onLiked, undoSince })
        .catch((error: unknown) => gone(error));
      await afterWrite({ likeCounts: { postId, likerId: user.id }, notify: told });
      return { status: 'success', ...result };
    },

    /**
     * Throws unless `user` may edit the comment: asked when the request arrives, before its body
     * is read (plugins/route-access.ts); `edit` asks again.
     */
    async authorizeEdit(id: string, user: User): Promise<void> {
      await commentFor(id, user, 'edit');
    },

    /** The author's new text (PATCH /comments/{id}); `edited_at` is set. */
    async edit(id: string, user: User, content: string): Promise<Comment> {
      await commentFor(id, user, 'edit');
      if (!(await comments.edit(id, content, now().toISOString()))) {
        throw new NotFoundError(MESSAGES.commentNotFound);
      }
      await afterWrite({ comments: [id] });
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
      await afterWrite({ comments: [id], notificationsAbout: { commentId: id } });
    },
  };
}
