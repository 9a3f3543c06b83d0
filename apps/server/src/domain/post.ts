import type {
  MediaType,
  PostStatus,
  ReviewMeanScores,
  ReviewStatus,
  UserRole,
  Visibility,
} from '@symposia/shared';

/** A file in the content store, with what is needed to serve and show it. */
export interface StoredFile {
  cid: string;
  size: number;
  contentType: string;
  mediaType: MediaType;
  /** The name it was uploaded under (sanitised). */
  name: string;
}

/** What processing made of a file: smaller images (CIDs) and, for videos, a duration. */
export interface FileDerivatives {
  /** About 640 px wide: forum cards. */
  card?: string;
  /** About 1600 px wide: the detail carousel. */
  detail?: string;
  /** A video's poster frame. */
  poster?: string;
  /** A document's extracted text (UTF-8), kept so a resumed job does not parse it again. */
  text?: string;
  durationSeconds?: number;
}

export type DerivativeVariant = 'card' | 'detail' | 'poster' | 'text';

/** A post's file with what processing derived from it. */
export interface PostFileView extends StoredFile {
  derivatives: FileDerivatives;
}

/** What the author writes of a post: set by the upload, changed by an edit. */
export interface PostText {
  title: string;
  summary: string;
  content: string;
  tags: string[];
  aiInstruction: string;
  visibility: Visibility;
}

/** A version an edit replaced; revision 1 is the post as uploaded. */
export interface StoredRevision extends Pick<PostText, 'title' | 'summary' | 'content' | 'tags'> {
  revision: number;
  /** When this version was written. */
  editedAt: string;
}

export interface NewPost extends PostText {
  id: string;
  userId: string;
  mediaType: MediaType;
  status: PostStatus;
  createdAt: string;
  /** In upload order; the first is the post's media. */
  files: StoredFile[];
  /** The DOI of the work, bare (`10.NNNN/suffix`); absent or null when none was given. */
  doi?: string | null;
}

export interface PostAuthor {
  id: string;
  name: string;
  avatar: string;
}

/** A post as readers see it: with its author, files, counts and whether the caller liked it. */
export interface Post extends PostText {
  id: string;
  mediaType: MediaType;
  status: PostStatus;
  aiAnalysis: string;
  likes: number;
  comments: number;
  createdAt: string;
  author: PostAuthor;
  files: PostFileView[];
  liked: boolean;
  /** Why processing gave up, when it did; set only for the author's eyes. */
  processingError?: string;
  /** In a search result: where the query matched, HTML-escaped, matches in <mark> (domain/search-snippet.ts). */
  snippet?: string;
  /** The author's last edit; null if never edited. */
  editedAt: string | null;
  /** The DOI of the work, bare (`10.NNNN/suffix`); null when the post names none. */
  doi: string | null;
  /** Hidden by the moderators: read only by its author and the moderators (policies/). */
  hidden: boolean;
  /** The number of the current text: 1 as uploaded, one more with each edit. */
  revision: number;
  /** What the review rule last computed over the current revision (domain/review-status.ts). */
  reviewStatus: ReviewStatus;
  reviewCount: number;
  /** The current revision's mean scores, read for the detail only; null when none. */
  meanScores?: ReviewMeanScores | null;
}

/**
 * A post that processing has just published (its status moved to `published`), with the facts
 * that decide who may see it (policies/ `PostFacts`), as read in the transaction that published
 * it: whose live streams hear of it (issue 31).
 */
export interface PublishedPost {
  id: string;
  authorId: string;
  visibility: Visibility;
  deleted: boolean;
  hidden: boolean;
}

/** Who is asking: null for an anonymous visitor. The role decides whether hidden content shows. */
export type Viewer = { id: string; role: UserRole } | null;

/** Every CID the gateway serves for the post: its files and what processing made of them. */
export function servedCids(post: Pick<Post, 'files'>): string[] {
  return post.files.flatMap((file) => [
    file.cid,
    ...[file.derivatives.card, file.derivatives.detail, file.derivatives.poster].filter(
      (cid): cid is string => cid !== undefined,
    ),
  ]);
}

/** Jobs that keep search in step (besides process-post): see services/posts/related-posts.ts. */
export const INDEX_POST_TEXT_JOB = 'index-post-text';
export const RELATE_POST_JOB = 'relate-post';
