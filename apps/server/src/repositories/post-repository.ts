import {
  mediaTypeSchema,
  postStatusSchema,
  visibilitySchema,
  type SortOption,
  type Visibility,
} from '@symposia/shared';
import { randomUUID } from 'node:crypto';
import { sql, type Expression, type SqlBool, type Transaction } from 'kysely';
import type { AppDatabase, DatabaseSchema } from '../db/index.js';
import {
  RELATE_POST_JOB,
  type DerivativeVariant,
  type FileDerivatives,
  type NewPost,
  type Post,
  type PostFileView,
  type StoredFile,
  type Viewer,
} from '../domain/post.js';
import {
  documentFields,
  fts5Query,
  searchFields,
  tsQuery,
  type SearchPhrase,
  type SearchQuery,
} from '../domain/search-text.js';
import { enqueueJob, requeueJob, type NewJob } from './job-repository.js';
import { postHidden, postListedTo, postNotDeleted, postVisibleTo } from './visibility.js';

export type Dialect = 'sqlite' | 'postgres';

export interface PostListFilter {
  viewer: Viewer;
  /** Adds the viewer's own private posts; other people's never appear. */
  includeOwnPrivate: boolean;
  /** What to look for (domain/search-text.ts); undefined lists everything. */
  search?: SearchQuery;
  /** Undefined with search terms: by relevance. Undefined without: newest first. */
  sort?: SortOption;
  skip: number;
  limit: number;
}

/**
 * Ordered by relevance, a search scores its newest this-many matches (every match when fewer):
 * a word found in half of 100,000 posts would otherwise be scored 50,000 times per page, far
 * beyond the search budget (`npm run bench -- search`). Orders by time or likes cover every match
 * and score none.
 */
export const SEARCH_RANK_WINDOW = 1000;

/** The fields a search ranks by, with bm25's weights of the index (migration 0014). */
const RANKED_FIELDS = [
  { columns: ['title'], weight: 10 },
  { columns: ['tags'], weight: 6 },
  { columns: ['body', 'author'], weight: 3 },
] as const;

/** Queues the refresh of a post's related posts, inside the caller's transaction. */
async function queueRelate(trx: Transaction<DatabaseSchema>, postId: string, at: string) {
  await requeueJob(trx, {
    id: randomUUID(),
    kind: RELATE_POST_JOB,
    subjectId: postId,
    maxAttempts: 3,
    at,
  });
}

const POST_COLUMNS = [
  'posts.seq',
  'posts.id',
  'posts.title',
  'posts.summary',
  'posts.content',
  'posts.tags',
  'posts.ai_instruction',
  'posts.visibility',
  'posts.media_type',
  'posts.status',
  'posts.ai_analysis',
  'posts.likes',
  'posts.comments',
  'posts.created_at',
  'posts.doi',
  'posts.edited_at',
  'posts.hidden_at',
  'users.id as author_id',
  'users.username as author_name',
  'users.avatar as author_avatar',
] as const;

export type PostRepository = ReturnType<typeof createPostRepository>;

/** What an edit may change, and what a revision keeps of a post. */
export interface PostVersion {
  title: string;
  summary: string;
  content: string;
  tags: string[];
  aiInstruction: string;
  visibility: Visibility;
  doi: string | null;
}

/** The fields an edit sets; those left undefined stay as they are. */
export type PostChanges = Partial<PostVersion>;

/** A version an edit replaced; revision 1 is the post as uploaded. */
export interface StoredRevision {
  revision: number;
  /** When this version was written. */
  editedAt: string;
  title: string;
  summary: string;
  content: string;
  tags: string[];
}

function definedOnly(changes: PostChanges): PostChanges {
  return Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined),
  ) as PostChanges;
}

function sameVersion(a: PostVersion, b: PostVersion): boolean {
  return (Object.keys(a) as (keyof PostVersion)[]).every(
    (key) => JSON.stringify(a[key]) === JSON.stringify(b[key]),
  );
}

/** What hiding or showing again did: changed it, found it already so, or found it gone. */
export type HiddenChange = 'changed' | 'unchanged' | 'gone';

/** How a member stored a file outside a post: it is then served to anyone. */
export type StandaloneUploadKind = 'ipfs' | 'avatar';

export function createPostRepository(db: AppDatabase, dialect: Dialect) {
  /** What processing derived from the given files, by source CID, in one query. */
  async function derivativesOf(cids: string[]): Promise<Map<string, FileDerivatives>> {
    const bySource = new Map<string, FileDerivatives>();
    if (cids.length === 0) return bySource;
    const rows = await db
      .selectFrom('file_derivatives')
      .select(['source_cid', 'variant', 'cid', 'duration_seconds'])
      .where('source_cid', 'in', [...new Set(cids)])
      .execute();
    for (const row of rows) {
      const found = bySource.get(row.source_cid) ?? {};
      if (
        row.variant === 'card' ||
        row.variant === 'detail' ||
        row.variant === 'poster' ||
        row.variant === 'text'
      ) {
        found[row.variant] = row.cid;
      }
      if (row.duration_seconds !== null) found.durationSeconds = Number(row.duration_seconds);
      bySource.set(row.source_cid, found);
    }
    return bySource;
  }

  /** Files of the given posts, in upload order, with their derivatives, in two queries. */
  async function filesOf(postIds: string[]): Promise<Map<string, PostFileView[]>> {
    const byPost = new Map<string, PostFileView[]>(postIds.map((id) => [id, []]));
    if (postIds.length === 0) return byPost;
    const rows = await db
      .selectFrom('post_files')
      .innerJoin('files', 'files.cid', 'post_files.cid')
      .select([
        'post_files.post_id',
        'post_files.cid',
        'post_files.name',
        'files.size',
        'files.content_type',
        'files.media_type',
      ])
      .where('post_files.post_id', 'in', postIds)
      .orderBy('post_files.post_id')
      .orderBy('post_files.position')
      .execute();
    const derivatives = await derivativesOf(rows.map((row) => row.cid));
    for (const row of rows) {
      byPost.get(row.post_id)?.push({
        cid: row.cid,
        name: row.name,
        size: Number(row.size),
        contentType: row.content_type,
        mediaType: mediaTypeSchema.parse(row.media_type),
        derivatives: derivatives.get(row.cid) ?? {},
      });
    }
    return byPost;
  }

  /**
   * The relevance of a match (lower is better): for every phrase, the weight of each field it is
   * found in — the field weights of the index's bm25 (migration 0014), the document text counting
   * nothing; ties are broken newest first. Not bm25 itself: bm25 first counts every post holding
   * each phrase anywhere in the table (a word in most of 100,000 posts costs more than the whole
   * search budget). The fields are read from post_search as indexed — words cut, folded and
   * joined by single spaces (domain/search-text.ts) — so a phrase is found as its words between
   * spaces, as FTS5 matched it; only the window's matches are read.
   */
  function fieldRank(phrases: SearchPhrase[]) {
    const found = phrases.flatMap((phrase) => {
      const pattern = ` ${phrase.words.join(' ')}${phrase.prefix ? '' : ' '}`;
      return RANKED_FIELDS.map(({ columns, weight }) => {
        const inField = columns.map(
          (column) => sql`instr(' ' || ${sql.ref(`post_search.${column}`)} || ' ', ${pattern}) > 0`,
        );
        return sql`${sql.lit(weight)} * (${sql.join(inField, sql` or `)})`;
      });
    });
    return sql<number>`-(${sql.join(found, sql` + `)})`;
  }

  /**
   * Posts with author and the viewer's like, before their files are attached. With search terms
   * only matching posts, each with its relevance `rank` (lower is better); without, rank is 0.
   */
  function selectPosts(viewer: Viewer, search?: SearchQuery, byRelevance = false) {
    let base = db
      .selectFrom('posts')
      .innerJoin('users', 'users.id', 'posts.user_id')
      .select(POST_COLUMNS);
    if (search === undefined || search.parts.length === 0) {
      base = base.select(sql<number>`0`.as('rank'));
    } else if (dialect === 'sqlite') {
      const { match, required } = fts5Query(search);
      const hits = db
        .selectFrom('post_search_fts')
        .select('post_search_fts.rowid as seq')
        .where(sql<SqlBool>`post_search_fts match ${match}`)
        // FTS5 walks its matches newest first and stops at the window; only those are scored.
        .$if(byRelevance, (query) =>
          query.orderBy('post_search_fts.rowid', 'desc').limit(SEARCH_RANK_WINDOW),
        )
        .as('hits');
      const phrases = search.parts.filter((part) => !part.excluded).map((part) => part.phrase);
      // The matches come first and each post (and its indexed text) is found by its seq: SQLite
      // keeps the tables of a CROSS JOIN in their order, where with an inner join it may walk
      // every public post by its time index and look each up among the matches (O(posts) for a
      // rare word).
      const matched = db
        .selectFrom(hits)
        .crossJoin('posts')
        .innerJoin('users', 'users.id', 'posts.user_id')
        .whereRef('posts.seq', '=', 'hits.seq')
        .select(POST_COLUMNS);
      base = required
        ? ((byRelevance
            ? matched
                .crossJoin('post_search')
                .whereRef('post_search.post_seq', '=', 'hits.seq')
                .select(fieldRank(phrases).as('rank'))
            : matched.select(sql<number>`0`.as('rank'))) as unknown as typeof base)
        : base
            .where(
              sql<SqlBool>`posts.seq not in (select rowid from post_search_fts where post_search_fts match ${match})`,
            )
            .select(sql<number>`0`.as('rank'));
    } else {
      const { match, required } = tsQuery(search);
      const query = sql`to_tsquery('simple', ${match})`;
      // The newest matches within the window are found first; only those are scored.
      const hits = db
        .selectFrom('post_search as matched')
        .select('matched.post_seq as seq')
        .where(sql<SqlBool>`matched.search_vector @@ ${query}`)
        .$if(byRelevance, (q) => q.orderBy('matched.post_seq', 'desc').limit(SEARCH_RANK_WINDOW))
        .as('hits');
      base = required
        ? base
            .innerJoin(hits, 'hits.seq', 'posts.seq')
            .innerJoin('post_search', 'post_search.post_seq', 'posts.seq')
            .select(sql<number>`-ts_rank(post_search.search_vector, ${query})`.as('rank'))
        : base
            .where(
              sql<SqlBool>`posts.seq not in (select post_seq from post_search where search_vector @@ ${query})`,
            )
            .select(sql<number>`0`.as('rank'));
    }
    if (!viewer) return base.select(sql<number>`0`.as('liked'));
    return base
      .leftJoin('post_likes as own_like', (join) =>
        join.onRef('own_like.post_id', '=', 'posts.id').on('own_like.user_id', '=', viewer.id),
      )
      .select(sql<number>`case when own_like.user_id is null then 0 else 1 end`.as('liked'));
  }

  type PostRow = Awaited<ReturnType<ReturnType<typeof selectPosts>['execute']>>[number];

  function toPost(row: PostRow, files: PostFileView[]): Post {
    return {
      id: row.id,
      title: row.title,
      summary: row.summary,
      content: row.content,
      tags: JSON.parse(row.tags) as string[],
      aiInstruction: row.ai_instruction,
      visibility: visibilitySchema.parse(row.visibility),
      mediaType: mediaTypeSchema.parse(row.media_type),
      status: postStatusSchema.parse(row.status),
      aiAnalysis: row.ai_analysis,
      likes: Number(row.likes),
      comments: Number(row.comments),
      createdAt: row.created_at,
      author: { id: row.author_id, name: row.author_name, avatar: row.author_avatar },
      files,
      liked: Number(row.liked) === 1,
      doi: row.doi,
      editedAt: row.edited_at,
      hidden: row.hidden_at !== null,
    };
  }

  /** Locks the row for the rest of the transaction on PostgreSQL (SQLite has one writer). */
  const locked = <Q extends { forUpdate(): Q }>(query: Q): Q =>
    dialect === 'postgres' ? query.forUpdate() : query;

  /**
   * Whether a file of a post that `posts` admits (or a thumbnail or poster made from one), or with
   * `standalone` an avatar or a file of POST /media/upload/ipfs, is `cid`.
   */
  async function referencedFile(cid: string, posts: Expression<SqlBool>, standalone: boolean) {
    const row = await db
      .selectNoFrom((eb) =>
        eb
          .or([
            eb.exists(
              db
                .selectFrom('post_files')
                .innerJoin('posts', 'posts.id', 'post_files.post_id')
                .select(sql<number>`1`.as('one'))
                .where('post_files.cid', '=', cid)
                .where(posts),
            ),
            eb.exists(
              db
                .selectFrom('file_derivatives')
                .innerJoin('post_files', 'post_files.cid', 'file_derivatives.source_cid')
                .innerJoin('posts', 'posts.id', 'post_files.post_id')
                .select(sql<number>`1`.as('one'))
                .where('file_derivatives.cid', '=', cid)
                .where(posts),
            ),
            ...(standalone
              ? [
                  eb.exists(
                    db
                      .selectFrom('uploads')
                      .select(sql<number>`1`.as('one'))
                      .where('uploads.cid', '=', cid)
                      .where('uploads.kind', 'in', ['ipfs', 'avatar']),
                  ),
                ]
              : []),
          ])
          .as('found'),
      )
      .executeTakeFirst();
    return row?.found === true || Number(row?.found) === 1;
  }

  return {
    /**
     * Stores the post, its files and its processing job in one transaction: either all of it
     * exists, or none.
     */
    async insert(post: NewPost, authorName: string, job?: NewJob): Promise<void> {
      await db.transaction().execute(async (trx) => {
        for (const file of uniqueByCid(post.files)) {
          await insertFile(trx, file, post.userId, post.createdAt);
        }
        const inserted = await trx
          .insertInto('posts')
          .values({
            id: post.id,
            user_id: post.userId,
            title: post.title,
            summary: post.summary,
            content: post.content,
            tags: JSON.stringify(post.tags),
            ai_instruction: post.aiInstruction,
            visibility: post.visibility,
            media_type: post.mediaType,
            status: post.status,
            ai_analysis: '',
            created_at: post.createdAt,
            updated_at: post.createdAt,
            doi: post.doi ?? null,
          })
          .returning('seq')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('post_search')
          .values({
            post_seq: Number(inserted.seq),
            post_id: post.id,
            ...searchFields(post, authorName),
          })
          .execute();
        await trx
          .insertInto('post_files')
          .values(
            post.files.map((file, position) => ({
              post_id: post.id,
              position,
              cid: file.cid,
              name: file.name,
            })),
          )
          .execute();
        await trx
          .insertInto('uploads')
          .values(
            post.files.map((file) => ({
              id: randomUUID(),
              user_id: post.userId,
              kind: 'post' as const,
              cid: file.cid,
              size: file.size,
              post_id: post.id,
              created_at: post.createdAt,
            })),
          )
          .execute();
        if (job) await enqueueJob(trx, job);
      });
    },

    /** A post whatever its visibility, for processing; a deleted post is gone. */
    async findById(id: string): Promise<Post | undefined> {
      const row = await selectPosts(null)
        .where('posts.id', '=', id)
        .where(postNotDeleted())
        .executeTakeFirst();
      if (!row) return undefined;
      const files = await filesOf([row.id]);
      return toPost(row, files.get(row.id) ?? []);
    },

    /**
     * Records a file made from another (a thumbnail, a poster, extracted text); doing it twice
     * changes nothing.
     */
    async recordDerivative(
      sourceCid: string,
      variant: DerivativeVariant,
      file: StoredFile,
      facts: { width?: number; height?: number; durationSeconds?: number },
      at: string,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await insertFile(trx, file, null, at);
        await trx
          .insertInto('file_derivatives')
          .values({
            source_cid: sourceCid,
            variant,
            cid: file.cid,
            width: facts.width ?? null,
            height: facts.height ?? null,
            duration_seconds: facts.durationSeconds ?? null,
          })
          .onConflict((conflict) => conflict.columns(['source_cid', 'variant']).doNothing())
          .execute();
      });
    },

    /**
     * Stores the analysis, the tags it added and the new status; the search text follows, with
     * the text of the post's documents (`documentText`), and its related posts are queued for a
     * refresh, in one transaction. With `basedOn` (the post's editedAt when the analysis read it),
     * nothing is written if the author edited the post since: the analysis of the old text would
     * overwrite the new one's.
     */
    async saveAnalysis(
      id: string,
      result: { aiAnalysis: string; tags: string[]; status: 'published' },
      at: string,
      basedOn?: { editedAt: string | null },
      documentText = '',
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('posts')
          .innerJoin('users', 'users.id', 'posts.user_id')
          .select(['posts.title', 'posts.summary', 'posts.content', 'users.username'])
          .where('posts.id', '=', id)
          .executeTakeFirst();
        if (!row) return;
        const result_ = await trx
          .updateTable('posts')
          .set({
            ai_analysis: result.aiAnalysis,
            tags: JSON.stringify(result.tags),
            status: result.status,
            updated_at: at,
          })
          .where('id', '=', id)
          .$if(basedOn !== undefined, (query) =>
            basedOn?.editedAt == null
              ? query.where('edited_at', 'is', null)
              : query.where('edited_at', '=', basedOn.editedAt),
          )
          .executeTakeFirst();
        if (Number(result_.numUpdatedRows) !== 1) return;
        await trx
          .updateTable('post_search')
          .set({
            ...searchFields({ ...row, tags: result.tags }, row.username),
            ...documentFields(documentText),
          })
          .where('post_id', '=', id)
          .execute();
        await queueRelate(trx, id, at);
      });
    },

    /**
     * Indexes the text of the post's documents (read again from the content store for a post
     * indexed before search covered documents), and queues its related posts for a refresh.
     */
    async saveDocumentText(id: string, text: string, at: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('post_search')
          .set(documentFields(text))
          .where('post_id', '=', id)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 1) await queueRelate(trx, id, at);
      });
    },

    /** The indexed document text of the given posts, for snippets. */
    async documentTexts(ids: string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('post_search')
        .select(['post_id', 'document_text'])
        .where('post_id', 'in', ids)
        .where('document_text', '!=', '')
        .execute();
      return new Map(rows.map((row) => [row.post_id, row.document_text]));
    },

    /**
     * A file a member stored outside any post (POST /media/upload/ipfs, an avatar): recorded, and
     * counted as theirs, in one transaction.
     */
    async recordUpload(
      file: StoredFile,
      userId: string,
      kind: StandaloneUploadKind,
      at: string,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await insertFile(trx, file, userId, at);
        await trx
          .insertInto('uploads')
          .values({
            id: randomUUID(),
            user_id: userId,
            kind,
            cid: file.cid,
            size: file.size,
            post_id: null,
            created_at: at,
          })
          .execute();
      });
    },

    /** Bytes of everything the member uploaded (each upload counts, repeats included). */
    async storedBytes(userId: string): Promise<number> {
      const row = await db
        .selectFrom('uploads')
        .select((eb) => eb.fn.sum<number | string | null>('size').as('bytes'))
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(row?.bytes ?? 0);
    },

    /**
     * Whether the CID belongs to something public: a file of a public post, a thumbnail or poster
     * made from one, an avatar, or a file stored with POST /media/upload/ipfs. A deleted post's
     * files are public no longer.
     */
    async isPublicFile(cid: string): Promise<boolean> {
      return referencedFile(cid, postVisibleTo(null), true);
    },

    /**
     * Whether the CID is still a file (or a thumbnail, poster) of a post that is not deleted, or a
     * standalone upload: what a signed URL may still open.
     */
    async isLiveFile(cid: string): Promise<boolean> {
      return referencedFile(cid, postNotDeleted(), true);
    },

    /** Root CIDs of files recorded at or after `since` (an ISO time). */
    async rootsRecordedSince(since: string): Promise<string[]> {
      const rows = await db
        .selectFrom('files')
        .select('cid')
        .where('created_at', '>=', since)
        .execute();
      return rows.map((row) => row.cid);
    },

    async findFile(cid: string): Promise<StoredFile | undefined> {
      const row = await db
        .selectFrom('files')
        .select(['cid', 'size', 'content_type', 'media_type', 'name'])
        .where('cid', '=', cid)
        .executeTakeFirst();
      return (
        row && {
          cid: row.cid,
          size: Number(row.size),
          contentType: row.content_type,
          mediaType: mediaTypeSchema.parse(row.media_type),
          name: row.name,
        }
      );
    },

    /** The post if it exists and the viewer may see it (repositories/visibility.ts). */
    async findVisible(id: string, viewer: Viewer): Promise<Post | undefined> {
      const row = await selectPosts(viewer)
        .where('posts.id', '=', id)
        .where(postVisibleTo(viewer))
        .executeTakeFirst();
      if (!row) return undefined;
      const files = await filesOf([row.id]);
      return toPost(row, files.get(row.id) ?? []);
    },

    async list(filter: PostListFilter): Promise<Post[]> {
      const { viewer, includeOwnPrivate, search, sort, skip, limit } = filter;
      const searching = search !== undefined && search.parts.some((part) => !part.excluded);
      const byRelevance = searching && sort === undefined;
      let query = selectPosts(viewer, search, byRelevance).where(
        includeOwnPrivate ? postVisibleTo(viewer) : postListedTo(viewer),
      );
      // Every order ends in seq, unique per post, so pages never overlap or leave gaps.
      switch (sort ?? (searching ? undefined : 'time_desc')) {
        case 'time_desc':
          query = query.orderBy('posts.created_at', 'desc').orderBy('posts.seq', 'desc');
          break;
        case 'time_asc':
          query = query.orderBy('posts.created_at', 'asc').orderBy('posts.seq', 'asc');
          break;
        case 'likes_desc':
          query = query
            .orderBy('posts.likes', 'desc')
            .orderBy('posts.created_at', 'desc')
            .orderBy('posts.seq', 'desc');
          break;
        case 'likes_asc':
          query = query
            .orderBy('posts.likes', 'asc')
            .orderBy('posts.created_at', 'asc')
            .orderBy('posts.seq', 'asc');
          break;
        default:
          query = query.orderBy(sql`rank`).orderBy('posts.seq', 'desc');
      }
      const rows = await query.limit(limit).offset(skip).execute();
      const files = await filesOf(rows.map((row) => row.id));
      return rows.map((row) => toPost(row, files.get(row.id) ?? []));
    },

    /**
     * Applies the author's edit (only the fields given) in one transaction: the version it replaces
     * goes into post_revisions, the search text follows, `edited_at` is set, and when
     * `reanalysis.when(before)` holds the post's processing job is queued again (its analysis
     * cleared so the job makes a new one). An edit that changes nothing writes nothing. Undefined
     * when the post does not exist or is deleted.
     */
    async edit(
      id: string,
      changes: PostChanges,
      at: string,
      reanalysis?: { job: NewJob; when: (before: PostVersion) => boolean },
    ): Promise<'edited' | 'unchanged' | undefined> {
      return db.transaction().execute(async (trx) => {
        const before = await locked(
          trx
            .selectFrom('posts')
            .select([
              'id',
              'user_id',
              'title',
              'summary',
              'content',
              'tags',
              'ai_instruction',
              'visibility',
              'doi',
              'created_at',
              'edited_at',
            ])
            .where('id', '=', id)
            .where(postNotDeleted()),
        ).executeTakeFirst();
        if (!before) return undefined;
        const version: PostVersion = {
          title: before.title,
          summary: before.summary,
          content: before.content,
          tags: JSON.parse(before.tags) as string[],
          aiInstruction: before.ai_instruction,
          visibility: visibilitySchema.parse(before.visibility),
          doi: before.doi,
        };
        const after: PostVersion = { ...version, ...definedOnly(changes) };
        if (sameVersion(version, after)) return 'unchanged';
        const last = await trx
          .selectFrom('post_revisions')
          .select((eb) => eb.fn.max('revision').as('revision'))
          .where('post_id', '=', id)
          .executeTakeFirst();
        await trx
          .insertInto('post_revisions')
          .values({
            post_id: id,
            revision: Number(last?.revision ?? 0) + 1,
            title: version.title,
            summary: version.summary,
            content: version.content,
            tags: JSON.stringify(version.tags),
            ai_instruction: version.aiInstruction,
            visibility: version.visibility,
            edited_at: before.edited_at ?? before.created_at,
          })
          .execute();
        const author = await trx
          .selectFrom('users')
          .select('username')
          .where('id', '=', before.user_id)
          .executeTakeFirstOrThrow();
        const reanalyse = reanalysis?.when(version) ?? false;
        await trx
          .updateTable('posts')
          .set({
            title: after.title,
            summary: after.summary,
            content: after.content,
            tags: JSON.stringify(after.tags),
            ai_instruction: after.aiInstruction,
            visibility: after.visibility,
            doi: after.doi,
            edited_at: at,
            updated_at: at,
            ...(reanalyse && { ai_analysis: '' }),
          })
          .where('id', '=', id)
          .execute();
        await trx
          .updateTable('post_search')
          .set(searchFields(after, author.username))
          .where('post_id', '=', id)
          .execute();
        await queueRelate(trx, id, at);
        if (reanalyse && reanalysis) await requeueJob(trx, reanalysis.job);
        return 'edited';
      });
    },

    /** The versions edits replaced, newest first. */
    async revisions(id: string): Promise<StoredRevision[]> {
      const rows = await db
        .selectFrom('post_revisions')
        .select(['revision', 'edited_at', 'title', 'summary', 'content', 'tags'])
        .where('post_id', '=', id)
        .orderBy('revision', 'desc')
        .execute();
      return rows.map((row) => ({
        revision: Number(row.revision),
        editedAt: row.edited_at,
        title: row.title,
        summary: row.summary,
        content: row.content,
        tags: JSON.parse(row.tags) as string[],
      }));
    },

    /**
     * Deletes the post: the row stays with `deleted_at` (every read leaves it out), its comments
     * (with their likes) and its likes are removed and its counters zeroed, in one transaction, so
     * every count equals the rows behind it. False when it was already deleted or never existed.
     */
    async delete(id: string, at: string): Promise<boolean> {
      return db.transaction().execute((trx) => deletePostWithin(trx, id, at));
    },

    /** As `delete`, inside a transaction that writes more (a moderator's decision). */
    deleteWithin: deletePostWithin,

    /**
     * Hides the post (`hiddenAt`) or shows it again (null), inside the caller's transaction. Its
     * counts stay: they are read only by those who may see it. 'unchanged' when it already was
     * so, 'gone' when it is deleted or never existed.
     */
    async setHiddenWithin(
      trx: Transaction<DatabaseSchema>,
      id: string,
      hiddenAt: string | null,
    ): Promise<HiddenChange> {
      const before = await locked(
        trx.selectFrom('posts').select('hidden_at').where('id', '=', id).where(postNotDeleted()),
      ).executeTakeFirst();
      if (!before) return 'gone';
      if ((before.hidden_at !== null) === (hiddenAt !== null)) return 'unchanged';
      await trx.updateTable('posts').set({ hidden_at: hiddenAt }).where('id', '=', id).execute();
      return 'changed';
    },

    /**
     * Whether the member has a post the moderators hid: then the forum lists it to them (marked),
     * so their pages cannot be the copy everyone shares.
     */
    async hasHiddenBy(userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('posts')
        .select('id')
        .where('user_id', '=', userId)
        .where(postHidden())
        .where(postNotDeleted())
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** How many posts exist (all visibilities); for seeding and benchmarks. */
    async count(): Promise<number> {
      const row = await db
        .selectFrom('posts')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

/**
 * Rewrites the author words of every post by the member after they changed their name, so a
 * search for the new name finds them (and the old name no longer does).
 */
export async function rewriteAuthorSearch(
  db: AppDatabase | Transaction<DatabaseSchema>,
  userId: string,
  authorName: string,
): Promise<void> {
  await db
    .updateTable('post_search')
    .set({
      author: searchFields({ title: '', summary: '', content: '', tags: [] }, authorName).author,
    })
    .where('post_id', 'in', db.selectFrom('posts').select('id').where('user_id', '=', userId))
    .execute();
}

/**
 * Deletes the post: the row stays with `deleted_at` (every read leaves it out), its comments
 * (with their likes) and its likes are removed and its counters zeroed, so every count equals the
 * rows behind it. False when it was already deleted or never existed.
 */
async function deletePostWithin(
  trx: Transaction<DatabaseSchema>,
  id: string,
  at: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('posts')
    .set({ deleted_at: at, updated_at: at, likes: 0, comments: 0 })
    .where('id', '=', id)
    .where(postNotDeleted())
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  // Out of the index and of every related list; the row stays, so the cascade does not run.
  await trx.deleteFrom('post_search').where('post_id', '=', id).execute();
  await trx
    .deleteFrom('post_related')
    .where((eb) => eb.or([eb('post_id', '=', id), eb('related_id', '=', id)]))
    .execute();
  // Their likes go by the foreign keys' cascade.
  await trx.deleteFrom('comments').where('post_id', '=', id).execute();
  await trx.deleteFrom('post_likes').where('post_id', '=', id).execute();
  return true;
}

/** Records a stored file by its CID; the same bytes stored again change nothing. */
async function insertFile(
  db: AppDatabase | Transaction<DatabaseSchema>,
  file: StoredFile,
  createdBy: string | null,
  at: string,
): Promise<void> {
  await db
    .insertInto('files')
    .values({
      cid: file.cid,
      size: file.size,
      content_type: file.contentType,
      media_type: file.mediaType,
      name: file.name,
      created_by: createdBy,
      created_at: at,
    })
    .onConflict((conflict) => conflict.column('cid').doNothing())
    .execute();
}

function uniqueByCid(files: StoredFile[]): StoredFile[] {
  return [...new Map(files.map((file) => [file.cid, file])).values()];
}
