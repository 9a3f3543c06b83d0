import { z } from 'zod';
import { reviewStatusSchema } from './reviews.js';
import { MAX_LENGTH, NICKNAME_MAX_LENGTH, TAGS_MAX_LENGTH } from '../limits.js';
import { emailSchema, phoneSchema, usernameSchema } from './auth.js';
import { httpUrlSchema } from './common.js';
import { trustLevelSchema } from './trust.js';
import { orcidFields } from './users.js';
import { MESSAGES } from '../messages.js';

const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** The member a /modify call is about; it must be the caller (403 otherwise). Optional. */
const userIdField = z.preprocess(emptyToUndefined, z.string().max(64).optional());

const boundedText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: MESSAGES.maxLength(max) });

/** An http(s) URL, or empty to clear it; the length is checked before anything else. */
const urlOrEmpty = z
  .string()
  .trim()
  .max(MAX_LENGTH.url, { message: MESSAGES.maxLength(MAX_LENGTH.url) })
  .pipe(z.union([z.literal(''), httpUrlSchema(MAX_LENGTH.url)]));

/** Form booleans: 'true'/'false' (also 1/0), or JSON booleans. */
export const formBooleanSchema = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
  z.union([
    z.boolean(),
    z
      .enum(['true', 'false', '1', '0'], { message: MESSAGES.notBoolean })
      .transform((value) => value === 'true' || value === '1'),
  ]),
);

export const modifyTitleBodySchema = z.object({
  user_id: userIdField,
  new_title: boundedText(MAX_LENGTH.title),
});
export const modifyBioBodySchema = z.object({
  user_id: userIdField,
  new_bio: boundedText(MAX_LENGTH.bio),
});
export const modifyUrlBodySchema = z.object({
  user_id: userIdField,
  new_url: urlOrEmpty,
});
export const modifyEmailBodySchema = z.object({
  user_id: userIdField,
  new_email: emailSchema,
});
export const modifyPhoneBodySchema = z.object({
  user_id: userIdField,
  new_phone: phoneSchema,
});

/** POST /modify/modify_profile: any of these fields (the web app uses it for the username). */
export const modifyProfileBodySchema = z
  .object({
    user_id: userIdField,
    username: z.preprocess(emptyToUndefined, usernameSchema.optional()),
    nickname: z.preprocess(emptyToUndefined, boundedText(NICKNAME_MAX_LENGTH).optional()),
    title: boundedText(MAX_LENGTH.title).optional(),
    bio: boundedText(MAX_LENGTH.bio).optional(),
    url: urlOrEmpty.optional(),
    tags: boundedText(TAGS_MAX_LENGTH).optional(),
  })
  .refine(
    (body) => Object.entries(body).some(([key, value]) => key !== 'user_id' && value !== undefined),
    { message: MESSAGES.profileEditNeedsAField },
  );
export type ModifyProfileBody = z.infer<typeof modifyProfileBodySchema>;

export const SETTINGS_FIELDS = [
  'public_posts',
  'public_activities',
  'public_profile',
  'public_statistics',
  'public_contact',
] as const;
export type SettingsField = (typeof SETTINGS_FIELDS)[number];

/** POST /modify/modify_settings: user_id plus any of the new_public_* flags. */
export const modifySettingsBodySchema = z
  .object({
    user_id: userIdField,
    new_public_posts: formBooleanSchema.optional(),
    new_public_activities: formBooleanSchema.optional(),
    new_public_profile: formBooleanSchema.optional(),
    new_public_statistics: formBooleanSchema.optional(),
    new_public_contact: formBooleanSchema.optional(),
  })
  .refine((body) => SETTINGS_FIELDS.some((field) => body[`new_${field}`] !== undefined), {
    message: MESSAGES.settingsNeedAFlag,
  });
export type ModifySettingsBody = z.infer<typeof modifySettingsBodySchema>;

/**
 * GET /auth/person_information query: the author by id, or by username (an `@username` link in
 * a comment, mentions.ts); exactly one of the two.
 */
export const personInformationQuerySchema = z
  .object({
    user_id: z
      .string()
      .min(1, { message: MESSAGES.fieldRequired('user_id') })
      .max(64)
      .optional(),
    username: z
      .string()
      .min(1, { message: MESSAGES.fieldRequired('username') })
      .max(MAX_LENGTH.username, { message: MESSAGES.maxLength(MAX_LENGTH.username) })
      .optional(),
  })
  .superRefine((query, ctx) => {
    if ((query.user_id === undefined) === (query.username === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['user_id'],
        message: MESSAGES.userIdOrUsername,
      });
    }
  });
export type PersonInformationQuery = z.infer<typeof personInformationQuerySchema>;

export const authorActivitySchema = z.object({
  /** The post the event is about. */
  id: z.string(),
  type: z.enum(['post', 'comment', 'like']),
  title: z.string(),
  date: z.string(),
});
export type AuthorActivity = z.infer<typeof authorActivitySchema>;

export const authorPostSchema = z.object({
  id: z.string(),
  title: z.string(),
  date: z.string(),
  likes: z.number().int(),
  comments: z.number().int(),
  /** The peer-review status of the post's current revision (issue 29). */
  review_status: reviewStatusSchema,
});

/**
 * The author info of spec §3. Sections the author keeps private are absent for everyone else:
 * profile (title, biography, tags), posts, activity, statistics (posts_number, comments_post,
 * like_received, tokens_earned), contact (email, phone, userurl). The show_* flags are always present.
 */
export const authorInfoSchema = z.object({
  user_id: z.string(),
  /** Issue 28: the author's trust level (0 new … 3 trusted); never the score. */
  trust_level: trustLevelSchema,
  username: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  title: z.string().optional(),
  biography: z.string().optional(),
  /** The first element is the comma-separated tag string, used as badges (spec §3). */
  tags: z.array(z.string()).optional(),
  posts_number: z.number().int().optional(),
  comments_post: z.number().int().optional(),
  like_received: z.number().int().optional(),
  /** Tokens ever credited as contribution rewards ("12.5"); with the statistics. */
  tokens_earned: z.string().optional(),
  /** How many members follow this author, and how many authors and tags they follow (issue 30); with the statistics. */
  followers_count: z.number().int().optional(),
  following_count: z.number().int().optional(),
  /** Whether the member reading follows this author (always present: it is the reader's own). */
  followed_by_you: z.boolean(),
  activity: z.array(authorActivitySchema).optional(),
  posts: z.array(authorPostSchema).optional(),
  phone: z.string().optional(),
  email: z.string().optional(),
  userurl: z.string().optional(),
  show_profile: z.boolean(),
  show_posts: z.boolean(),
  show_activity: z.boolean(),
  show_statistics: z.boolean(),
  show_contact: z.boolean(),
  ...orcidFields,
});
export type AuthorInfo = z.infer<typeof authorInfoSchema>;
