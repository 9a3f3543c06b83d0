import { z } from 'zod';
import { FOLLOW_TARGET_MAX_LENGTH, POST_FIELD_MAX_LENGTH } from '../limits.js';
import { MESSAGES } from '../messages.js';
import { oneOfValues } from './common.js';
import { normalizeTag } from '../tags.js';

/**
 * Follows (issue 30): a member follows authors and tags; `GET /media/list?feed=following` lists
 * the posts of both, and a followed author's new public post notifies the follower
 * (`followed_post`). A tag's followers are told of nothing (too many posts carry a tag).
 */
export const FOLLOW_TYPES = ['author', 'tag'] as const;
export const followTypeSchema = oneOfValues(FOLLOW_TYPES);
export type FollowType = (typeof FOLLOW_TYPES)[number];

/**
 * POST and DELETE /follows (JSON). `target` names what is followed:
 * - `author`: the member's id, as their profile's address carries it (`/author/{id}`), or
 *   `@username` as a mention's link does (`/author/@{username}`); either way the follow is
 *   stored under the id, and the answer names the id.
 * - `tag`: one tag as a post carries it, normalized as posts' tags are (`normalizeTag`: trimmed,
 *   leading '#' dropped, at most POST_FIELD_MAX_LENGTH.tag characters); letter case does not
 *   matter (`#AI` and `ai` are one tag), and the first spelling followed is the one kept.
 */
export const followBodySchema = z
  .object({
    type: followTypeSchema,
    target: z
      .string({ message: MESSAGES.notText })
      .trim()
      .min(1, { message: MESSAGES.notEmpty })
      .max(FOLLOW_TARGET_MAX_LENGTH, { message: MESSAGES.maxLength(FOLLOW_TARGET_MAX_LENGTH) }),
  })
  .transform((body, ctx) => {
    if (body.type === 'author') return body;
    const tag = normalizeTag(body.target);
    if (tag === '') {
      ctx.addIssue({ code: 'custom', path: ['target'], message: MESSAGES.followTagEmpty });
      return z.NEVER;
    }
    if (body.target.replace(/^\s*#+/, '').trim().length > POST_FIELD_MAX_LENGTH.tag) {
      ctx.addIssue({
        code: 'custom',
        path: ['target'],
        message: MESSAGES.maxLength(POST_FIELD_MAX_LENGTH.tag),
      });
      return z.NEVER;
    }
    return { type: body.type, target: tag };
  });
export type FollowBody = z.infer<typeof followBodySchema>;

/** POST /follows answer: what is now followed, `target` as stored (201 new, 200 already). */
export const followResultSchema = z.object({
  type: followTypeSchema,
  target: z.string(),
  following: z.literal(true),
});
export type FollowResult = z.infer<typeof followResultSchema>;

/** An author the member follows, as GET /follows lists them. */
export const followedAuthorSchema = z.object({
  id: z.string(),
  username: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  followed_at: z.string(),
});
export type FollowedAuthor = z.infer<typeof followedAuthorSchema>;

/** A tag the member follows, as first followed. */
export const followedTagSchema = z.object({
  tag: z.string(),
  followed_at: z.string(),
});
export type FollowedTag = z.infer<typeof followedTagSchema>;

/**
 * GET /follows: everything the member follows (at most FOLLOWS_PER_MEMBER_MAX in all), most
 * recently followed first. Authors suspended since stay listed; an account deleted leaves.
 */
export const followsSchema = z.object({
  authors: z.array(followedAuthorSchema),
  tags: z.array(followedTagSchema),
});
export type Follows = z.infer<typeof followsSchema>;
