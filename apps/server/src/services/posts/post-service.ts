import { randomUUID } from 'node:crypto';
import {
  MESSAGES,
  parseTags,
  UPLOAD_MAX_FILE_BYTES,
  UPLOAD_MAX_FILES,
  uploadFieldsSchema,
  type LikeResult,
  type PostListQuery,
  type UploadResult,
} from '@symposia/shared';
import type { NewPost, Post, StoredFile, Viewer } from '../../domain/post.js';
import type { User } from '../../domain/user.js';
import {
  searchTerms,
  type JobRepository,
  type LikeRepository,
  type PostRepository,
} from '../../repositories/index.js';
import { FileTooLargeError, type ContentStore } from '../../storage/index.js';
import type { Clock } from '../clock.js';
import type { ContentVersion } from '../content-version.js';
import { createVersionedCache } from '../versioned-cache.js';
import { InvalidInputError, NotFoundError, UploadLimitError } from '../errors.js';
import { cleanFileName, detectFileKind, peek, titleFromFileName } from './file-kind.js';

/** One part of a multipart upload, as the HTTP layer hands it over, in arrival order. */
export type UploadPart =
  | { type: 'field'; name: string; value: string }
  | { type: 'file'; field: string; fileName: string; content: AsyncIterable<Uint8Array> };

/** The job every upload gets: thumbnails, text extraction, analysis (processing/pipeline.ts). */
export const PROCESS_POST_JOB = 'process-post';

/** The multipart fields that carry files (spec §7: one `file`, or repeated `files`). */
const FILE_FIELDS = new Set(['file', 'files']);

export type PostService = ReturnType<typeof createPostService>;

/** A page of posts; `liked` of each is the caller's when `likedIds` has its id. */
export interface PostPage {
  posts: Post[];
  likedIds: ReadonlySet<string>;
}

export function createPostService(deps: {
  posts: PostRepository;
  likes: LikeRepository;
  jobs: JobRepository;
  store: ContentStore;
  now: Clock;
  contentVersion: ContentVersion;
  /** Tries a post's processing gets before it is marked failed. */
  maxProcessingAttempts: number;
  /** How long public reads may be served from memory (PUBLIC_CACHE_TTL_MS); 0 turns it off. */
  publicCacheTtlMs: number;
}) {
  const { posts, likes, jobs, store, now, contentVersion, maxProcessingAttempts } = deps;
  // Public posts read alike for everyone; only `liked` differs, and is laid over per caller.
  const publicLists = createVersionedCache<Post[]>({
    version: contentVersion,
    ttlMs: deps.publicCacheTtlMs,
  });
  const publicPosts = createVersionedCache<Post | undefined>({
    version: contentVersion,
    ttlMs: deps.publicCacheTtlMs,
  });

  /** Which of these posts the caller likes (none for a guest). */
  async function likedAmong(found: Post[], viewer: Viewer): Promise<ReadonlySet<string>> {
    if (!viewer || found.length === 0) return new Set();
    return likes.likedPosts(
      viewer.id,
      found.map((post) => post.id),
    );
  }

  /** The caller's likes over posts read as anyone would read them. */
  async function withLikes(found: Post[], viewer: Viewer): Promise<Post[]> {
    if (!viewer || found.length === 0) return found;
    const liked = await likedAmong(found, viewer);
    return found.map((post) => ({ ...post, liked: liked.has(post.id) }));
  }

  /** Streams one file into the content store, enforcing the size limit as the bytes arrive. */
  async function storeFile(fileName: string, content: AsyncIterable<Uint8Array>) {
    const name = cleanFileName(fileName);
    const { head, stream } = await peek(content);
    const kind = await detectFileKind(head, name);
    try {
      const imported = await store.importFile(stream, { maxBytes: UPLOAD_MAX_FILE_BYTES });
      return { cid: imported.cid, size: imported.size, name, ...kind } satisfies StoredFile;
    } catch (error) {
      if (error instanceof FileTooLargeError) {
        throw new UploadLimitError('file-too-large', MESSAGES.uploadFileTooLarge(name));
      }
      throw error;
    }
  }

  async function visiblePost(id: string, viewer: Viewer): Promise<Post> {
    const shared = await publicPosts.get(id, () => posts.findVisible(id, null));
    if (shared) return (await withLikes([shared], viewer))[0] as Post;
    // Not public: it can only be the caller's own private post.
    const own = viewer ? await posts.findVisible(id, viewer) : undefined;
    if (!own) throw new NotFoundError(MESSAGES.postNotFoundTitle);
    return own;
  }

  /** The author also learns when processing gave up, and why. */
  async function withProcessingError(post: Post, viewer: Viewer): Promise<Post> {
    if (post.status !== 'processing' || viewer?.id !== post.author.id) return post;
    const job = await jobs.findBySubject(PROCESS_POST_JOB, post.id);
    return job?.status === 'failed' ? { ...post, processingError: job.lastError ?? '' } : post;
  }

  return {
    /**
     * Stores every file, then writes the post and its files in one transaction. A limit broken
     * or a body cut midway throws before anything is written, so no half post ever exists (blocks
     * already stored stay in the content store unreferenced, like any IPFS node's cache).
     */
    async upload(user: User, parts: AsyncIterable<UploadPart>): Promise<UploadResult> {
      const fields: Record<string, string> = {};
      const files: StoredFile[] = [];
      for await (const part of parts) {
        if (part.type === 'field') {
          fields[part.name] = part.value;
          continue;
        }
        if (!FILE_FIELDS.has(part.field)) {
          throw new InvalidInputError([
            { field: part.field, message: 'files go in the field "file" or "files"' },
          ]);
        }
        if (files.length === UPLOAD_MAX_FILES) {
          throw new UploadLimitError('too-many-files', MESSAGES.uploadMaxFiles);
        }
        files.push(await storeFile(part.fileName, part.content));
      }
      if (files.length === 0) throw new UploadLimitError('no-files', MESSAGES.uploadNoFiles);

      const parsed = uploadFieldsSchema.safeParse(fields);
      if (!parsed.success) {
        throw new InvalidInputError(
          parsed.error.issues.map((issue) => ({
            field: issue.path.join('.') || 'body',
            message: issue.message,
          })),
        );
      }
      const input = parsed.data;
      const first = files[0] as StoredFile;
      const post: NewPost = {
        id: randomUUID(),
        userId: user.id,
        title: input.title ?? titleFromFileName(first.name),
        summary: input.summary ?? input.description ?? '',
        content: input.content ?? '',
        tags: parseTags(input.tags),
        aiInstruction: input.ai_instruction ?? '',
        visibility: input.visibility,
        mediaType: first.mediaType,
        status: 'processing',
        createdAt: now().toISOString(),
        files,
      };
      await posts.insert(post, user.username, {
        id: randomUUID(),
        kind: PROCESS_POST_JOB,
        subjectId: post.id,
        maxAttempts: maxProcessingAttempts,
        at: post.createdAt,
      });
      contentVersion.bump();
      return { post_id: post.id, message: MESSAGES.uploadProcessing, status: post.status };
    },

    /** One file into the content store, outside any post (POST /media/upload/ipfs). */
    async storeSingleFile(user: User, parts: AsyncIterable<UploadPart>): Promise<StoredFile> {
      let stored: StoredFile | undefined;
      for await (const part of parts) {
        if (part.type !== 'file') continue;
        if (stored) throw new UploadLimitError('too-many-files', MESSAGES.uploadSingleFile);
        stored = await storeFile(part.fileName, part.content);
      }
      if (!stored) throw new UploadLimitError('no-files', MESSAGES.uploadNoFiles);
      await posts.recordFile(stored, user.id, now().toISOString());
      return stored;
    },

    /** How the gateway serves a CID: its type and name, or null for content it never saw. */
    async describeFile(cid: string): Promise<{ contentType: string; name: string } | null> {
      const file = await posts.findFile(cid);
      return file ? { contentType: file.contentType, name: file.name } : null;
    },

    /**
     * A page of the forum, and which of its posts the caller likes. Pages of public posts are
     * shared copies, the same objects while they stand, so they can be presented once.
     */
    async list(viewer: Viewer, query: PostListQuery): Promise<PostPage> {
      const terms = query.search === undefined ? undefined : searchTerms(query.search);
      // A search of only punctuation has no words to find.
      if (terms !== undefined && terms.length === 0) return { posts: [], likedIds: new Set() };
      const filter = {
        searchTerms: terms,
        sort: query.sort_by,
        skip: query.skip,
        limit: query.limit,
      };
      if (viewer && query.include_hidden) {
        const own = await posts.list({ ...filter, viewer, includeOwnPrivate: true });
        return { posts: own, likedIds: new Set(own.filter((post) => post.liked).map((p) => p.id)) };
      }
      const key = JSON.stringify([terms, query.sort_by, query.skip, query.limit]);
      const shared = await publicLists.get(key, () =>
        posts.list({ ...filter, viewer: null, includeOwnPrivate: false }),
      );
      return { posts: shared, likedIds: await likedAmong(shared, viewer) };
    },

    async get(id: string, viewer: Viewer): Promise<Post> {
      return withProcessingError(await visiblePost(id, viewer), viewer);
    },

    /** Toggles the user's like of a post they may see. */
    async toggleLike(id: string, user: User): Promise<LikeResult> {
      await visiblePost(id, user);
      const result = await likes.togglePostLike(id, user.id, now().toISOString());
      contentVersion.bump();
      return { status: 'success', ...result };
    },
  };
}
