import { randomUUID } from 'node:crypto';
import {
  MESSAGES,
  parseTags,
  UPLOAD_MAX_FILE_BYTES,
  UPLOAD_MAX_FILES,
  uploadFieldsSchema,
  type LikeResult,
  type PostListQuery,
  type PostPatchBody,
  type UploadResult,
} from '@symposia/shared';
import {
  servedCids,
  type NewPost,
  type Post,
  type StoredFile,
  type Viewer,
} from '../../domain/post.js';
import type { User } from '../../domain/user.js';
import { searchSnippet } from '../../domain/search-snippet.js';
import {
  parseSearchQuery,
  queryKey,
  queryWithout,
  type SearchQuery,
} from '../../domain/search-text.js';
import {
  decideFollowingFeed,
  decidePost,
  likeRecipient,
  maySeeProcessingError,
  postFacts,
  seesHiddenContent,
  type PostAction,
} from '../../policies/index.js';
import { authorize } from '../authorize.js';
import {
  RowGoneError,
  type JobRepository,
  type LikeRepository,
  type PostChanges,
  type PostRepository,
  type RelatedPost,
  type RelatedRepository,
  type ReviewRepository,
  type StoredRevision,
} from '../../repositories/index.js';
import type { ReviewRule } from '../../domain/review-status.js';
import { FileTooLargeError, type ContentStore, type UploadSession } from '../../storage/index.js';
import type { Clock } from '../clock.js';
import type { AfterWrite } from '../after-write.js';
import type { ContentVersion } from '../content-version.js';
import type { LikeGate } from '../like-gate.js';
import { approximateBytes, PUBLIC_CACHE_MAX_SKIP, type MemoryCache } from '../memory-cache.js';
import { createVersionedCache } from '../versioned-cache.js';
import { postMentionNotices, type MentionDirectory } from '../notifications/mentions.js';
import { excerptOf, utcDay } from '../notifications/notification-service.js';
import { InvalidInputError, NotFoundError, UploadLimitError } from '../errors.js';
import type { QuotaMeter, UploadAllowance } from '../storage/upload-allowance.js';
import { cleanFileName, detectFileKind, peek, titleFromFileName } from './file-kind.js';
import { RELATED_SHOWN } from './related-posts.js';

/** Of a search that found nothing, at most this many queries with one word fewer are offered. */
const MAX_SEARCH_SUGGESTIONS = 3;

/** A search without one of its words, which finds something. */
export interface SearchSuggestion {
  search: string;
  removed: string;
}

/** One part of a multipart upload, as the HTTP layer hands it over, in arrival order. */
export type UploadPart =
  | { type: 'field'; name: string; value: string }
  | { type: 'file'; field: string; fileName: string; content: AsyncIterable<Uint8Array> };

/** The job every upload gets: thumbnails, text extraction, analysis (processing/pipeline.ts). */
export const PROCESS_POST_JOB = 'process-post';

/** The multipart fields that carry files (spec §7: one `file`, or repeated `files`). */
const FILE_FIELDS = new Set(['file', 'files']);

export type PostService = ReturnType<typeof createPostService>;

type UploadFieldName = keyof typeof uploadFieldsSchema.shape;

/** Throws InvalidInputError when a text field of an upload breaks its own rule (its length, …). */
function checkUploadField(name: string, value: string): void {
  if (!Object.hasOwn(uploadFieldsSchema.shape, name)) return;
  const parsed = uploadFieldsSchema.shape[name as UploadFieldName].safeParse(value);
  if (!parsed.success) {
    throw new InvalidInputError(
      parsed.error.issues.map((issue) => ({ field: name, message: issue.message })),
    );
  }
}

/** The upload's text fields as a whole, or InvalidInputError naming each bad one. */
function parseUploadFields(fields: Record<string, string>) {
  const parsed = uploadFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    throw new InvalidInputError(
      parsed.error.issues.map((issue) => ({
        field: issue.path.join('.') || 'body',
        message: issue.message,
      })),
    );
  }
  return parsed.data;
}

/**
 * A page of posts; `liked` of each is the caller's when `likedIds` has its id. `shared`: `posts`
 * is the page as anyone reads it (public posts only, the same object for every reader while it is
 * kept), so its answer can be made once and the caller's likes written into it.
 */
export interface PostPage {
  posts: Post[];
  likedIds: ReadonlySet<string>;
  shared: boolean;
}

/**
 * A post's detail: the copy everyone reads alike (kept while it stands, `liked` false) and
 * whether the caller likes it; or, when the caller reads more than anyone (their own private or
 * hidden post, a moderator, the author told why processing failed), their own read.
 */
export type PostDetailRead = { shared: Post; liked: boolean } | { shared: null; post: Post };

export function createPostService(deps: {
  posts: PostRepository;
  related: RelatedRepository;
  likes: LikeRepository;
  /** Each like's rate limit and undo window (LIKE_RATE_LIMIT_*, LIKE_UNDO_WINDOW_SECONDS). */
  likeGate: LikeGate;
  jobs: JobRepository;
  store: ContentStore;
  now: Clock;
  /** Members' stamps, in the keys of the caches only they read (their likes). */
  contentVersion: Pick<ContentVersion, 'memberStamp' | 'awaitsOwnChange'>;
  /** Tries a post's processing gets before it is marked failed. */
  maxProcessingAttempts: number;
  /** Public reads served from memory (PUBLIC_CACHE_TTL_MS, PUBLIC_CACHE_MAX_BYTES). */
  publicCache: MemoryCache;
  /** Uploads per member and their storage quota (UPLOAD_RATE_LIMIT_*, USER_STORAGE_QUOTA_BYTES). */
  allowance: UploadAllowance;
  /**
   * Told what each write changed, after it committed: the caches, the gateway (a deleted or now
   * private post's files) and the live streams (whom a like notified; a post deleted or made
   * private, whose notifications leave) hear of it there (services/after-write.ts).
   */
  afterWrite: AfterWrite;
  /** The review status rule, applied again when an edit changes the reviewed text (issue 29). */
  reviewRule: ReviewRule;
  /** The detail's mean review scores. */
  reviews: Pick<ReviewRepository, 'meanScores'>;
  /** Who the `@username`s of a post's content are (services/notifications/mentions.ts). */
  members: MentionDirectory;
}) {
  const { posts, likes, jobs, store, now, contentVersion, maxProcessingAttempts } = deps;
  const { allowance } = deps;
  // Public posts read alike for everyone; only `liked` differs, and is laid over per caller.
  const publicLists = createVersionedCache<Post[]>({
    cache: deps.publicCache,
    namespace: 'post-list',
    // Each post of a shared page also keeps its list JSON beside it (presenters/post.ts).
    sizeOf: (page) => 2 * approximateBytes(page),
  });
  const publicPosts = createVersionedCache<Post | undefined>({
    cache: deps.publicCache,
    namespace: 'post',
  });
  // Public posts' details (their mean review scores included) as anyone reads them.
  const publicDetails = createVersionedCache<Post | undefined>({
    cache: deps.publicCache,
    namespace: 'post-detail',
    // The detail's JSON is kept beside it (presenters/post.ts).
    sizeOf: (post) => (post === undefined ? 64 : 2 * approximateBytes(post)),
  });
  // Whether a member has a post the moderators hid: asked on each of their forum reads.
  const ownHidden = createVersionedCache<boolean>({
    cache: deps.publicCache,
    namespace: 'own-hidden',
  });

  /**
   * Whether the forum lists `viewer` more than everyone's shared pages: the hidden posts a
   * moderator sees, or the member's own hidden ones (marked).
   */
  async function listsHiddenFor(viewer: Viewer): Promise<boolean> {
    if (!viewer) return false;
    if (seesHiddenContent(viewer)) return true;
    return ownHidden.get(viewer.id, () => posts.hasHiddenBy(viewer.id));
  }

  // Which posts of a page a member likes: asked on each of their forum and detail reads, and the
  // same until any change moves the content version or their own like moves their stamp (a like
  // reaches everyone else's caches only once per LIKE_COUNT_INTERVAL_MS, services/content-version.ts).
  const memberLikes = createVersionedCache<ReadonlySet<string>>({
    cache: deps.publicCache,
    namespace: 'member-likes',
    sizeOf: (liked) => 64 + liked.size * 48,
  });

  /** Which of these posts the caller likes (none for a guest). */
  async function likedAmong(found: Post[], viewer: Viewer): Promise<ReadonlySet<string>> {
    if (!viewer || found.length === 0) return new Set();
    return memberLikes.get(likesKey(viewer.id, idsOf(found)), () =>
      likes.likedPosts(
        viewer.id,
        found.map((post) => post.id),
      ),
    );
  }

  /** Where a member's likes among posts (`postIds`: their ids, comma-separated) are kept. */
  function likesKey(memberId: string, postIds: string): string {
    return `${memberId}:${contentVersion.memberStamp(memberId)}:${postIds}`;
  }

  // A kept page's ids, joined once rather than on every member's read of it.
  const pageIds = new WeakMap<readonly Post[], string>();
  function idsOf(page: readonly Post[]): string {
    let ids = pageIds.get(page);
    if (ids === undefined) {
      ids = page.map((post) => post.id).join(',');
      pageIds.set(page, ids);
    }
    return ids;
  }

  /** The key a shared forum page is kept under: everything of the query it depends on. */
  function publicListKey(query: PostListQuery, search: SearchQuery | undefined): string {
    return JSON.stringify([
      search && queryKey(search),
      query.sort_by,
      query.review_status,
      query.tag,
      query.skip,
      query.limit,
    ]);
  }

  /**
   * Whether `viewer` reads the kept public detail `shared` as anyone does: not when it is missing,
   * nor for its author while its processing gave up (they also read why: withProcessingError).
   */
  function readsAsAnyone(shared: Post | undefined, viewer: Viewer): shared is Post {
    return (
      shared !== undefined &&
      (shared.aiAnalysis !== '' || !maySeeProcessingError(viewer, postFacts(shared)))
    );
  }

  /** The caller's likes over posts read as anyone would read them. */
  async function withLikes(found: Post[], viewer: Viewer): Promise<Post[]> {
    if (!viewer || found.length === 0) return found;
    const liked = await likedAmong(found, viewer);
    return found.map((post) => ({ ...post, liked: liked.has(post.id) }));
  }

  /**
   * Streams one file into the upload's session, enforcing the size limit and the member's quota
   * as the bytes arrive.
   */
  async function storeFile(
    fileName: string,
    content: AsyncIterable<Uint8Array>,
    upload: { session: UploadSession; quota: QuotaMeter },
  ) {
    const name = cleanFileName(fileName);
    const { head, stream } = await peek(upload.quota.meter(content));
    const kind = await detectFileKind(head, name);
    try {
      const imported = await upload.session.importFile(stream, {
        maxBytes: UPLOAD_MAX_FILE_BYTES,
      });
      return { cid: imported.cid, size: imported.size, name, ...kind } satisfies StoredFile;
    } catch (error) {
      if (error instanceof FileTooLargeError) {
        throw new UploadLimitError('file-too-large', MESSAGES.uploadFileTooLarge(name));
      }
      throw error;
    }
  }

  /**
   * Runs an upload: counts it against the member's rate limit, meters its bytes against their
   * quota, and stores its files in one upload session. `record` writes the rows; if anything
   * fails before they are written, the blocks the upload wrote are removed at once (blocks that
   * existed before, or that another upload or a recorded root uses, stay).
   */
  async function runUpload<T>(
    user: User,
    receive: (upload: { session: UploadSession; quota: QuotaMeter }) => Promise<T>,
    record: (received: T) => Promise<void>,
  ): Promise<T> {
    await allowance.admit(user);
    const quota = await allowance.meter(user);
    const session = store.beginUpload();
    let received: T;
    try {
      received = await receive({ session, quota });
      await session.commit();
      await record(received);
      quota.commit();
    } catch (error) {
      // Should removal itself fail (a disk fault), the blocks are left to the garbage collector.
      await session.abort().catch(() => undefined);
      throw error;
    } finally {
      quota.end();
    }
    // The rows are written: a failure to let go of the blocks leaves a stale hold, which the
    // garbage collector clears after its grace period; the upload itself succeeded.
    await session.release().catch(() => undefined);
    return received;
  }

  async function visiblePost(id: string, viewer: Viewer): Promise<Post> {
    const shared = await publicPosts.get(
      id,
      () => posts.findVisible(id, null),
      contentVersion.awaitsOwnChange(viewer?.id),
    );
    if (shared) return (await withLikes([shared], viewer))[0] as Post;
    // Not public: it can only be the caller's own private or hidden post, or one a moderator sees.
    const own = viewer ? await posts.findVisible(id, viewer) : undefined;
    authorize(decidePost(viewer, own && postFacts(own), 'see'));
    return own as Post;
  }

  /** The post, if `actor` may do `action` to it (policies/content-policy.ts); else throws. */
  async function postFor(id: string, user: User, action: PostAction): Promise<Post> {
    const post = await posts.findVisible(id, user);
    authorize(decidePost(user, post && postFacts(post), action));
    return post as Post;
  }

  /** Every CID the gateway serves for the post: its files and what processing made of them. */
  const cidsOf = servedCids;

  /**
   * Search results with their snippet: from the summary or content when the query's words are
   * there, else from the text of the post's documents, else from the title or tags.
   */
  async function withSnippets(found: Post[], search: SearchQuery | undefined): Promise<Post[]> {
    if (!search || found.length === 0) return found;
    const withOwn = found.map((post) => ({
      post,
      snippet: searchSnippet([post.summary, post.content], search),
    }));
    const missing = withOwn.filter((entry) => entry.snippet === undefined);
    const documents = await posts.documentTexts(missing.map((entry) => entry.post.id));
    return withOwn.map(({ post, snippet }) => {
      const found_ =
        snippet ??
        searchSnippet([documents.get(post.id) ?? '', post.title, post.tags.join(', ')], search);
      return found_ === undefined ? post : { ...post, snippet: found_ };
    });
  }

  /**
   * The author also learns when processing gave up, and why: a post without its analysis, still
   * processing or published with what was made (processing/pipeline.ts publishWithoutAnalysis).
   */
  async function withProcessingError(post: Post, viewer: Viewer): Promise<Post> {
    if (post.aiAnalysis !== '' || !maySeeProcessingError(viewer, postFacts(post))) {
      return post;
    }
    const job = await jobs.findBySubject(PROCESS_POST_JOB, post.id);
    return job?.status === 'failed' ? { ...post, processingError: job.lastError ?? '' } : post;
  }

  /** The post's detail as `viewer` reads it, with the mean scores of its current revision. */
  async function detailOf(id: string, viewer: Viewer): Promise<Post> {
    const post = await withProcessingError(await visiblePost(id, viewer), viewer);
    const meanScores = post.reviewCount > 0 ? await deps.reviews.meanScores(id) : null;
    return { ...post, meanScores };
  }

  return {
    /**
     * Stores every file, then writes the post and its files in one transaction. Text fields are
     * checked as they arrive, and all of them again before the first file is stored, so a bad
     * field sent first stores nothing. A limit broken, a bad field after the files or a body cut
     * midway throws before anything is written, so no half post ever exists, and the blocks the
     * upload wrote are removed (see runUpload).
     */
    async upload(user: User, parts: AsyncIterable<UploadPart>): Promise<UploadResult> {
      let told: string[] = [];
      const post = await runUpload(
        user,
        async (upload): Promise<NewPost> => {
          const fields: Record<string, string> = {};
          const files: StoredFile[] = [];
          for await (const part of parts) {
            if (part.type === 'field') {
              checkUploadField(part.name, part.value);
              fields[part.name] = part.value;
              continue;
            }
            if (files.length === 0) parseUploadFields(fields);
            if (!FILE_FIELDS.has(part.field)) {
              throw new InvalidInputError([
                { field: part.field, message: 'files go in the field "file" or "files"' },
              ]);
            }
            if (files.length === UPLOAD_MAX_FILES) {
              throw new UploadLimitError('too-many-files', MESSAGES.uploadMaxFiles);
            }
            files.push(await storeFile(part.fileName, part.content, upload));
          }
          if (files.length === 0) throw new UploadLimitError('no-files', MESSAGES.uploadNoFiles);
          const input = parseUploadFields(fields);
          const first = files[0] as StoredFile;
          return {
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
            doi: input.doi ?? null,
          };
        },
        async (post) => {
          // Its `@username`s tell those members (policies/notification-policy.ts), with the post.
          const notices = await postMentionNotices(
            deps.members,
            user,
            {
              id: post.id,
              title: post.title,
              content: post.content,
              facts: postFacts({ author: user, visibility: post.visibility, hidden: false }),
            },
            post.createdAt,
          );
          told = await posts.insert(
            post,
            user.username,
            {
              id: randomUUID(),
              kind: PROCESS_POST_JOB,
              subjectId: post.id,
              maxAttempts: maxProcessingAttempts,
              at: post.createdAt,
            },
            notices,
          );
        },
      );
      await deps.afterWrite({ posts: [post.id], notify: told });
      return { post_id: post.id, message: MESSAGES.uploadProcessing, status: post.status };
    },

    /**
     * One file into the content store, outside any post (POST /media/upload/ipfs). It is
     * published: the gateway serves it to anyone who has its CID.
     */
    async storeSingleFile(user: User, parts: AsyncIterable<UploadPart>): Promise<StoredFile> {
      return runUpload(
        user,
        async (upload) => {
          let stored: StoredFile | undefined;
          for await (const part of parts) {
            if (part.type !== 'file') continue;
            if (stored) throw new UploadLimitError('too-many-files', MESSAGES.uploadSingleFile);
            stored = await storeFile(part.fileName, part.content, upload);
          }
          if (!stored) throw new UploadLimitError('no-files', MESSAGES.uploadNoFiles);
          return stored;
        },
        (stored) => posts.recordUpload(stored, user.id, 'ipfs', now().toISOString()),
      );
    },

    /**
     * A page of the forum, and which of its posts the caller likes. Pages of public posts are
     * shared copies, the same objects while they stand, so they can be presented once.
     */
    async list(viewer: Viewer, query: PostListQuery): Promise<PostPage> {
      const search = query.search === undefined ? undefined : parseSearchQuery(query.search);
      // A search of only punctuation has no words to find.
      if (search !== undefined && search.parts.length === 0) {
        return { posts: [], likedIds: new Set(), shared: false };
      }
      const filter = {
        search,
        sort: query.sort_by,
        reviewStatus: query.review_status,
        tag: query.tag,
        skip: query.skip,
        limit: query.limit,
      };
      if (query.feed === 'following') {
        // Each member's own list (issue 30): read for them alone, never kept in a shared cache.
        authorize(decideFollowingFeed(viewer));
        const member = viewer as NonNullable<Viewer>;
        const followed = await withSnippets(
          await posts.list({
            ...filter,
            viewer: member,
            includeOwnPrivate: false,
            followedBy: member.id,
          }),
          search,
        );
        return {
          posts: followed,
          likedIds: new Set(followed.filter((post) => post.liked).map((p) => p.id)),
          shared: false,
        };
      }
      if (viewer && (query.include_hidden || (await listsHiddenFor(viewer)))) {
        const own = await withSnippets(
          await posts.list({
            ...filter,
            viewer,
            includeOwnPrivate: query.include_hidden === true,
          }),
          search,
        );
        return {
          posts: own,
          likedIds: new Set(own.filter((post) => post.liked).map((p) => p.id)),
          shared: false,
        };
      }
      const readPublic = async () =>
        withSnippets(
          await posts.list({ ...filter, viewer: null, includeOwnPrivate: false }),
          search,
        );
      const shared =
        query.skip < PUBLIC_CACHE_MAX_SKIP
          ? await publicLists.get(
              publicListKey(query, search),
              readPublic,
              contentVersion.awaitsOwnChange(viewer?.id),
            )
          : await readPublic();
      return { posts: shared, likedIds: await likedAmong(shared, viewer), shared: true };
    },

    /**
     * The member's forum page made of kept parts alone, as `list` would answer it (a shared page,
     * their likes over it), or undefined when anything must be read: a page or likes not kept, a
     * list of their own (following, hidden posts), a search of only punctuation.
     */
    keptList(
      viewer: NonNullable<Viewer>,
      query: PostListQuery,
    ): Pick<PostPage, 'posts' | 'likedIds'> | undefined {
      if (query.feed === 'following' || query.include_hidden) return undefined;
      if (query.skip >= PUBLIC_CACHE_MAX_SKIP || seesHiddenContent(viewer)) return undefined;
      if (ownHidden.peek(viewer.id)?.value !== false) return undefined;
      const search = query.search === undefined ? undefined : parseSearchQuery(query.search);
      if (search !== undefined && search.parts.length === 0) return undefined;
      const key = publicListKey(query, search);
      const shared = publicLists.peek(key, contentVersion.awaitsOwnChange(viewer.id))?.value;
      if (shared === undefined) return undefined;
      if (shared.length === 0) return { posts: shared, likedIds: new Set() };
      const liked = memberLikes.peek(likesKey(viewer.id, idsOf(shared)))?.value;
      return liked && { posts: shared, likedIds: liked };
    },

    /** The post's detail, with the mean scores of its current revision's reviews. */
    get: detailOf,

    /**
     * The post's detail for GET /media/{id}: a public post as anyone reads it (kept, with its mean
     * scores) and the caller's like, unless the caller reads more of it than anyone (`get`).
     */
    async detail(id: string, viewer: Viewer): Promise<PostDetailRead> {
      const shared = await publicDetails.get(
        id,
        async () => {
          const post = await posts.findVisible(id, null);
          if (post === undefined) return undefined;
          const meanScores = post.reviewCount > 0 ? await deps.reviews.meanScores(id) : null;
          return { ...post, meanScores };
        },
        contentVersion.awaitsOwnChange(viewer?.id),
      );
      if (readsAsAnyone(shared, viewer)) {
        return { shared, liked: (await likedAmong([shared], viewer)).has(id) };
      }
      return { shared: null, post: await detailOf(id, viewer) };
    },

    /**
     * `detail`'s answer when it is a shared one and every part of it is kept (the post, the
     * caller's likes): the same read, made without waiting for anything; undefined when `detail`
     * would read something, or answer with more than the shared copy.
     */
    keptDetail(id: string, viewer: Viewer): { shared: Post; liked: boolean } | undefined {
      const kept = publicDetails.peek(id, contentVersion.awaitsOwnChange(viewer?.id));
      const shared = kept?.value;
      if (!readsAsAnyone(shared, viewer)) return undefined;
      if (!viewer) return { shared, liked: false };
      const liked = memberLikes.peek(likesKey(viewer.id, id))?.value;
      return liked && { shared, liked: liked.has(id) };
    },

    /**
     * For a search that found nothing: the same search without one of its words or phrases, for
     * each such search that finds something (as the forum would list it to the viewer).
     */
    async searchSuggestions(viewer: Viewer, text: string): Promise<SearchSuggestion[]> {
      const search = parseSearchQuery(text);
      if (search.parts.length < 2) return [];
      const suggestions: SearchSuggestion[] = [];
      for (const [index, part] of search.parts.entries()) {
        if (suggestions.length >= MAX_SEARCH_SUGGESTIONS) break;
        const rest = { parts: search.parts.filter((_, i) => i !== index) };
        const found = await posts.list({
          viewer,
          includeOwnPrivate: false,
          search: rest,
          skip: 0,
          limit: 1,
        });
        if (found.length > 0) {
          suggestions.push({ search: queryWithout(search, index), removed: part.text });
        }
      }
      return suggestions;
    },

    /**
     * Up to RELATED_SHOWN public posts like the one given (services/posts/related-posts.ts); the
     * post itself must be one the viewer may see, as for its detail.
     */
    async related(id: string, viewer: Viewer): Promise<RelatedPost[]> {
      await visiblePost(id, viewer);
      return deps.related.listFor(id, RELATED_SHOWN);
    },

    /**
     * Toggles the user's like of a post they may see, within their like rate limit. The member
     * sees it at once; everyone else's caches hear of the count at most once per
     * LIKE_COUNT_INTERVAL_MS for the post.
     */
    async toggleLike(id: string, user: User): Promise<LikeResult> {
      const post = await visiblePost(id, user);
      authorize(decidePost(user, postFacts(post), 'like'));
      const { at, undoSince } = await deps.likeGate.admit(user);
      // Told to the author (policies/notification-policy.ts) if this is a like, not an unlike.
      const recipientId = likeRecipient({
        actor: user,
        authorId: post.author.id,
        post: postFacts(post),
      });
      const onLiked =
        recipientId === null
          ? null
          : {
              recipientId,
              type: 'like' as const,
              actorId: user.id,
              postId: id,
              commentId: null,
              excerpt: excerptOf(post.title),
              groupKey: `like:post:${id}:${utcDay(at)}`,
              at,
            };
      try {
        const { told, postId, ...result } = await likes.togglePostLike(id, user.id, {
          at,
          onLiked,
          undoSince,
        });
        await deps.afterWrite({ likeCounts: { postId, likerId: user.id }, notify: told });
        return { status: 'success', ...result };
      } catch (error) {
        // Deleted while the like was on its way.
        if (error instanceof RowGoneError) throw new NotFoundError(MESSAGES.postNotFoundTitle);
        throw error;
      }
    },

    /**
     * Throws unless `user` may edit the post: asked when the request arrives, before its body is
     * read (plugins/route-access.ts); `edit` asks again.
     */
    async authorizeEdit(id: string, user: User): Promise<void> {
      await postFor(id, user, 'edit');
    },

    /**
     * The author's edit (PATCH /media/{id}): the fields given change, the version they replace is
     * kept as a revision, and a changed content or AI instruction queues a new analysis. Visible at
     * once in the list, search, detail and profile (the content version moves).
     */
    async edit(id: string, user: User, body: PostPatchBody): Promise<Post> {
      const original = await postFor(id, user, 'edit');
      const changes: PostChanges = {
        title: body.title,
        summary: body.summary,
        content: body.content,
        tags: body.tags === undefined ? undefined : parseTags(body.tags),
        visibility: body.visibility,
        aiInstruction: body.ai_instruction,
        doi: body.doi,
      };
      const at = now().toISOString();
      // The `@username`s the edit adds (or that may see the post only now) tell those members.
      const facts = postFacts(original);
      const notices = await postMentionNotices(
        deps.members,
        user,
        {
          id,
          title: changes.title ?? original.title,
          content: changes.content ?? original.content,
          facts: { ...facts, visibility: changes.visibility ?? facts.visibility },
        },
        at,
        { content: original.content, facts },
      );
      const edit = await posts.edit(
        id,
        changes,
        at,
        {
          job: {
            id: randomUUID(),
            kind: PROCESS_POST_JOB,
            subjectId: id,
            maxAttempts: maxProcessingAttempts,
            at,
          },
          when: (before) =>
            (changes.content !== undefined && changes.content !== before.content) ||
            (changes.aiInstruction !== undefined && changes.aiInstruction !== before.aiInstruction),
        },
        deps.reviewRule,
        notices,
      );
      // Deleted between the check and the edit.
      if (edit === undefined) throw new NotFoundError(MESSAGES.postNotFoundTitle);
      const edited = await posts.findVisible(id, user);
      if (edit.outcome === 'edited') {
        // Made private, its files are public no more (the gateway asks again either way), and
        // its notifications to others leave with it (or come back, made public). Its files as
        // read after the commit (processing's included); deleted meanwhile, as read before.
        // Made public, it may have told the author's followers (`told`, issue 30).
        await deps.afterWrite({
          posts: [id],
          files: cidsOf(edited ?? original),
          notify: edit.told,
          notificationsAbout: { postId: id },
        });
      }
      authorize(decidePost(user, edited && postFacts(edited), 'see'));
      return withProcessingError(edited as Post, user);
    },

    /**
     * Deletes the post (DELETE /media/{id}): the author or a moderator. It leaves every list,
     * search, profile and count at once, its comments and likes go with it, and its files are
     * served no more unless something else carries the same CID.
     */
    async remove(id: string, user: User): Promise<void> {
      const post = await postFor(id, user, 'delete');
      if (!(await posts.delete(id, now().toISOString()))) {
        throw new NotFoundError(MESSAGES.postNotFoundTitle);
      }
      await deps.afterWrite({
        posts: [id],
        files: cidsOf(post),
        notificationsAbout: { postId: id },
      });
    },

    /** The versions edits replaced, newest first; for whoever may see the post. */
    async revisions(id: string, viewer: Viewer): Promise<StoredRevision[]> {
      await visiblePost(id, viewer);
      return posts.revisions(id);
    },
  };
}
