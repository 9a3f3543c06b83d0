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

/** Who reads: only the id matters for seeing (roles give no extra sight). */
export type Reader = { id: string } | null;

export const POST_ACTIONS = ['see', 'edit', 'delete', 'like', 'comment'] as const;
export type PostAction = (typeof POST_ACTIONS)[number];

export const COMMENT_ACTIONS = ['see', 'edit', 'delete', 'like', 'reply'] as const;
export type CommentAction = (typeof COMMENT_ACTIONS)[number];

/** What the rules need to know of a post. */
export interface PostFacts {
  authorId: string;
  visibility: Visibility;
  deleted: boolean;
}

/** What the rules need to know of a comment, and of the post it is on. */
export interface CommentFacts {
  authorId: string;
  deleted: boolean;
  /** Null: its post is none the actor may see (a repository found none for them). */
  post: PostFacts | null;
}

/** The facts of a post as read through the repositories, which never hand out a deleted one. */
export function postFacts(post: { author: { id: string }; visibility: Visibility }): PostFacts {
  return { authorId: post.author.id, visibility: post.visibility, deleted: false };
}

/**
 * Whether `reader` may see the post: nobody sees a deleted post; a public post is anyone's to
 * see; a private one only its author's (a moderator has no extra sight). repositories/visibility.ts
 * `postVisibleTo` is this rule as SQL.
 */
export function mayReadPost(reader: Reader, post: PostFacts): boolean {
  if (post.deleted) return false;
  return post.visibility === 'public' || (reader !== null && reader.id === post.authorId);
}

/**
 * May `actor` do `action` to the post? `post` undefined: no such post (or none the actor may
 * see, which is the same to them). Seeing needs no account; everything else does. Editing is the
 * author's alone; deleting the author's or a moderator's; liking and commenting anyone's who
 * may see the post.
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
    case 'like':
    case 'comment':
      return ALLOW;
    case 'edit':
      return isAuthor(actor, post.authorId) ? ALLOW : deny('forbidden', MESSAGES.notYourPost);
    case 'delete':
      return isAuthor(actor, post.authorId) || isModerator(actor)
        ? ALLOW
        : deny('forbidden', MESSAGES.cannotDeletePost);
  }
}

/**
 * May `actor` do `action` to the comment? `comment` undefined: no such comment. A comment is
 * seen by whoever may see its post; a deleted one is gone for every action (its "[deleted]" place
 * in the thread is not the comment). Editing is the author's alone; deleting the author's or a
 * moderator's; liking and replying anyone's who may see the post.
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
  if (comment.deleted) return deny('not-found', MESSAGES.commentNotFound);
  switch (action) {
    case 'see':
    case 'like':
    case 'reply':
      return ALLOW;
    case 'edit':
      return isAuthor(actor, comment.authorId) ? ALLOW : deny('forbidden', MESSAGES.notYourComment);
    case 'delete':
      return isAuthor(actor, comment.authorId) || isModerator(actor)
        ? ALLOW
        : deny('forbidden', MESSAGES.cannotDeleteComment);
  }
}

/** Only the author learns why processing of their post gave up. */
export function maySeeProcessingError(reader: Reader, post: PostFacts): boolean {
  return isAuthor(reader, post.authorId);
}

/**
 * Whether the reader gets signed file URLs for the post: only the author of a private post, the
 * one reader of its files (services/storage/file-access.ts); everyone else gets plain gateway
 * paths, which serve public files only.
 */
export function needsSignedFileUrls(reader: Reader, post: PostFacts): boolean {
  return post.visibility === 'private' && isAuthor(reader, post.authorId);
}

function isAuthor(actor: Reader, authorId: string): boolean {
  return actor !== null && actor.id === authorId;
}

function isModerator(actor: Actor): boolean {
  return actor !== null && actor.role === 'moderator';
}
