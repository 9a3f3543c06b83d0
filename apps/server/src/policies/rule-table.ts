import type { ModerationAction } from '@symposia/shared';
import type { CommentAction, PostAction } from './content-policy.js';
import type { ReviewAction } from './review-policy.js';

/**
 * Every authorization rule as a table: who (anonymous, member, author, moderator) may do what to
 * a post (or comment) in each state, and the status the API answers a refusal with. Written out
 * cell by cell so a change of rule is a visible change here: policies.test.ts checks the policy
 * functions against it, routes/media/authorization.test.ts the HTTP API on both databases.
 */
export const VIEWERS = ['anonymous', 'member', 'author', 'moderator'] as const;
export type ViewerKind = (typeof VIEWERS)[number];
/** `hidden`: public, and hidden by the moderators (a comment: hidden, on a public post). */
export const STATES = ['public', 'private', 'deleted', 'hidden'] as const;
export type PostState = (typeof STATES)[number];
/** 'ok', or the status the API answers. */
export type Outcome = 'ok' | 401 | 403 | 404 | 422;

export const POST_RULES: Record<ViewerKind, Record<PostState, Record<PostAction, Outcome>>> = {
  anonymous: {
    public: { see: 'ok', edit: 401, delete: 401, like: 401, comment: 401 },
    private: { see: 404, edit: 401, delete: 401, like: 401, comment: 401 },
    deleted: { see: 404, edit: 401, delete: 401, like: 401, comment: 401 },
    hidden: { see: 404, edit: 401, delete: 401, like: 401, comment: 401 },
  },
  member: {
    public: { see: 'ok', edit: 403, delete: 403, like: 'ok', comment: 'ok' },
    private: { see: 404, edit: 404, delete: 404, like: 404, comment: 404 },
    deleted: { see: 404, edit: 404, delete: 404, like: 404, comment: 404 },
    hidden: { see: 404, edit: 404, delete: 404, like: 404, comment: 404 },
  },
  // A hidden post is its author's to see (marked), edit and delete; it takes no likes or comments.
  author: {
    public: { see: 'ok', edit: 'ok', delete: 'ok', like: 'ok', comment: 'ok' },
    private: { see: 'ok', edit: 'ok', delete: 'ok', like: 'ok', comment: 'ok' },
    deleted: { see: 404, edit: 404, delete: 404, like: 404, comment: 404 },
    hidden: { see: 'ok', edit: 'ok', delete: 'ok', like: 403, comment: 403 },
  },
  // A moderator deletes what they can see; they get no sight of other members' private posts,
  // and see what the moderators hid.
  moderator: {
    public: { see: 'ok', edit: 403, delete: 'ok', like: 'ok', comment: 'ok' },
    private: { see: 404, edit: 404, delete: 404, like: 404, comment: 404 },
    deleted: { see: 404, edit: 404, delete: 404, like: 404, comment: 404 },
    hidden: { see: 'ok', edit: 403, delete: 'ok', like: 403, comment: 403 },
  },
};

/**
 * Comments: on a public post, on the author's private post, deleted, or hidden (public post).
 * They follow the post table cell for cell, replying where a post has commenting: the same
 * viewers see them, the same edit and delete them, and a hidden one takes no likes or replies.
 */
export const COMMENT_RULES = Object.fromEntries(
  VIEWERS.map((viewer) => [
    viewer,
    Object.fromEntries(
      STATES.map((state) => {
        const { comment, ...rest } = POST_RULES[viewer][state];
        return [state, { ...rest, reply: comment }];
      }),
    ),
  ]),
) as Record<ViewerKind, Record<PostState, Record<CommentAction, Outcome>>>;

/**
 * Moderation: who may review the queue and the log, resolve reports and undo hides. Only a
 * moderator; anyone else signed in is refused with 403.
 */
export const MODERATION_RULES: Record<ViewerKind, Outcome> = {
  anonymous: 401,
  member: 403,
  author: 403,
  moderator: 'ok',
};

/** Who may report a post in each state: what they may see, never their own (422). */
export const REPORT_RULES: Record<ViewerKind, Record<PostState, Outcome>> = {
  anonymous: { public: 401, private: 401, deleted: 401, hidden: 401 },
  member: { public: 'ok', private: 404, deleted: 404, hidden: 404 },
  author: { public: 422, private: 422, deleted: 404, hidden: 422 },
  moderator: { public: 'ok', private: 404, deleted: 404, hidden: 'ok' },
};

/**
 * What a moderator may resolve a report with, by what the report is about: a member's post (or
 * comment), a member, a moderator's post, a moderator. A member is never hidden or deleted, a
 * moderator never suspended (422).
 */
export const RESOLUTION_TARGETS = ['post', 'member', 'moderator-post', 'moderator'] as const;
export type ResolutionTarget = (typeof RESOLUTION_TARGETS)[number];
export const RESOLUTION_RULES: Record<ResolutionTarget, Record<ModerationAction, Outcome>> = {
  post: { dismiss: 'ok', hide: 'ok', delete: 'ok', suspend: 'ok' },
  member: { dismiss: 'ok', hide: 422, delete: 422, suspend: 'ok' },
  'moderator-post': { dismiss: 'ok', hide: 'ok', delete: 'ok', suspend: 422 },
  moderator: { dismiss: 'ok', hide: 422, delete: 422, suspend: 422 },
};

/**
 * Review bounties (issue 29, policies/bounty-policy.ts). Offering from one's own balance is any
 * member's; from the operator's pool, a moderator's (whether the balance or pool holds the amount
 * is the ledger's to say, 422).
 */
export const BOUNTY_OFFER_RULES: Record<ViewerKind, { balance: Outcome; pool: Outcome }> = {
  anonymous: { balance: 401, pool: 401 },
  member: { balance: 'ok', pool: 403 },
  author: { balance: 'ok', pool: 403 },
  moderator: { balance: 'ok', pool: 'ok' },
};

/**
 * Awarding a bounty, by who asks and the bounty's state: before its deadline only its offerer;
 * after it only a moderator, and only if the offerer awarded nothing; a closed one takes none.
 */
export const BOUNTY_ASKERS = ['anonymous', 'offerer', 'member', 'moderator'] as const;
export const BOUNTY_STATES = ['open', 'late-unawarded', 'late-awarded', 'closed'] as const;
export const BOUNTY_AWARD_RULES: Record<
  (typeof BOUNTY_ASKERS)[number],
  Record<(typeof BOUNTY_STATES)[number], Outcome>
> = {
  anonymous: { open: 401, 'late-unawarded': 401, 'late-awarded': 401, closed: 401 },
  offerer: { open: 'ok', 'late-unawarded': 403, 'late-awarded': 403, closed: 422 },
  member: { open: 403, 'late-unawarded': 403, 'late-awarded': 403, closed: 422 },
  moderator: { open: 403, 'late-unawarded': 'ok', 'late-awarded': 403, closed: 422 },
};

/** Which reviews a bounty may be awarded to: live ones of its post, written while it was open. */
export const BOUNTY_REVIEWS = [
  'eligible',
  'missing',
  'deleted',
  'hidden',
  'other-post',
  'offerers-own',
  'before-bounty',
  'after-deadline',
] as const;
export const BOUNTY_REVIEW_RULES: Record<(typeof BOUNTY_REVIEWS)[number], Outcome> = {
  eligible: 'ok',
  missing: 422,
  deleted: 422,
  hidden: 422,
  'other-post': 422,
  'offerers-own': 422,
  'before-bounty': 422,
  'after-deadline': 422,
};

/**
 * Peer reviews (issue 29), by who asks — a signed-out visitor, another member, the review's
 * reviewer, the post's author, a moderator — and the review's state: on a public post, on a
 * post made private since, deleted, hidden by the moderators, or on a post they hid. Reviews
 * follow their post as comments do; a hidden one is its reviewer's and the moderators' alone.
 */
export const REVIEW_VIEWERS = ['anonymous', 'member', 'reviewer', 'author', 'moderator'] as const;
export type ReviewViewerKind = (typeof REVIEW_VIEWERS)[number];
export const REVIEW_STATES = ['public', 'private', 'deleted', 'hidden', 'post-hidden'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];
type ReviewRow = Record<ReviewAction, Outcome>;
const allOf = (outcome: Outcome): ReviewRow => ({
  see: outcome,
  edit: outcome,
  delete: outcome,
  respond: outcome,
  helpful: outcome,
  rate: outcome,
});
const signedOut: ReviewRow = { ...allOf(401), see: 404 };
export const REVIEW_RULES: Record<ReviewViewerKind, Record<ReviewState, ReviewRow>> = {
  anonymous: {
    public: { ...allOf(401), see: 'ok' },
    private: signedOut,
    deleted: signedOut,
    hidden: signedOut,
    'post-hidden': signedOut,
  },
  member: {
    public: { see: 'ok', edit: 403, delete: 403, respond: 403, helpful: 'ok', rate: 403 },
    private: allOf(404),
    deleted: allOf(404),
    hidden: allOf(404),
    'post-hidden': allOf(404),
  },
  // A reviewer may not mark their own review helpful (422); a hidden one takes no marks.
  reviewer: {
    public: { see: 'ok', edit: 'ok', delete: 'ok', respond: 403, helpful: 422, rate: 403 },
    private: allOf(404),
    deleted: allOf(404),
    hidden: { see: 'ok', edit: 'ok', delete: 'ok', respond: 403, helpful: 403, rate: 403 },
    'post-hidden': allOf(404),
  },
  // The post's author answers and rates each review; never edits or deletes another's.
  author: {
    public: { see: 'ok', edit: 403, delete: 403, respond: 'ok', helpful: 'ok', rate: 'ok' },
    private: { see: 'ok', edit: 403, delete: 403, respond: 'ok', helpful: 'ok', rate: 'ok' },
    deleted: allOf(404),
    hidden: allOf(404),
    'post-hidden': { ...allOf(403), see: 'ok' },
  },
  moderator: {
    public: { see: 'ok', edit: 403, delete: 'ok', respond: 403, helpful: 'ok', rate: 403 },
    private: allOf(404),
    deleted: allOf(404),
    hidden: { ...allOf(403), see: 'ok', delete: 'ok' },
    'post-hidden': { ...allOf(403), see: 'ok', delete: 'ok' },
  },
};

/** Who may write a review of a post in each state: not its author (422), not a hidden one (403). */
export const REVIEW_WRITE_RULES: Record<ViewerKind, Record<PostState, Outcome>> = {
  anonymous: { public: 401, private: 401, deleted: 401, hidden: 401 },
  member: { public: 'ok', private: 404, deleted: 404, hidden: 404 },
  author: { public: 422, private: 422, deleted: 404, hidden: 403 },
  moderator: { public: 'ok', private: 404, deleted: 404, hidden: 403 },
};

/**
 * Reports on peer reviews (issue 29), by who reports and the review's state as in REVIEW_RULES:
 * a member reports a review they may see (404 otherwise), never their own (422).
 */
export const REVIEW_REPORT_RULES: Record<ReviewViewerKind, Record<ReviewState, Outcome>> = {
  anonymous: { public: 401, private: 401, deleted: 401, hidden: 401, 'post-hidden': 401 },
  member: { public: 'ok', private: 404, deleted: 404, hidden: 404, 'post-hidden': 404 },
  reviewer: { public: 422, private: 404, deleted: 404, hidden: 422, 'post-hidden': 404 },
  author: { public: 'ok', private: 'ok', deleted: 404, hidden: 404, 'post-hidden': 'ok' },
  moderator: { public: 'ok', private: 404, deleted: 404, hidden: 'ok', 'post-hidden': 'ok' },
};

/** What a moderator may do to a reported review or response: each action, and `restore`. */
type ResolutionOutcomes = Record<ModerationAction | 'restore', Outcome>;

/** A review or response the moderator may see: every action, and undoing its hiding. */
const MAY_RESOLVE_ALL = {
  dismiss: 'ok',
  hide: 'ok',
  delete: 'ok',
  suspend: 'ok',
  restore: 'ok',
} as const satisfies ResolutionOutcomes;

/** One on another member's private post, or deleted: close the report or suspend, nothing else. */
const MAY_ONLY_DISMISS_OR_SUSPEND = {
  dismiss: 'ok',
  hide: 404,
  delete: 404,
  suspend: 'ok',
  restore: 404,
} as const satisfies ResolutionOutcomes;

/**
 * What a moderator may do to a reported review (a member's) in each state, and undo its hiding
 * (`restore`; whether it is hidden at all is the service's 409): hide and delete what they may
 * see, never a review of another member's private post (404), as for comments.
 */
export const REVIEW_RESOLUTION_RULES: Record<ReviewState, ResolutionOutcomes> = {
  public: MAY_RESOLVE_ALL,
  private: MAY_ONLY_DISMISS_OR_SUSPEND,
  deleted: MAY_ONLY_DISMISS_OR_SUSPEND,
  hidden: MAY_RESOLVE_ALL,
  'post-hidden': MAY_RESOLVE_ALL,
};

/**
 * Follows (issue 30, policies/follow-policy.ts), by who asks and what they ask to follow: another
 * member, a tag, themself, a member who does not exist or is suspended, something new when they
 * already follow as many as they may, and something they already follow at that limit (following
 * again changes nothing). Unfollowing is any member's, whatever they follow (204).
 */
export const FOLLOW_ASKERS = ['anonymous', 'member'] as const;
export const FOLLOW_TARGETS = [
  'author',
  'tag',
  'self',
  'unknown',
  'suspended',
  'new-at-limit',
  'again-at-limit',
] as const;
export const FOLLOW_RULES: Record<
  (typeof FOLLOW_ASKERS)[number],
  Record<(typeof FOLLOW_TARGETS)[number], Outcome>
> = {
  anonymous: {
    author: 401,
    tag: 401,
    self: 401,
    unknown: 401,
    suspended: 401,
    'new-at-limit': 401,
    'again-at-limit': 401,
  },
  member: {
    author: 'ok',
    tag: 'ok',
    self: 422,
    unknown: 404,
    suspended: 404,
    'new-at-limit': 422,
    'again-at-limit': 'ok',
  },
};

/** The following feed (`GET /media/list?feed=following`) is a member's own: 401 signed out. */
export const FOLLOWING_FEED_RULES: Record<(typeof FOLLOW_ASKERS)[number], Outcome> = {
  anonymous: 401,
  member: 'ok',
};

/**
 * The post author's response to a review (issue 29), by who asks (as REVIEW_VIEWERS; `author`
 * wrote it) and its state: on a public post, on a post made private since, deleted, hidden by the
 * moderators, or under a review they hid. It follows its review; a hidden one is its author's
 * (marked) and the moderators' alone.
 */
export const REVIEW_RESPONSE_STATES = [
  'public',
  'private',
  'deleted',
  'hidden',
  'review-hidden',
] as const;
export type ReviewResponseState = (typeof REVIEW_RESPONSE_STATES)[number];

/** Who sees the response in each state ('ok'; 404: not there for them). */
export const REVIEW_RESPONSE_RULES: Record<
  ReviewViewerKind,
  Record<ReviewResponseState, Outcome>
> = {
  anonymous: { public: 'ok', private: 404, deleted: 404, hidden: 404, 'review-hidden': 404 },
  member: { public: 'ok', private: 404, deleted: 404, hidden: 404, 'review-hidden': 404 },
  // The reviewer still sees their hidden review, and the response under it.
  reviewer: { public: 'ok', private: 404, deleted: 404, hidden: 404, 'review-hidden': 'ok' },
  author: { public: 'ok', private: 'ok', deleted: 404, hidden: 'ok', 'review-hidden': 404 },
  moderator: { public: 'ok', private: 404, deleted: 404, hidden: 'ok', 'review-hidden': 'ok' },
};

/**
 * Reports on a response: a member reports one they may see (404 otherwise), never their own
 * (422), as for reviews.
 */
export const REVIEW_RESPONSE_REPORT_RULES: Record<
  ReviewViewerKind,
  Record<ReviewResponseState, Outcome>
> = {
  anonymous: { public: 401, private: 401, deleted: 401, hidden: 401, 'review-hidden': 401 },
  member: { public: 'ok', private: 404, deleted: 404, hidden: 404, 'review-hidden': 404 },
  reviewer: { public: 'ok', private: 404, deleted: 404, hidden: 404, 'review-hidden': 'ok' },
  author: { public: 422, private: 422, deleted: 404, hidden: 422, 'review-hidden': 404 },
  moderator: { public: 'ok', private: 404, deleted: 404, hidden: 'ok', 'review-hidden': 'ok' },
};

/**
 * What a moderator may do to a reported response (a member's) in each state, and undo its hiding
 * (`restore`; whether it is hidden at all is the service's 409): what they may see, never one on
 * another member's private post (404), as for reviews.
 */
export const REVIEW_RESPONSE_RESOLUTION_RULES: Record<ReviewResponseState, ResolutionOutcomes> = {
  public: MAY_RESOLVE_ALL,
  private: MAY_ONLY_DISMISS_OR_SUSPEND,
  deleted: MAY_ONLY_DISMISS_OR_SUSPEND,
  hidden: MAY_RESOLVE_ALL,
  'review-hidden': MAY_RESOLVE_ALL,
};
