import { z } from 'zod';
import { reviewStatusSchema } from './reviews.js';
import { LIST_MAX_LIMIT, MY_PAGE_LIST_PAGE_SIZE } from '../limits.js';
import { pageQuerySchema } from './common.js';
import { trustLevelSchema } from './trust.js';

/**
 * The member's ORCID iD (issue 30), linked by signing in with it, and its public record's address
 * (OIDC_ISSUER's): null when none is linked. Public wherever the member shows: they chose to link it.
 */
export const orcidFields = {
  orcid: z.string().nullable(),
  orcid_url: z.string().nullable(),
};

export const userSettingsSchema = z.object({
  public_posts: z.boolean(),
  public_activities: z.boolean(),
  public_profile: z.boolean(),
  public_statistics: z.boolean(),
  public_contact: z.boolean(),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

export const userStatsSchema = z.object({
  posts: z.number().int(),
  comments: z.number().int(),
  likes: z.number().int(),
  activity_level: z.number(),
  /** Tokens ever credited as contribution rewards, a decimal string ("12.5"). */
  tokens_earned: z.string(),
});
export type UserStats = z.infer<typeof userStatsSchema>;

export const userPostSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  date: z.string(),
  likes: z.number().int(),
  comments: z.number().int(),
  visibility: z.enum(['public', 'private']),
  /** The peer-review status of the post's current revision (issue 29). */
  review_status: reviewStatusSchema,
});

export const userCommentSummarySchema = z.object({
  id: z.string(),
  postId: z.string(),
  postTitle: z.string(),
  content: z.string(),
  date: z.string(),
});

export const userLikeSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  date: z.string(),
});

/**
 * What an account may do beyond its own content: a `moderator` may also delete anyone's posts and
 * comments. Every account is a `member` unless ADMIN_USERNAMES names it.
 */
export const USER_ROLES = ['member', 'moderator'] as const;
export const userRoleSchema = z.enum(USER_ROLES);
export type UserRole = z.infer<typeof userRoleSchema>;

/** GET /auth/me/posts, /auth/me/comments and /auth/me/likes: `skip` and `limit`, newest first. */
export const myListQuerySchema = pageQuerySchema(MY_PAGE_LIST_PAGE_SIZE, LIST_MAX_LIMIT);
export type MyListQuery = z.infer<typeof myListQuerySchema>;
export const myPostsSchema = z.array(userPostSummarySchema);
export const myCommentsSchema = z.array(userCommentSummarySchema);
export const myLikesSchema = z.array(userLikeSummarySchema);
export type UserPostSummary = z.infer<typeof userPostSummarySchema>;
export type UserCommentSummary = z.infer<typeof userCommentSummarySchema>;
export type UserLikeSummary = z.infer<typeof userLikeSummarySchema>;

/**
 * The current user (GET /auth/me and the register answer), spec §3. `posts`, `comments` and
 * `likes` are the first MY_PAGE_LIST_PAGE_SIZE of each, newest first; `stats` counts them all.
 */
export const currentUserSchema = z.object({
  id: z.string(),
  _id: z.string(),
  username: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  title: z.string(),
  bio: z.string(),
  email: z.string(),
  phone: z.string(),
  url: z.string(),
  tags: z.string(),
  self_page: z.string(),
  settings: userSettingsSchema,
  stats: userStatsSchema,
  posts: z.array(userPostSummarySchema),
  comments: z.array(userCommentSummarySchema),
  likes: z.array(userLikeSummarySchema),
  created_at: z.string(),
  role: userRoleSchema,
  /** Issue 28: the member's trust level (0 new … 3 trusted); never the score. */
  trust_level: trustLevelSchema,
  /** Issue 30: whether `email` is an address the member proved they read (a link sent to it). */
  email_verified: z.boolean(),
  ...orcidFields,
  /**
   * True for an account made by signing in with ORCID: it has no password (nothing to change),
   * and ORCID stays linked, since it is how the account signs in.
   */
  orcid_only: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/**
 * What POST /auth/register stores for an optional field left empty (spec §3 says fixed placeholders
 * without showing them). The nickname defaults to the username; an empty avatar means the web app
 * draws an initials avatar.
 */
export const USER_DEFAULTS = {
  email: '',
  phone: '',
  self_page: '',
  bio: 'This researcher has not written a bio yet.',
  url: '',
  title: 'Researcher',
  tags: 'Research',
  avatar: '',
} as const;
