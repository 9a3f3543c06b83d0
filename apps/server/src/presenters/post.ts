import {
  IMAGE_RENDITION_WIDTHS,
  ipfsPath,
  postDetailSchema,
  type ImageRendition,
  type PostDetail,
  type PostFile,
  type PostListItem,
  type PostRevision,
} from '@symposia/shared';
import type { Post, PostFileView, StoredFile, StoredRevision } from '../domain/post.js';
import { chargeCachedBytes, chargeWith } from '../services/memory-cache.js';

/**
 * The URL a file is fetched at: the plain gateway path, or for the author's own private post a
 * signed one (services/storage/file-access.ts), since the gateway serves private files only so.
 */
export type FileUrl = (cid: string) => string;

/** Which FileUrl each post's files get; every post public by default. */
export type FileUrls = (post: Post) => FileUrl;

const PUBLIC_URLS: FileUrls = () => ipfsPath;

/** An image's renditions that processing made, narrowest first, for the web app's srcset. */
function renditionsOf(file: PostFileView | undefined, url: FileUrl): ImageRendition[] {
  if (file?.mediaType !== 'image') return [];
  const { card, detail } = file.derivatives;
  const renditions: ImageRendition[] = [];
  if (card) renditions.push({ url: url(card), width: IMAGE_RENDITION_WIDTHS.card });
  if (detail) renditions.push({ url: url(detail), width: IMAGE_RENDITION_WIDTHS.detail });
  return renditions;
}

function presentFile(file: PostFileView, url: FileUrl): PostFile {
  const { detail, poster, durationSeconds } = file.derivatives;
  const thumbnail = detail ?? poster;
  return {
    cid: file.cid,
    url: url(file.cid),
    name: file.name,
    size: file.size,
    content_type: file.contentType,
    media_type: file.mediaType,
    thumbnail: thumbnail ? url(thumbnail) : null,
    renditions: renditionsOf(file, url),
    duration_seconds: durationSeconds ?? null,
  };
}

/** A post in the list form of spec §3 (GET /media/list). */
export function presentPostListItem(post: Post, url: FileUrl = ipfsPath): PostListItem {
  const filePaths = post.files.map((file) => url(file.cid));
  const first = post.files[0];
  const card = first?.derivatives.card;
  const poster = first?.derivatives.poster;
  return {
    id: post.id,
    title: post.title,
    summary: post.summary,
    content: post.content,
    tags: post.tags,
    ai_instruction: post.aiInstruction,
    visibility: post.visibility,
    status: post.status,
    media_type: post.mediaType,
    file_paths: filePaths,
    media: card ? url(card) : (filePaths[0] ?? ''),
    poster: poster ? url(poster) : null,
    media_renditions: renditionsOf(first, url),
    user_id: post.author.id,
    user_name: post.author.name,
    user_avatar: post.author.avatar,
    created_at: post.createdAt,
    likes: post.likes,
    comments: post.comments,
    liked: post.liked,
    edited_at: post.editedAt,
    hidden: post.hidden,
    review_status: post.reviewStatus,
    review_count: post.reviewCount,
    ...(post.snippet !== undefined && { snippet: post.snippet }),
  };
}

// Each shared post's list item as JSON, up to its `liked` value: the same for every caller.
const listItemJson = new WeakMap<Post, string>();

/**
 * GET /media/list's answer as JSON text, with the caller's likes: each post is serialized once
 * while its shared copy stands, and only `liked` is written per request. A page of 12 posts then
 * costs a string join instead of a validation and a serialization (what the response schema
 * documents is exactly what presentPostListItem builds).
 */
export function presentPostListJson(
  posts: Post[],
  likedIds: ReadonlySet<string>,
  urls: FileUrls = PUBLIC_URLS,
): string {
  const items = posts.map((post) => {
    // Only public posts are shared (and read by anyone): a private or hidden post's signed URLs
    // are its reader's, for this answer only.
    if (post.visibility !== 'public' || post.hidden) {
      return JSON.stringify({
        ...presentPostListItem(post, urls(post)),
        liked: likedIds.has(post.id),
      });
    }
    return `${sharedListItemHead(post)}${likedIds.has(post.id)}}`;
  });
  return `[${items.join(',')}]`;
}

/**
 * An answer many readers share (the bytes anonymous readers get, kept with the shared copy it was
 * made from) and where each post's `liked` sits in it: a member's answer is these bytes with
 * `true` written over the `false` of each post they like, and nothing else serialized again.
 */
export interface LikedSlots {
  body: Buffer;
  /** Each liked value's byte offset in `body` (where its `false` begins), in order. */
  slots: { postId: string; at: number }[];
}

const FALSE = 'false';
const TRUE = Buffer.from('true');

/** `kept` with `true` in the slots of the posts in `liked`; `kept.body` itself when none. */
export function withLikedSlots(kept: LikedSlots, liked: ReadonlySet<string>): Buffer {
  if (liked.size === 0) return kept.body;
  const parts: Buffer[] = [];
  let from = 0;
  for (const { postId, at } of kept.slots) {
    if (!liked.has(postId)) continue;
    parts.push(kept.body.subarray(from, at), TRUE);
    from = at + FALSE.length;
  }
  if (parts.length === 0) return kept.body;
  parts.push(kept.body.subarray(from));
  return Buffer.concat(parts);
}

// The answer of each shared page (the objects the post service's public list cache hands out).
const sharedLists = new WeakMap<Post[], LikedSlots>();

/**
 * GET /media/list's answer for a shared page of public posts (the post service's `shared` pages,
 * which every reader reads alike): made once per page, the very bytes presentPostListJson makes
 * for nobody's likes, and for a member those bytes with their likes written in. A page of 12 posts
 * then costs the member a copy of its bytes, not a serialization.
 */
export function presentSharedPostList(posts: Post[], likedIds: ReadonlySet<string>): Buffer {
  let kept = sharedLists.get(posts);
  if (kept === undefined) {
    const slots: LikedSlots['slots'] = [];
    let text = '[';
    let at = 1;
    for (const [index, post] of posts.entries()) {
      const head = `${index === 0 ? '' : ','}${sharedListItemHead(post)}`;
      at += Buffer.byteLength(head);
      slots.push({ postId: post.id, at });
      text += `${head}${FALSE}}`;
      at += FALSE.length + 1;
    }
    kept = { body: Buffer.from(`${text}]`), slots };
    sharedLists.set(posts, kept);
    // The bytes live as long as the page: the public cache's budget counts them with it.
    chargeCachedBytes(posts, kept.body.length);
    chargeWith(kept.body, posts);
  }
  if (likedIds.size === 0) return kept.body;
  // A member's page, made once per page and kept set of their likes (the post service hands out
  // the same set until they like or unlike), and counted with that set.
  let pages = memberPages.get(kept);
  if (pages === undefined) {
    pages = new WeakMap();
    memberPages.set(kept, pages);
  }
  let page = pages.get(likedIds);
  if (page === undefined) {
    page = withLikedSlots(kept, likedIds);
    pages.set(likedIds, page);
    if (page !== kept.body) {
      chargeCachedBytes(likedIds, page.length);
      chargeWith(page, likedIds);
    }
  }
  return page;
}

const memberPages = new WeakMap<LikedSlots, WeakMap<ReadonlySet<string>, Buffer>>();

/** A public post's list item as JSON, up to its `liked` value: the same for every caller. */
function sharedListItemHead(post: Post): string {
  let head = listItemJson.get(post);
  if (head === undefined) {
    const { liked: _liked, ...item } = presentPostListItem(post);
    head = `${JSON.stringify(item).slice(0, -1)},"liked":`;
    listItemJson.set(post, head);
  }
  return head;
}

// The detail answer of each shared post (the post service's kept public details), made once, and
// its copy with `liked` true once a member who likes it reads it.
const sharedDetails = new WeakMap<Post, (LikedSlots & { liked?: Buffer }) | null>();

/**
 * GET /media/{id}'s answer for a public post as everyone reads it (`shared`: the post service's
 * kept copy, `liked` false), with the caller's like written in: exactly what the route's response
 * serializer makes of presentPostDetail (the schema's parse, then JSON.stringify), made once per
 * kept copy. Null when the answer has no single place for `liked` (never, for the schema's keys).
 */
export function presentSharedPostDetail(shared: Post, liked: boolean): Buffer | null {
  let kept = sharedDetails.get(shared);
  if (kept === undefined) {
    const body = Buffer.from(
      JSON.stringify(postDetailSchema.parse(presentPostDetail({ ...shared, liked: false }))),
    );
    // Inside a JSON string every quote is escaped, so this can only be the key itself.
    const key = Buffer.from('"liked":false');
    const found = body.indexOf(key);
    kept =
      found === -1 || body.indexOf(key, found + 1) !== -1
        ? null
        : { body, slots: [{ postId: shared.id, at: found + key.length - FALSE.length }] };
    sharedDetails.set(shared, kept);
    chargeCachedBytes(shared, body.length);
    chargeWith(body, shared);
  }
  if (kept === null) return null;
  if (!liked) return kept.body;
  if (kept.liked === undefined) {
    kept.liked = withLikedSlots(kept, new Set([shared.id]));
    chargeCachedBytes(shared, kept.liked.length);
    chargeWith(kept.liked, shared);
  }
  return kept.liked;
}

/** The detail response of spec §3 with its exact keys (GET /media/{id}). */
export function presentPostDetail(post: Post, urls: FileUrls = PUBLIC_URLS): PostDetail {
  const url = urls(post);
  return {
    id: post.id,
    title: post.title,
    'author id': post.author.id,
    'author name': post.author.name,
    'author avatar url': post.author.avatar,
    Summary: post.summary,
    content: post.content,
    timestamp: post.createdAt,
    likes: post.likes,
    tags: post.tags,
    'media list': post.files.map((file) => url(file.cid)),
    'media type': post.mediaType,
    ai_analysis: post.aiAnalysis,
    ai_instruction: post.aiInstruction,
    liked: post.liked,
    comments: post.comments,
    visibility: post.visibility,
    status: post.status,
    files: post.files.map((file) => presentFile(file, url)),
    ...(post.processingError !== undefined && { processing_error: post.processingError }),
    edited_at: post.editedAt,
    doi: post.doi,
    hidden: post.hidden,
    revision: post.revision,
    review_status: post.reviewStatus,
    review_count: post.reviewCount,
    mean_scores: post.meanScores ?? null,
  };
}

/** One earlier version of a post (GET /media/{id}/revisions). */
export function presentRevision(revision: StoredRevision): PostRevision {
  return {
    revision: revision.revision,
    edited_at: revision.editedAt,
    title: revision.title,
    summary: revision.summary,
    content: revision.content,
    tags: revision.tags,
  };
}

export function presentStoredFile(file: StoredFile) {
  return { cid: file.cid, size: file.size, name: file.name, url: ipfsPath(file.cid) };
}
