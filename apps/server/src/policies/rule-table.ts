import type { CommentAction, PostAction } from './content-policy.js';

/**
 * Every authorization rule as a table: who (anonymous, member, author, moderator) may do what to
 * a post (or comment) in each state, and the status the API answers a refusal with. Written out
 * cell by cell so a change of rule is a visible change here: policies.test.ts checks the policy
 * functions against it, routes/media/authorization.test.ts the HTTP API on both databases.
 */
export const VIEWERS = ['anonymous', 'member', 'author', 'moderator'] as const;
export type ViewerKind = (typeof VIEWERS)[number];
export const STATES = ['public', 'private', 'deleted'] as const;
export type PostState = (typeof STATES)[number];
/** 'ok', or the status the API answers. */
export type Outcome = 'ok' | 401 | 403 | 404;

export const POST_RULES: Record<ViewerKind, Record<PostState, Record<PostAction, Outcome>>> = {
  anonymous: {
    public: { see: 'ok', edit: 401, delete: 401, like: 401, comment: 401 },
    private: { see: 404, edit: 401, delete: 401, like: 401, comment: 401 },
    deleted: { see: 404, edit: 401, delete: 401, like: 401, comment: 401 },
  },
  member: {
    public: { see: 'ok', edit: 403, delete: 403, like: 'ok', comment: 'ok' },
    private: { see: 404, edit: 404, delete: 404, like: 404, comment: 404 },
    deleted: { see: 404, edit: 404, delete: 404, like: 404, comment: 404 },
  },
  author: {
    public: { see: 'ok', edit: 'ok', delete: 'ok', like: 'ok', comment: 'ok' },
    private: { see: 'ok', edit: 'ok', delete: 'ok', like: 'ok', comment: 'ok' },
    deleted: { see: 404, edit: 404, delete: 404, like: 404, comment: 404 },
  },
  // A moderator deletes what they can see; they get no sight of other members' private posts.
  moderator: {
    public: { see: 'ok', edit: 403, delete: 'ok', like: 'ok', comment: 'ok' },
    private: { see: 404, edit: 404, delete: 404, like: 404, comment: 404 },
    deleted: { see: 404, edit: 404, delete: 404, like: 404, comment: 404 },
  },
};

/** Comments: on a public post, on the author's private post, or deleted. */
export const COMMENT_RULES: Record<
  ViewerKind,
  Record<PostState, Record<CommentAction, Outcome>>
> = {
  anonymous: {
    public: { see: 'ok', edit: 401, delete: 401, like: 401, reply: 401 },
    private: { see: 404, edit: 401, delete: 401, like: 401, reply: 401 },
    deleted: { see: 404, edit: 401, delete: 401, like: 401, reply: 401 },
  },
  member: {
    public: { see: 'ok', edit: 403, delete: 403, like: 'ok', reply: 'ok' },
    private: { see: 404, edit: 404, delete: 404, like: 404, reply: 404 },
    deleted: { see: 404, edit: 404, delete: 404, like: 404, reply: 404 },
  },
  author: {
    public: { see: 'ok', edit: 'ok', delete: 'ok', like: 'ok', reply: 'ok' },
    private: { see: 'ok', edit: 'ok', delete: 'ok', like: 'ok', reply: 'ok' },
    deleted: { see: 404, edit: 404, delete: 404, like: 404, reply: 404 },
  },
  moderator: {
    public: { see: 'ok', edit: 403, delete: 'ok', like: 'ok', reply: 'ok' },
    private: { see: 404, edit: 404, delete: 404, like: 404, reply: 404 },
    deleted: { see: 404, edit: 404, delete: 404, like: 404, reply: 404 },
  },
};
