/**
 * Fills a data directory with the demo community of content.ts and conversations.ts through the
 * real HTTP API (`app.inject`): members register and sign in, upload multipart posts, discuss them
 * in comment threads and like each other's posts and comments, and one reports a spammer's advert,
 * so every rule of the server (counts, notifications, the report rules) holds for seeded data
 * exactly as for real data. A clock handed to the app moves through the past six weeks, so the
 * forum has a history. Only the moderator role is given directly, as ADMIN_USERNAMES gives it.
 */
import { readFile } from 'node:fs/promises';
import { mentionedUsernames, type CreateReportBody } from '@symposia/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app.js';
import { describeDatabase, type Config } from '../src/config.js';
import { usernameKey } from '../src/services/auth/usernames.js';
import { multipart } from '../test/multipart.js';
import { AUTHORS, POSTS, SEED_PASSWORD, type FileSpec, type PostSpec } from './content.js';
import {
  CONVERSATIONS,
  MODERATOR,
  SPAMMER,
  SPAM_COMMENT,
  SPAM_REPORT,
  type CommentSpec,
} from './conversations.js';
import { renderAvatar } from './files/avatars.js';
import { renderChart } from './files/charts.js';
import { renderPdf } from './files/pdf.js';
import { createRandom, type Random } from './random.js';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** How far back the seeded history starts. */
const HISTORY_DAYS = 42;

export interface SeedOptions {
  /** Where to seed: the configuration the server itself would use. */
  config: Config;
  /** Seed even when the database already holds other people's posts. */
  force?: boolean;
  /** The moment the seeded history ends (default: now). */
  now?: () => Date;
  /** Progress lines. */
  log?: (line: string) => void;
}

export interface SeedSummary {
  status: 'seeded';
  dataDir: string;
  database: string;
  authors: number;
  posts: number;
  privatePosts: number;
  files: number;
  likes: number;
  comments: number;
  /** Comments that name a member with `@username`. */
  mentions: number;
  commentLikes: number;
  /** The open reports waiting in the moderation queue. */
  reports: number;
  /** The seeded moderator's username (same password as everyone). */
  moderator: string;
  /** The account the report is about. */
  spammer: string;
  password: string;
  usernames: string[];
}

export interface SeedSkipped {
  status: 'skipped';
  dataDir: string;
  database: string;
  /** Posts already in the database. */
  posts: number;
  /** Demo accounts already in the database. */
  seedAuthors: number;
}

export type SeedResult = SeedSummary | SeedSkipped;

/** A seed run that cannot go ahead, or a request the server refused; the message says why. */
export class SeedError extends Error {
  override name = 'SeedError';
}

export async function seedCommunity(options: SeedOptions): Promise<SeedResult> {
  const log = options.log ?? (() => {});
  const end = (options.now ?? (() => new Date()))().getTime();
  const clock = { start: end - HISTORY_DAYS * DAY_MS, end, current: end - HISTORY_DAYS * DAY_MS };
  // For this run only: one client address signs in as every member, and a token lasts the whole
  // history (the clock jumps weeks ahead); every token is revoked at the end.
  const config: Config = {
    ...options.config,
    accessTokenTtlSeconds: (HISTORY_DAYS + 1) * 86_400,
    loginRateLimit: {
      ipMax: 1_000_000,
      ipWindowSeconds: 1,
      accountMax: 1_000_000,
      accountWindowSeconds: 1,
    },
    // Members of a demo reply within minutes of each other; the limit is for real ones.
    commentRateLimit: { max: 1_000_000, windowSeconds: 1 },
    // The reporter's account is as old as the seeded history (six weeks), which a stricter
    // REPORT_MIN_ACCOUNT_AGE_SECONDS would find too young.
    reports: { ...options.config.reports, minAccountAgeSeconds: 0 },
    // The seed is the operator's own tool, like `npm run user`: it registers its members even
    // when ADMIN_USERNAMES reserves their names, and names the moderators itself (below).
    adminUsernames: null,
  };
  const where = {
    dataDir: config.dataDir,
    database: describeDatabase(config.database),
  };
  const app = await buildApp(config, { now: () => new Date(clock.current) });
  try {
    const existing = await existingContent(app);
    if (existing.seedAuthors > 0 && options.force) {
      throw new SeedError(
        `${where.database} already holds the demo accounts; seeding twice is not supported: ` +
          `${startOverHint(config)} and run the seed again.`,
      );
    }
    if ((existing.posts > 0 || existing.seedAuthors > 0) && !options.force) {
      return { status: 'skipped', ...where, ...existing };
    }
    log(`Seeding a demo community into ${config.dataDir} (${where.database})`);
    try {
      const counts = await populate(app, config, clock, log, options.config.adminUsernames);
      return { status: 'seeded', ...where, ...counts };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new SeedError(
        `${reason}. The database is now partly seeded: ${startOverHint(config)} and run the seed again.`,
        { cause: error },
      );
    }
  } finally {
    await app.close();
  }
}

/** Registers the members, publishes the posts and hands out the likes, moving the clock. */
async function populate(
  app: FastifyInstance,
  config: Config,
  clock: { start: number; end: number; current: number },
  log: (line: string) => void,
  /** ADMIN_USERNAMES as the operator set it (the seed's own config clears it to register). */
  adminUsernames: readonly string[] | null,
): Promise<Omit<SeedSummary, 'status' | 'dataDir' | 'database'>> {
  // Figures render in the background while members register.
  const rendered = POSTS.map((post) => Promise.all(post.files.map(renderOnce)));
  for (const files of rendered) files.catch(() => {});
  const api = new SeedClient(app, config.accessTokenTtlSeconds, () => clock.current);
  const random = createRandom(0x5eed);
  // The clock only moves forward.
  const moveTo = (time: number) => {
    clock.current = Math.max(clock.current, Math.round(time));
  };

  // Members arrive over the first three days; the first one stores everyone's pictures.
  const [host, ...others] = AUTHORS;
  if (!host || host.avatar) throw new Error('the first seed author must have no avatar');
  await api.register(host, '');
  const avatarUrls = new Map<string, string>();
  for (const author of others) {
    if (!author.avatar) continue;
    const url = await api.storeFile(host.username, {
      name: `${author.username}.png`,
      type: 'image/png',
      content: await renderAvatar(author.avatar),
    });
    avatarUrls.set(author.username, url);
  }
  for (const author of others) {
    moveTo(clock.current + random.between(2, 8) * HOUR_MS);
    await api.register(author, avatarUrls.get(author.username) ?? '');
  }
  log(`  ${AUTHORS.length} members registered (${avatarUrls.size} with a picture)`);

  // The moderator is named the way ADMIN_USERNAMES names them at start-up (policies/); the role
  // is stored, so it stays while ADMIN_USERNAMES is unset.
  await app.services.accounts.applyModerators([...(adminUsernames ?? []), MODERATOR]);

  const events = schedule(random, clock.start + 3 * DAY_MS, clock.end);
  let files = avatarUrls.size;
  let likes = 0;
  let commentLikes = 0;
  const postIds: string[] = [];
  const commentIds = new Map<string, string>();
  const postId = (index: number) => {
    const id = postIds[index];
    if (id === undefined) throw new Error('something was scheduled before its post');
    return id;
  };
  const commentId = (key: string) => {
    const id = commentIds.get(key);
    if (id === undefined) throw new Error(`comment ${key} was used before it was written`);
    return id;
  };
  for (const event of events) {
    moveTo(event.at);
    switch (event.kind) {
      case 'post': {
        const spec = POSTS[event.post] as PostSpec;
        const uploads = await (rendered[event.post] as Promise<Upload[]>);
        postIds[event.post] = await api.publish(spec, uploads);
        files += uploads.length;
        break;
      }
      case 'like':
        await api.like(event.username, postId(event.post));
        likes += 1;
        break;
      case 'comment': {
        const parentId = event.parent === null ? undefined : commentId(event.parent);
        const written = await api.comment(event.author, postId(event.post), event.text, parentId);
        if (written.level !== event.level) {
          throw new Error(`comment ${event.key} landed at level ${written.level}`);
        }
        commentIds.set(event.key, written.id);
        break;
      }
      case 'comment-like':
        await api.likeComment(event.username, commentId(event.comment));
        commentLikes += 1;
        break;
      case 'spam':
        await api.register(SPAMMER, '');
        commentIds.set(
          'spam',
          (await api.comment(SPAMMER.username, postId(event.post), SPAM_COMMENT.text)).id,
        );
        break;
      case 'report':
        await api.report(SPAM_REPORT.reporter, {
          target_type: 'comment',
          target_id: commentId('spam'),
          reason: SPAM_REPORT.reason,
          note: SPAM_REPORT.note,
        });
        break;
    }
  }
  await api.signOutEveryone();
  const privatePosts = POSTS.filter((post) => post.visibility === 'private').length;
  const comments = CONVERSATIONS.flatMap((conversation) => conversation.threads.flatMap(thread));
  const members = new Set(AUTHORS.map((author) => author.username));
  const mentions = comments.filter((comment) =>
    mentionedUsernames(comment.text).some((name) => members.has(name)),
  ).length;
  log(`  ${POSTS.length} posts published (${privatePosts} private) with ${files} files`);
  log(`  ${likes} likes`);
  // The spammer's advert is a comment too.
  const commentCount = comments.length + 1;
  log(`  ${commentCount} comments (${mentions} with a mention), ${commentLikes} comment likes`);
  log(`  ${MODERATOR} is a moderator; 1 report on a comment by ${SPAMMER.username} is open`);
  return {
    authors: AUTHORS.length,
    posts: POSTS.length,
    privatePosts,
    files,
    likes,
    comments: commentCount,
    mentions,
    commentLikes,
    reports: 1,
    moderator: MODERATOR,
    spammer: SPAMMER.username,
    password: SEED_PASSWORD,
    usernames: AUTHORS.map((author) => author.username),
  };
}

/** A comment and every reply under it, depth first. */
function thread(comment: CommentSpec): CommentSpec[] {
  return [comment, ...comment.replies.flatMap(thread)];
}

/** How to get back to an empty data directory with this configuration. */
export function startOverHint(config: Config): string {
  return config.database.dialect === 'sqlite'
    ? `delete the data directory ${config.dataDir}`
    : `empty the PostgreSQL database (or point DATABASE_URL at an empty one), delete ${config.dataDir}`;
}

async function existingContent(app: FastifyInstance) {
  const posts = await app.db
    .selectFrom('posts')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  const seedAuthors = await app.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where(
      'username_lower',
      'in',
      AUTHORS.map((author) => usernameKey(author.username)),
    )
    .executeTakeFirstOrThrow();
  return { posts: Number(posts.n), seedAuthors: Number(seedAuthors.n) };
}

// --- The timeline ---------------------------------------------------------------------------------

type SeedEvent =
  | { at: number; kind: 'post'; post: number }
  | { at: number; kind: 'like'; post: number; username: string }
  | {
      at: number;
      kind: 'comment';
      post: number;
      /** Names the comment for its replies and likes: post index and path in the thread. */
      key: string;
      parent: string | null;
      level: number;
      author: string;
      text: string;
    }
  | { at: number; kind: 'comment-like'; comment: string; username: string }
  /** The spammer registers and leaves the advert; a member reports it later. */
  | { at: number; kind: 'spam'; post: number }
  | { at: number; kind: 'report' };

/** Minutes to days: an exponentially distributed wait with this mean. */
const wait = (random: Random, meanMs: number) => -Math.log(1 - random.next()) * meanMs;

/** `delay` after `from`, or, when that would pass the end of the history, somewhere before it. */
function later(random: Random, from: number, delay: number, end: number): number {
  const at = from + delay;
  return at <= end - 60_000 ? at : from + (end - 60_000 - from) * random.between(0.1, 0.9);
}

/**
 * Posts spread evenly, with jitter, from `from` to a few hours before `end`; each public post is
 * liked by other members with a chance of its buzz times their generosity, some minutes to days
 * after it appeared, and gets its conversation (conversations.ts). Sorted by time, so the clock
 * only moves forward and every reply comes after what it answers.
 */
function schedule(random: Random, from: number, end: number): SeedEvent[] {
  const events: SeedEvent[] = [];
  const slot = (end - 3 * HOUR_MS - from) / POSTS.length;
  const generosity = new Map(AUTHORS.map((author) => [author.username, author.generosity]));
  const postedAt: number[] = [];
  POSTS.forEach((post, index) => {
    const at = from + slot * (index + 0.5) + random.between(-0.35, 0.35) * slot;
    postedAt[index] = at;
    events.push({ at, kind: 'post', post: index });
    if (post.visibility === 'private') return;
    for (const author of AUTHORS) {
      if (author.username === post.author) continue;
      const chance = Math.min(0.95, post.buzz * (generosity.get(author.username) ?? 0.5) * 1.3);
      if (!random.chance(chance)) continue;
      // Most likes come within a day; a long tail arrives days later.
      const likedAt = later(random, at, 5 * 60_000 + wait(random, 16 * HOUR_MS), end);
      events.push({ at: likedAt, kind: 'like', post: index, username: author.username });
    }
  });
  // A stream of its own, so the posts and their likes fall where they always did.
  events.push(...conversationEvents(createRandom(0xc0117e), postedAt, end, generosity));
  const spamPost = postIndex(SPAM_COMMENT.post);
  const spamAt = Math.max(end - 26 * HOUR_MS, (postedAt[spamPost] ?? end) + HOUR_MS);
  events.push({ at: spamAt, kind: 'spam', post: spamPost });
  events.push({ at: later(random, spamAt, 5 * HOUR_MS, end), kind: 'report' });
  return events.sort((a, b) => a.at - b.at);
}

/**
 * Each thread starts hours after its post, each reply an hour or two after what it answers; every
 * comment is liked by other members with a chance that grows with their generosity.
 */
function conversationEvents(
  random: Random,
  postedAt: number[],
  end: number,
  generosity: Map<string, number>,
): SeedEvent[] {
  const events: SeedEvent[] = [];
  const visit = (
    post: number,
    comment: CommentSpec,
    key: string,
    parent: { key: string; at: number; level: number } | null,
    postAt: number,
  ) => {
    const at = parent
      ? later(random, parent.at, 10 * 60_000 + wait(random, 3 * HOUR_MS), end)
      : later(random, postAt, 20 * 60_000 + wait(random, 8 * HOUR_MS), end);
    const level = parent ? parent.level + 1 : 1;
    events.push({
      at,
      kind: 'comment',
      post,
      key,
      parent: parent?.key ?? null,
      level,
      author: comment.author,
      text: comment.text,
    });
    for (const [username, share] of generosity) {
      if (username === comment.author || !random.chance(Math.min(0.6, share * 0.3))) continue;
      const likedAt = later(random, at, 5 * 60_000 + wait(random, 10 * HOUR_MS), end);
      events.push({ at: likedAt, kind: 'comment-like', comment: key, username });
    }
    comment.replies.forEach((reply, index) =>
      visit(post, reply, `${key}.${index}`, { key, at, level }, postAt),
    );
  };
  for (const conversation of CONVERSATIONS) {
    const post = postIndex(conversation.post);
    const postAt = postedAt[post] ?? end;
    conversation.threads.forEach((comment, index) =>
      visit(post, comment, `${post}:${index}`, null, postAt),
    );
  }
  return events;
}

/** Where the post with this title is in POSTS; conversations name their post by its title. */
function postIndex(title: string): number {
  const index = POSTS.findIndex((post) => post.title === title);
  if (index < 0) throw new Error(`no seed post is titled "${title}"`);
  return index;
}

// --- Files ----------------------------------------------------------------------------------------

interface Upload {
  name: string;
  type: string;
  content: Buffer;
}

const TEXT_TYPES: Record<string, string> = {
  csv: 'text/csv',
  md: 'text/markdown',
  txt: 'text/plain',
};

const VIDEO_TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  webm: 'video/webm',
};

const renderedFiles = new WeakMap<FileSpec, Promise<Upload>>();

/** Each file is drawn once per process, however many data directories are seeded. */
function renderOnce(file: FileSpec): Promise<Upload> {
  let upload = renderedFiles.get(file);
  if (!upload) {
    upload = renderFile(file);
    renderedFiles.set(file, upload);
  }
  return upload;
}

/** The bytes of a file; the same on every run, so the same CIDs. */
async function renderFile(file: FileSpec): Promise<Upload> {
  const extension = file.name.split('.').pop() ?? '';
  switch (file.kind) {
    case 'chart':
      return {
        name: file.name,
        type: file.format === 'png' ? 'image/png' : 'image/jpeg',
        content: await renderChart(file.chart, file.format),
      };
    case 'pdf':
      return { name: file.name, type: 'application/pdf', content: renderPdf(file.document) };
    case 'text':
      return {
        name: file.name,
        type: TEXT_TYPES[extension] ?? 'text/plain',
        content: Buffer.from(file.text, 'utf8'),
      };
    case 'asset':
      return {
        name: file.name,
        type: VIDEO_TYPES[extension] ?? 'application/octet-stream',
        content: await readFile(new URL(`./assets/${file.asset}`, import.meta.url)),
      };
  }
}

// --- The API, as a browser would call it ------------------------------------------------------------

interface Session {
  token: string;
  issuedAt: number;
}

class SeedClient {
  private readonly sessions = new Map<string, Session>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly tokenTtlSeconds: number,
    private readonly clock: () => number,
  ) {}

  async register(author: (typeof AUTHORS)[number], avatar: string): Promise<void> {
    const fields: Record<string, string> = {
      username: author.username,
      password: SEED_PASSWORD,
      nickname: author.nickname,
      title: author.title,
      bio: author.bio,
      tags: author.tags,
      url: author.url ?? '',
      email: author.email ?? '',
      avatar,
    };
    const response = await this.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
    expectStatus(response, 201, `registering ${author.username}`);
  }

  /** POST /media/upload/ipfs: one file, no post; answers its gateway URL. */
  async storeFile(username: string, file: Upload): Promise<string> {
    const body = multipart({}, [{ field: 'file', ...file }]);
    const response = await this.app.inject({
      method: 'POST',
      url: '/api/v1/media/upload/ipfs',
      headers: { ...(await this.authorization(username)), ...body.headers },
      payload: body.payload,
    });
    expectStatus(response, 201, `storing ${file.name}`);
    return response.json<{ url: string }>().url;
  }

  async publish(post: PostSpec, files: Upload[]): Promise<string> {
    const fields: Record<string, string> = {
      title: post.title,
      summary: post.summary,
      content: post.content,
      tags: post.tags,
      visibility: post.visibility ?? 'public',
    };
    if (post.aiInstruction) fields.ai_instruction = post.aiInstruction;
    // One file goes in `file`, several in repeated `files`: both forms of spec §7.
    const field = files.length === 1 ? 'file' : 'files';
    const body = multipart(
      fields,
      files.map((file) => ({ field, ...file })),
    );
    const response = await this.app.inject({
      method: 'POST',
      url: '/api/v1/media/upload',
      headers: { ...(await this.authorization(post.author)), ...body.headers },
      payload: body.payload,
    });
    expectStatus(response, 201, `publishing "${post.title}"`);
    return response.json<{ post_id: string }>().post_id;
  }

  async like(username: string, postId: string): Promise<void> {
    const response = await this.app.inject({
      method: 'POST',
      url: `/api/v1/media/${postId}/like`,
      headers: await this.authorization(username),
    });
    expectStatus(response, 200, `${username} liking post ${postId}`);
    const { action } = response.json<{ action: string }>();
    if (action !== 'liked') throw new SeedError(`${username} liked post ${postId} twice`);
  }

  /** POST /comments/create: a comment on the post, or a reply to `parentId`. */
  async comment(
    username: string,
    postId: string,
    content: string,
    parentId?: string,
  ): Promise<{ id: string; level: number }> {
    const response = await this.app.inject({
      method: 'POST',
      url: '/api/v1/comments/create',
      headers: await this.authorization(username),
      payload: { postId, content, ...(parentId ? { parentId } : {}) },
    });
    expectStatus(response, 201, `${username} commenting on post ${postId}`);
    const written = response.json<{ _id: string; level: number }>();
    return { id: written._id, level: written.level };
  }

  async likeComment(username: string, commentId: string): Promise<void> {
    const response = await this.app.inject({
      method: 'POST',
      url: `/api/v1/comments/${commentId}/like`,
      headers: await this.authorization(username),
    });
    expectStatus(response, 200, `${username} liking comment ${commentId}`);
    const { action } = response.json<{ action: string }>();
    if (action !== 'liked') throw new SeedError(`${username} liked comment ${commentId} twice`);
  }

  /** POST /reports: one member's report, which stays open for the moderators. */
  async report(username: string, body: CreateReportBody): Promise<void> {
    const response = await this.app.inject({
      method: 'POST',
      url: '/api/v1/reports',
      headers: await this.authorization(username),
      payload: body,
    });
    expectStatus(response, 201, `${username} reporting ${body.target_type} ${body.target_id}`);
  }

  /** Revokes every token the seed used, so no session outlives the run. */
  async signOutEveryone(): Promise<void> {
    for (const username of [...this.sessions.keys()]) await this.signOut(username);
  }

  /** A bearer header, signing in again when the last token has expired or nearly has. */
  private async authorization(username: string): Promise<{ authorization: string }> {
    const now = this.clock();
    const margin = Math.min(HOUR_MS, (this.tokenTtlSeconds * 1000) / 2);
    let session = this.sessions.get(username);
    if (session && this.expiresAt(session) - margin <= now) {
      await this.signOut(username);
      session = undefined;
    }
    if (!session) {
      const response = await this.app.inject({
        method: 'POST',
        url: '/api/v1/auth/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          grant_type: 'password',
          username,
          password: SEED_PASSWORD,
        }).toString(),
      });
      expectStatus(response, 200, `signing in as ${username}`);
      session = { token: response.json<{ access_token: string }>().access_token, issuedAt: now };
      this.sessions.set(username, session);
    }
    return { authorization: `Bearer ${session.token}` };
  }

  /** Revokes the member's token; one that has expired already needs nothing. */
  private async signOut(username: string): Promise<void> {
    const session = this.sessions.get(username);
    if (!session) return;
    this.sessions.delete(username);
    if (this.expiresAt(session) <= this.clock()) return;
    const response = await this.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { authorization: `Bearer ${session.token}` },
    });
    expectStatus(response, 200, `signing out ${username}`);
  }

  private expiresAt(session: Session): number {
    return session.issuedAt + this.tokenTtlSeconds * 1000;
  }
}

function expectStatus(response: LightMyRequestResponse, status: number, what: string): void {
  if (response.statusCode === status) return;
  let detail = response.body;
  try {
    detail = response.json<{ detail?: string }>().detail ?? response.body;
  } catch {
    // Not JSON: the body itself says the most.
  }
  throw new SeedError(`${what} failed: HTTP ${response.statusCode} ${detail}`);
}
