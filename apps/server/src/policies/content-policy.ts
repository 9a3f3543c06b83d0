import { MESSAGES, type UserRole, type Visibility } from '@symposia/shared';
import { ALLOW, deny, type Decision } from './decision.js';

/**
 * Who may do what to posts and comments (docs/ARCHITECTURE.md §4). Every such rule of the server
 * is here; services ask before they act and never decide on their own. The "may see" rule is also
 * applied inside queries, as one SQL condition shared by the post, comment, profile and storage
 * repositories (repositories/visibility.ts `postVisibleTo`); policies.test.ts checks the two
 * agree and lists every rule as a table.
 */

/** Who acts: a signed-in member (a `member` unless the role says otherwise), or null. */
export type Actor = { id: string; role?: UserRole } | null;

/**
 * Who reads. The id decides what is theirs; the role whether content hidden by the moderators
 * shows (a moderator sees it; no role gives sight of another member's private posts).
 */
export type Reader = { id: string; role?: UserRole } | null;

export const POST_ACTIONS = ['see', 'edit', 'delete', 'like', 'comment'] as const;
export type PostAction = (typeof POST_ACTIONS)[number];

export const COMMENT_ACTIONS = ['see', 'edit', 'delete', 'like', 'reply'] as const;
export type CommentAction = (typeof COMMENT_ACTIONS)[number];

/** What the rules need to know of a post. */
export interface PostFacts {
  authorId: string;
  visibility: Visibility;
  deleted: boolean;
  /** Hidden by the moderators (POST /moderation/reports/{id}/resolve, action `hide`). */
  hidden: boolean;
}

/** What the rules need to know of a comment, and of the post it is on. */
export interface CommentFacts {
  authorId: string;
  deleted: boolean;
  /** Hidden by the moderators. */
  hidden: boolean;
  /** Null: its post is none the actor may see (a repository found none for them). */
  post: PostFacts | null;
}

/** The facts of a post as read through the repositories, which never hand out a deleted one. */
export function postFacts(post: {
  author: { id: string };
  visibility: Visibility;
  hidden: boolean;
}): PostFacts {
  return {
    authorId: post.author.id,
    visibility: post.visibility,
    deleted: false,
    hidden: post.hidden,
  };
}

/**
 * Whether `reader` may see the post: nobody sees a deleted post; its author always sees it; anyone
 * else only a public one, and one hidden by the moderators only if they are a moderator (who gets
 * no sight of private posts). repositories/visibility.ts `postVisibleTo` is this rule as SQL.
 */
export function mayReadPost(reader: Reader, post: PostFacts): boolean {
  if (post.deleted) return false;
  if (isAuthor(reader, post.authorId)) return true;
  return post.visibility === 'public' && (!post.hidden || seesHiddenContent(reader));
}

/**
 * Whether `reader` may see the comment (on a post they may see): not deleted, and, when the
 * moderators hid it, only its author or a moderator. repositories/visibility.ts
 * `commentVisibleTo` is this rule as SQL.
 */
export function mayReadComment(reader: Reader, comment: CommentFacts): boolean {
  if (comment.post === null || !mayReadPost(reader, comment.post) || comment.deleted) return false;
  return !comment.hidden || isAuthor(reader, comment.authorId) || seesHiddenContent(reader);
}

/** Whether the reader sees everything the moderators hid on what they may see: moderators do. */
export function seesHiddenContent(reader: Reader): boolean {
  return reader !== null && reader.role === 'moderator';
}

/**
 * Whether `reader` must read a thread for themself rather than the copy everyone shares: a
 * moderator, or the author of one of its hidden comments (`hiddenAuthorIds`), sees more in it.
 */
export function readsHiddenAmong(reader: Reader, hiddenAuthorIds: readonly string[]): boolean {
  if (reader === null) return false;
  return seesHiddenContent(reader) || hiddenAuthorIds.includes(reader.id);
}

/**
 * May `actor` do `action` to the post? `post` undefined: no such post (or none the actor may
 * see, which is the same to them). Seeing needs no account; everything else does. Editing is the
 * author's alone; deleting the author's or a moderator's; liking and commenting anyone's who
 * may see the post, unless the moderators hid it (then it takes no likes or comments).
 */
export function decidePost(
  actor: Actor,
  post: PostFacts | undefined,
  action: PostAction,
): Decision {
  if (action !== 'see' && actor === null) return deny('sign-in', MESSAGES.notAuthenticated);
  if (post === undefined || !mayReadPost(actor, post)) {
    return deny('not-found', MESSAGES.postNotFoundTitle);
  }
  switch (action) {
    case 'see':
      return ALLOW;
    case 'like':
    case 'comment':
      return post.hidden ? deny('forbidden', MESSAGES.hiddenByModerators) : ALLOW;
    case 'edit':
    case 'delete':
      return decideChange(actor, post.authorId, action, {
        edit: MESSAGES.notYourPost,
        delete: MESSAGES.cannotDeletePost,
      });
  }
}

/**
 * May `actor` do `action` to the comment? `comment` undefined: no such comment. A comment is
 * seen by whoever may see its post; a deleted one is gone for every action (its "[deleted]" place
 * in the thread is not the comment), and so is a hidden one for all but its author and the
 * moderators. Editing is the author's alone; deleting the author's or a moderator's; liking and
 * replying anyone's who may see it, unless it or its post is hidden.
 */
export function decideComment(
  actor: Actor,
  comment: CommentFacts | undefined,
  action: CommentAction,
): Decision {
  if (action !== 'see' && actor === null) return deny('sign-in', MESSAGES.notAuthenticated);
  if (comment === undefined) return deny('not-found', MESSAGES.commentNotFound);
  if (comment.post === null || !mayReadPost(actor, comment.post)) {
    return deny('not-found', MESSAGES.postNotFoundTitle);
  }
  if (!mayReadComment(actor, comment)) return deny('not-found', MESSAGES.commentNotFound);
  switch (action) {
    case 'see':
      return ALLOW;
    case 'like':
    case 'reply':
      return comment.hidden || comment.post.hidden
        ? deny('forbidden', MESSAGES.hiddenByModerators)
        : ALLOW;
    case 'edit':
    case 'delete':
      return decideChange(actor, comment.authorId, action, {
        edit: MESSAGES.notYourComment,
        delete: MESSAGES.cannotDeleteComment,
      });
  }
}

/**
 * Editing a post or comment is its author's alone; deleting it, its author's or a moderator's.
 * `refusals`: what anyone else is told, by action.
 */
function decideChange(
  actor: Actor,
  authorId: string,
  action: 'edit' | 'delete',
  refusals: Record<'edit' | 'delete', string>,
): Decision {
  const allowed = isAuthor(actor, authorId) || (action === 'delete' && isModerator(actor));
  return allowed ? ALLOW : deny('forbidden', refusals[action]);
}

/** Only the author learns why processing of their post gave up. */
export function maySeeProcessingError(reader: Reader, post: PostFacts): boolean {
  return isAuthor(reader, post.authorId);
}

/**
 * Whether the reader gets signed file URLs for the post: when they may see a post the public may
 * not (the author of a private or hidden post, a moderator of a hidden one), since the gateway
 * serves only public files by plain path (services/storage/file-access.ts).
 */
export function needsSignedFileUrls(reader: Reader, post: PostFacts): boolean {
  return !mayReadPost(null, post) && mayReadPost(reader, post);
}

function isAuthor(actor: Reader, authorId: string): boolean {
  return actor !== null && actor.id === authorId;
}

function isModerator(actor: Actor): boolean {
  return actor !== null && actor.role === 'moderator';
}
