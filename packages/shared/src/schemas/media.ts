import { z } from 'zod';
import {
  LIST_DEFAULT_LIMIT,
  LIST_MAX_LIMIT,
  POST_FIELD_MAX_LENGTH,
  POST_MAX_TAGS,
} from '../limits.js';
import { MESSAGES } from '../messages.js';
import { oneOfValues, optionalText, pageQuerySchema } from './common.js';
import { SORT_OPTIONS } from '../sort-options.js';
import { reviewMeanScoresSchema, reviewStatusSchema } from './reviews.js';
import { nullableDoiSchema, optionalDoiSchema } from './citations.js';
import { normalizeTag } from '../tags.js';
import { FEEDS } from '../feeds.js';

/** Post visibility (spec §3, §4): public by default. */
export const VISIBILITIES = ['public', 'private'] as const;
export const visibilitySchema = z.enum(VISIBILITIES);
export type Visibility = z.infer<typeof visibilitySchema>;

/** What a file is, decided by the server from its bytes (spec §3 media_type). */
export const MEDIA_TYPES = ['image', 'video', 'audio', 'document'] as const;
export const mediaTypeSchema = z.enum(MEDIA_TYPES);
export type MediaType = z.infer<typeof mediaTypeSchema>;

/** Where a post is in its life: `processing` until the worker has analysed it. */
export const POST_STATUSES = ['processing', 'published'] as const;
export const postStatusSchema = z.enum(POST_STATUSES);
export type PostStatus = z.infer<typeof postStatusSchema>;

export { DEFAULT_SORT, SORT_OPTIONS, type SortOption } from '../sort-options.js';
export const sortOptionSchema = z.enum(SORT_OPTIONS);

/** Query booleans arrive as text. */
const queryBoolean = z
  .enum(['true', 'false', '1', '0'], { message: MESSAGES.notBoolean })
  .transform((value) => value === 'true' || value === '1');

export { FEEDS, type Feed } from '../feeds.js';

/**
 * A tag a query names (`tag`), normalized as a post's tags are ({@link normalizeTag}); '' or only
 * '#' is no tag. Bounded like the tags field of an upload before it is cut to one tag's length.
 */
export const tagQueryField = z.preprocess(
  (value) => (typeof value === 'string' && normalizeTag(value) === '' ? undefined : value),
  z
    .string({ message: MESSAGES.notText })
    .max(POST_FIELD_MAX_LENGTH.tags, { message: MESSAGES.maxLength(POST_FIELD_MAX_LENGTH.tags) })
    .transform(normalizeTag)
    .optional(),
);

/** GET /media/list query (spec §7). Without sort_by a search is ordered by relevance. */
export const postListQuerySchema = pageQuerySchema(LIST_DEFAULT_LIMIT, LIST_MAX_LIMIT).extend({
  sort_by: z.preprocess(
    (value) => (value === '' ? undefined : value),
    oneOfValues(SORT_OPTIONS).optional(),
  ),
  search: optionalText(POST_FIELD_MAX_LENGTH.search),
  include_hidden: queryBoolean.default(false),
  /** Only the posts whose current revision has this review status (issue 29). */
  review_status: z.preprocess(
    (value) => (value === '' ? undefined : value),
    reviewStatusSchema.optional(),
  ),
  /** Only the posts carrying this tag (ignoring letter case). */
  tag: tagQueryField,
  /** `following`: only what the member follows (FEEDS). */
  feed: z.preprocess((value) => (value === '' ? undefined : value), oneOfValues(FEEDS).optional()),
});
export type PostListQuery = z.infer<typeof postListQuerySchema>;

/**
 * A smaller WebP rendition of an image, at most `width` pixels wide (IMAGE_RENDITION_WIDTHS; a
 * smaller original is not enlarged): one candidate of the web app's `srcset`.
 */
export const imageRenditionSchema = z.object({
  url: z.string(),
  width: z.number().int(),
});
export type ImageRendition = z.infer<typeof imageRenditionSchema>;

/** One file of a post as the client needs it to show it. */
export const postFileSchema = z.object({
  cid: z.string(),
  /** Gateway URL of the file: `/ipfs/{cid}`. */
  url: z.string(),
  name: z.string(),
  size: z.number().int(),
  content_type: z.string(),
  media_type: mediaTypeSchema,
  /** A smaller rendition to show: about 1600 px wide for images, the poster frame for videos. */
  thumbnail: z.string().nullable(),
  /** An image's renditions once made (card 640 px, detail 1600 px), narrowest first; else []. */
  renditions: z.array(imageRenditionSchema),
  duration_seconds: z.number().nullable(),
});
export type PostFile = z.infer<typeof postFileSchema>;

/** A post in list form (spec §3 Post / media), plus `liked` for the caller. */
export const postListItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  content: z.string(),
  tags: z.array(z.string()),
  ai_instruction: z.string(),
  visibility: visibilitySchema,
  status: postStatusSchema,
  media_type: mediaTypeSchema,
  /** Gateway URLs of the files, in upload order; the first is the media. */
  file_paths: z.array(z.string()),
  /** What a card shows: the first file's card thumbnail (about 640 px) once made, else the file. */
  media: z.string(),
  /** The poster frame of a first file that is a video, once made. */
  poster: z.string().nullable(),
  /**
   * The renditions of a first file that is an image, narrowest first (card 640 px, detail
   * 1600 px), once made; [] otherwise. The card offers them in a srcset.
   */
  media_renditions: z.array(imageRenditionSchema),
  user_id: z.string(),
  user_name: z.string(),
  user_avatar: z.string(),
  created_at: z.string(),
  likes: z.number().int(),
  comments: z.number().int(),
  liked: z.boolean(),
  /** When the author last edited the post (PATCH /media/{id}); null if never. */
  edited_at: z.string().nullable(),
  /**
   * Hidden by the moderators: then only its author (shown MESSAGES.hiddenByModerators) and the
   * moderators see it; it is false in every answer anyone else gets.
   */
  hidden: z.boolean(),
  /** The peer-review status of the current revision (docs/REVIEW.md) and its review count. */
  review_status: reviewStatusSchema,
  review_count: z.number().int(),
  /**
   * In a search result: a short passage where the query matched (the summary, the content, the
   * text of its documents, else the title), HTML-escaped, each match inside <mark>…</mark> — the
   * only markup, so it is safe to render as HTML. Absent outside searches.
   */
  snippet: z.string().optional(),
});
export type PostListItem = z.infer<typeof postListItemSchema>;
export const postListSchema = z.array(postListItemSchema);

/** GET /media/search-suggestions: the search that found nothing. */
export const searchSuggestionsQuerySchema = z.object({
  search: z
    .string()
    .trim()
    .min(1, { message: MESSAGES.notEmpty })
    .max(POST_FIELD_MAX_LENGTH.search, {
      message: MESSAGES.maxLength(POST_FIELD_MAX_LENGTH.search),
    }),
});

/** The same search without one of its words or "phrases", for each that finds posts. */
export const searchSuggestionsSchema = z.object({
  suggestions: z.array(
    z.object({
      /** The search to run instead. */
      search: z.string(),
      /** What it leaves out, as typed. */
      removed: z.string(),
    }),
  ),
});
export type SearchSuggestions = z.infer<typeof searchSuggestionsSchema>;

/** GET /media/{id}/related: up to 5 public posts like this one, most alike first. */
export const relatedPostSchema = z.object({
  id: z.string(),
  title: z.string(),
  user_id: z.string(),
  user_name: z.string(),
  user_avatar: z.string(),
  media_type: mediaTypeSchema,
  /** The card thumbnail of an image or the poster of a video, once made; else null. */
  thumbnail: z.string().nullable(),
});
export type RelatedPost = z.infer<typeof relatedPostSchema>;
export const relatedPostsSchema = z.array(relatedPostSchema);

/**
 * GET /media/{id}: the spec §3 detail response with exactly its keys (some with spaces), plus
 * what the detail screen needs beyond them: id, liked, the comment count, visibility, status and
 * the files (with their CIDs and types, for the carousel).
 */
export const postDetailSchema = z.object({
  id: z.string(),
  title: z.string(),
  'author id': z.string(),
  'author name': z.string(),
  'author avatar url': z.string(),
  Summary: z.string(),
  content: z.string(),
  timestamp: z.string(),
  likes: z.number().int(),
  tags: z.array(z.string()),
  'media list': z.array(z.string()),
  'media type': mediaTypeSchema,
  /** A JSON string `{summary, tags}` once analysed, '' before (spec §3). */
  ai_analysis: z.string(),
  /** What the author asked the analysis to focus on (as in the list); the edit form shows it. */
  ai_instruction: z.string(),
  liked: z.boolean(),
  comments: z.number().int(),
  visibility: visibilitySchema,
  status: postStatusSchema,
  files: z.array(postFileSchema),
  /** Why processing gave up; only the author sees it. */
  processing_error: z.string().optional(),
  /** When the author last edited the post (PATCH /media/{id}); null if never. */
  edited_at: z.string().nullable(),
  /** The DOI of the work, bare (`10.NNNN/suffix`); null when the post names none. */
  doi: z.string().nullable(),
  /** Hidden by the moderators: seen only by its author and the moderators (as in the list). */
  hidden: z.boolean(),
  /** The number of the current text: 1 as uploaded, one more with each edit. */
  revision: z.number().int(),
  /** The peer-review status of the current revision (docs/REVIEW.md), its reviews and means. */
  review_status: reviewStatusSchema,
  review_count: z.number().int(),
  mean_scores: reviewMeanScoresSchema.nullable(),
});
export type PostDetail = z.infer<typeof postDetailSchema>;

export const postIdParamsSchema = z.object({
  id: z.string().min(1).max(64),
});

/**
 * POST /media/upload text fields (multipart). `description` is the spec's older name of the
 * summary; `tags` is a comma-separated list ('#' prefixes are dropped); `media_type` is a hint
 * only: the server decides each file's type from its bytes.
 */
export const uploadFieldsSchema = z.object({
  title: optionalText(POST_FIELD_MAX_LENGTH.title),
  description: optionalText(POST_FIELD_MAX_LENGTH.summary),
  summary: optionalText(POST_FIELD_MAX_LENGTH.summary),
  content: optionalText(POST_FIELD_MAX_LENGTH.content),
  tags: optionalText(POST_FIELD_MAX_LENGTH.tags),
  media_type: z.preprocess(
    (value) => (value === '' ? undefined : value),
    mediaTypeSchema.optional(),
  ),
  ai_instruction: optionalText(POST_FIELD_MAX_LENGTH.aiInstruction),
  visibility: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(VISIBILITIES, { message: MESSAGES.invalidVisibility }).default('public'),
  ),
  /** Optional DOI of the work; a pasted https://doi.org/ link is stored without its prefix. */
  doi: optionalDoiSchema,
});
export type UploadFields = z.infer<typeof uploadFieldsSchema>;

/** A text field of an edit: trimmed; '' clears it (title excepted: a post always has one). */
const editText = (max: number) =>
  z
    .string({ message: MESSAGES.notText })
    .trim()
    .max(max, { message: MESSAGES.maxLength(max) })
    .optional();

/**
 * PATCH /media/{id} (JSON): the fields to change, each with the upload's limits; a field left out
 * stays as it is, and at least one must be sent. `tags` is the comma-separated text of the upload
 * form, parsed the same way ({@link parseTags}); '' removes every tag. A changed `content` or
 * `ai_instruction` queues a new analysis.
 */
export const postPatchBodySchema = z
  .object({
    title: z
      .string({ message: MESSAGES.notText })
      .trim()
      .min(1, { message: MESSAGES.notEmpty })
      .max(POST_FIELD_MAX_LENGTH.title, {
        message: MESSAGES.maxLength(POST_FIELD_MAX_LENGTH.title),
      })
      .optional(),
    summary: editText(POST_FIELD_MAX_LENGTH.summary),
    content: editText(POST_FIELD_MAX_LENGTH.content),
    tags: editText(POST_FIELD_MAX_LENGTH.tags),
    visibility: z.enum(VISIBILITIES, { message: MESSAGES.invalidVisibility }).optional(),
    ai_instruction: editText(POST_FIELD_MAX_LENGTH.aiInstruction),
    /** A DOI sets it; `null` or '' removes it. */
    doi: nullableDoiSchema.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: MESSAGES.editNeedsAField,
  });
export type PostPatchBody = z.infer<typeof postPatchBodySchema>;

/**
 * One earlier version of a post (GET /media/{id}/revisions), kept when an edit replaced it.
 * `revision` counts from 1 (the post as uploaded); `edited_at` is when this version was written:
 * the upload's time for revision 1, the time of the edit that made it for later ones. The current
 * version is the post itself and is not in the list.
 */
export const postRevisionSchema = z.object({
  revision: z.number().int().min(1),
  edited_at: z.string(),
  title: z.string(),
  summary: z.string(),
  content: z.string(),
  tags: z.array(z.string()),
});
export type PostRevision = z.infer<typeof postRevisionSchema>;
/** Newest first. */
export const postRevisionsSchema = z.array(postRevisionSchema);

/** POST /media/upload answer (spec §3 Upload result). */
export const uploadResultSchema = z.object({
  post_id: z.string(),
  message: z.string(),
  status: postStatusSchema,
});
export type UploadResult = z.infer<typeof uploadResultSchema>;

/** POST /media/upload/ipfs answer. */
export const ipfsUploadResultSchema = z.object({
  cid: z.string(),
  size: z.number().int(),
  name: z.string(),
  url: z.string(),
});
export type IpfsUploadResult = z.infer<typeof ipfsUploadResultSchema>;

/** POST /media/{id}/like (and /comments/{id}/like) answer. */
export const likeResultSchema = z.object({
  status: z.literal('success'),
  action: z.enum(['liked', 'unliked']),
  likes: z.number().int(),
});
export type LikeResult = z.infer<typeof likeResultSchema>;

/** Gateway path of a CID, the form of every file URL the API hands out. */
export const ipfsPath = (cid: string) => `/ipfs/${cid}`;

/**
 * Tags as typed by a person ("AI, #ml,  physics") to the stored list: trimmed, '#' dropped,
 * empty and repeated ones (ignoring case) removed, at most POST_MAX_TAGS.
 */
export function parseTags(text: string | undefined): string[] {
  if (!text) return [];
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of text.split(/[,\n]/)) {
    const tag = normalizeTag(raw);
    const key = tag.toLowerCase();
    if (tag && !seen.has(key)) {
      seen.add(key);
      tags.push(tag);
    }
  }
  return tags.slice(0, POST_MAX_TAGS);
}
