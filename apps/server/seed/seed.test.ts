import {
  COMMENT_MAX_LENGTH,
  COMMENT_MAX_LEVEL,
  mentionedUsernames,
  REPORT_NOTE_MAX_LENGTH,
  type Comment,
  type CurrentUser,
  type ModerationQueueItem,
  type PostDetail,
  type PostListItem,
} from '@symposia/shared';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase, loginAs } from '../test/helpers.js';
import { AUTHORS, POSTS, SEED_PASSWORD } from './content.js';
import {
  CONVERSATIONS,
  MODERATOR,
  SPAMMER,
  SPAM_COMMENT,
  SPAM_REPORT,
  type CommentSpec,
} from './conversations.js';
import { renderPdf, type PdfDocument } from './files/pdf.js';
import { SeedError, seedCommunity } from './seed.js';

const DAY_MS = 86_400_000;

/** What each kind of seeded file must be served as, and the bytes it must start with. */
const EXPECTED_FILES: Record<string, { type: RegExp; magic?: (bytes: Buffer) => boolean }> = {
  png: {
    type: /^image\/png$/,
    magic: (b) => b.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex')),
  },
  jpg: {
    type: /^image\/jpeg$/,
    magic: (b) => b.subarray(0, 3).equals(Buffer.from('ffd8ff', 'hex')),
  },
  pdf: {
    type: /^application\/pdf$/,
    magic: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-',
  },
  mp4: { type: /^video\/mp4$/, magic: (b) => b.subarray(4, 8).toString('latin1') === 'ftyp' },
  webm: {
    type: /^video\/webm$/,
    magic: (b) => b.subarray(0, 4).equals(Buffer.from('1a45dfa3', 'hex')),
  },
  csv: { type: /^text\/csv; charset=utf-8$/ },
  md: { type: /^text\/markdown; charset=utf-8$/ },
  txt: { type: /^text\/plain; charset=utf-8$/ },
};

/** Every table a seed run writes to: a second run must leave each of them as it was. */
const SEEDED_TABLES = [
  'users',
  'posts',
  'post_files',
  'post_likes',
  'files',
  'comments',
  'comment_likes',
  'reports',
  'moderation_log',
  'notifications',
] as const;

async function countRows(
  app: FastifyInstance,
  table: (typeof SEEDED_TABLES)[number] | 'sessions',
): Promise<number> {
  const row = await app.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function getJson<T>(
  app: FastifyInstance,
  url: string,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await app.inject({ method: 'GET', url, headers });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json<T>();
}

describe('seed content', () => {
  it('has at least 8 distinct members and 40 posts, images, videos and documents among them', () => {
    const names = AUTHORS.map((author) => author.username.toLowerCase());
    expect(new Set(names).size).toBe(AUTHORS.length);
    expect(AUTHORS.length).toBeGreaterThanOrEqual(8);
    expect(names.every((name) => name.length <= 20)).toBe(true);
    expect(POSTS.length).toBeGreaterThanOrEqual(40);
    expect(POSTS.every((post) => names.includes(post.author))).toBe(true);
    const kinds = new Set(POSTS.flatMap((post) => post.files.map((file) => file.kind)));
    expect([...kinds].sort()).toEqual(['asset', 'chart', 'pdf', 'text']);
  });
});

/** A comment and its replies, depth first, each with its level (1 for the comment itself). */
function flatten(comment: CommentSpec, level = 1): { comment: CommentSpec; level: number }[] {
  return [{ comment, level }, ...comment.replies.flatMap((reply) => flatten(reply, level + 1))];
}

describe('seed conversations', () => {
  const usernames = AUTHORS.map((author) => author.username);
  const publicPosts = POSTS.filter((post) => post.visibility !== 'private');
  const comments = CONVERSATIONS.flatMap((conversation) =>
    conversation.threads.flatMap((t) => flatten(t)),
  );

  it('talks under most public posts, once each, in threads of at most three levels', () => {
    const titles = CONVERSATIONS.map((conversation) => conversation.post);
    expect(new Set(titles).size).toBe(titles.length);
    for (const title of titles) {
      expect(
        publicPosts.map((post) => post.title),
        title,
      ).toContain(title);
    }
    const deep = CONVERSATIONS.filter((conversation) =>
      conversation.threads.some((comment) => flatten(comment).some(({ level }) => level === 3)),
    );
    expect(deep.length).toBeGreaterThanOrEqual(Math.ceil(publicPosts.length * 0.75));
    expect(Math.max(...comments.map(({ level }) => level))).toBe(COMMENT_MAX_LEVEL);
  });

  it('is written by the seeded members, within the comment length, naming only members', () => {
    expect(comments.length).toBeGreaterThanOrEqual(150);
    for (const { comment } of comments) {
      expect(usernames).toContain(comment.author);
      expect(comment.text.trim()).toBe(comment.text);
      expect(comment.text.length).toBeGreaterThan(0);
      expect(comment.text.length).toBeLessThanOrEqual(COMMENT_MAX_LENGTH);
      for (const name of mentionedUsernames(comment.text)) expect(usernames).toContain(name);
    }
    const withMention = comments.filter(
      ({ comment }) => mentionedUsernames(comment.text).length > 0,
    );
    expect(withMention.length).toBeGreaterThanOrEqual(3);
    // Every member takes part.
    expect(new Set(comments.map(({ comment }) => comment.author)).size).toBe(AUTHORS.length);
  });

  it('has a moderator among the members, and a spammer, an advert and a report that fit', () => {
    expect(usernames).toContain(MODERATOR);
    expect(usernames.map((name) => name.toLowerCase())).not.toContain(
      SPAMMER.username.toLowerCase(),
    );
    expect(publicPosts.map((post) => post.title)).toContain(SPAM_COMMENT.post);
    expect(SPAM_COMMENT.text.length).toBeLessThanOrEqual(COMMENT_MAX_LENGTH);
    expect(usernames).toContain(SPAM_REPORT.reporter);
    expect(SPAM_REPORT.note.length).toBeLessThanOrEqual(REPORT_NOTE_MAX_LENGTH);
  });
});

describe('renderPdf', () => {
  const paragraph =
    'Measured at 25 °C (±0.5) with a 1 µm channel — the “usual” back\\slash case. '.repeat(6);
  const document: PdfDocument = {
    title: 'A title long enough to wrap onto a second line of the first page of the document',
    authors: 'Ada Lovelace, Tomás Álvarez',
    abstract: paragraph,
    keywords: ['pagination', 'xref'],
    sections: Array.from({ length: 6 }, (_, index) => ({
      heading: `Section ${index + 1}`,
      paragraphs: [paragraph, paragraph],
    })),
  };

  it('writes text objects, pages and a cross-reference table whose offsets are exact', () => {
    const pdf = renderPdf(document);
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(text.endsWith('%%EOF\n')).toBe(true);

    const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
    expect(text.slice(startxref, startxref + 5)).toBe('xref\n');
    const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(text.slice(startxref)) ?? [];
    expect(Number(first)).toBe(0);
    const entries = text
      .slice(startxref)
      .split('\n')
      .slice(2, 2 + Number(count));
    expect(entries[0]).toBe('0000000000 65535 f ');
    entries.slice(1).forEach((entry, index) => {
      expect(entry).toMatch(/^\d{10} 00000 n $/);
      const offset = Number(entry.slice(0, 10));
      expect(text.slice(offset, offset + 20)).toMatch(new RegExp(`^${index + 1} 0 obj\\n`));
    });
    expect(text).toContain(`/Size ${count} /Root 1 0 R`);

    // Every stream's /Length is its byte length.
    for (const match of text.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
      const start = (match.index ?? 0) + match[0].length;
      expect(text.slice(start + Number(match[1]), start + Number(match[1]) + 10)).toBe(
        '\nendstream',
      );
    }
    const pages = Number(/\/Type \/Pages \/Kids \[[^\]]*\] \/Count (\d+)/.exec(text)?.[1]);
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(text.match(/\/Type \/Page /g)).toHaveLength(pages);
    expect(text).toContain('/BaseFont /Helvetica ');
    expect(text).toContain('(Abstract) Tj');
    // WinAnsi bytes as octal escapes, and the characters PDF strings must escape.
    expect(text).toContain('Tom\\341s \\301lvarez');
    expect(text).toContain('back\\\\slash');
    expect(text).toContain('\\(\\2610.5\\)');
  });

  it('gives the same bytes for the same document', () => {
    expect(renderPdf(document).equals(renderPdf(document))).toBe(true);
  });
});

describeEachDatabase('npm run seed', (db) => {
  it(
    'fills a fresh data directory through the API, and leaves a seeded one unchanged',
    // A guard against a hang, sized for the slow case: the whole demo goes through the API (about
    // 30 s alone, 89–181 s with the whole suite and a busy loop sharing the 2 cores).
    { timeout: 600_000 },
    async () => {
      const { app, config } = await db.buildApp();
      const seeded = await seedCommunity({ config });
      expect(seeded).toMatchObject({
        status: 'seeded',
        dataDir: config.dataDir,
        authors: AUTHORS.length,
        posts: POSTS.length,
        password: SEED_PASSWORD,
      });
      if (seeded.status !== 'seeded') return;

      expect(await countRows(app, 'users')).toBeGreaterThanOrEqual(8);
      expect(await countRows(app, 'posts')).toBeGreaterThanOrEqual(40);
      expect(await countRows(app, 'post_likes')).toBe(seeded.likes);
      // Every token the seed used was revoked or has expired.
      const live = await app.db
        .selectFrom('sessions')
        .select('id')
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', new Date().toISOString())
        .execute();
      expect(live).toEqual([]);

      // The forum as a visitor sees it: every public post, never a private one.
      const list = await getJson<PostListItem[]>(app, '/api/v1/media/list?limit=100');
      expect(list).toHaveLength(POSTS.length - seeded.privatePosts);
      expect(seeded.privatePosts).toBeGreaterThanOrEqual(2);
      expect(list.every((post) => post.visibility === 'public')).toBe(true);
      expect(new Set(list.map((post) => post.media_type))).toEqual(
        new Set(['image', 'video', 'document']),
      );
      expect(new Set(list.map((post) => post.user_name)).size).toBeGreaterThanOrEqual(8);
      expect(list.filter((post) => post.file_paths.length >= 2).length).toBeGreaterThanOrEqual(3);
      expect(list.filter((post) => post.ai_instruction !== '').length).toBeGreaterThanOrEqual(5);
      expect(list.every((post) => post.tags.length >= 2 && post.content.includes('\n'))).toBe(true);

      // Likes vary from post to post, and the counts equal the rows behind them.
      const likes = list.map((post) => post.likes);
      expect(new Set(likes).size).toBeGreaterThanOrEqual(4);
      expect(Math.max(...likes)).toBeGreaterThanOrEqual(5);
      expect(likes.reduce((sum, value) => sum + value, 0)).toBe(seeded.likes);

      // Conversations under most posts, three levels deep, as a visitor reads them.
      const threads = new Map<string, Comment[]>();
      for (const post of list) {
        const thread = await getJson<Comment[]>(app, `/api/v1/comments/post/${post.id}?limit=2000`);
        expect(thread.length, post.title).toBe(post.comments);
        threads.set(post.id, thread);
      }
      const comments = [...threads.values()].flat();
      expect(comments).toHaveLength(seeded.comments);
      expect(await countRows(app, 'comments')).toBe(seeded.comments);
      const deep = [...threads.values()].filter((thread) => thread.some((c) => c.level === 3));
      expect(deep.length).toBeGreaterThanOrEqual(Math.ceil(list.length * 0.75));
      expect(new Set(comments.map((comment) => comment.username)).size).toBe(AUTHORS.length + 1);
      // Every reply sits in its parent's thread, after it.
      const byId = new Map(comments.map((comment) => [comment._id, comment]));
      for (const comment of comments.filter((c) => c.parentId !== null)) {
        const parent = byId.get(comment.parentId ?? '');
        expect(parent?.postId).toBe(comment.postId);
        expect(Date.parse(comment.createdAt)).toBeGreaterThan(Date.parse(parent?.createdAt ?? ''));
      }

      // Mentions of members, in the text as written.
      const mentioning = comments.filter((comment) =>
        mentionedUsernames(comment.content).some((name) =>
          AUTHORS.some((author) => author.username === name),
        ),
      );
      expect(mentioning.length).toBe(seeded.mentions);
      expect(seeded.mentions).toBeGreaterThanOrEqual(3);

      // Comment likes from several members, and the counts equal the rows behind them.
      expect(seeded.commentLikes).toBeGreaterThanOrEqual(100);
      expect(await countRows(app, 'comment_likes')).toBe(seeded.commentLikes);
      expect(comments.reduce((sum, comment) => sum + comment.likes, 0)).toBe(seeded.commentLikes);
      expect(Math.max(...comments.map((comment) => comment.likes))).toBeGreaterThanOrEqual(3);

      // What all that told the members: every kind a conversation causes, nothing to oneself.
      const told = await app.db
        .selectFrom('notifications')
        .select(['type', 'user_id', 'actor_id'])
        .execute();
      expect(new Set(told.map((row) => row.type))).toEqual(
        new Set(['comment', 'reply', 'mention', 'like']),
      );
      expect(told.filter((row) => row.actor_id === row.user_id)).toEqual([]);

      // The moderator is one, and the other members are not.
      const me = async (username: string) => {
        const session = await loginAs(app, { username, password: SEED_PASSWORD });
        return getJson<CurrentUser>(app, '/api/v1/auth/me', session);
      };
      expect(seeded.moderator).toBe(MODERATOR);
      const moderator = await loginAs(app, { username: MODERATOR, password: SEED_PASSWORD });
      expect((await getJson<CurrentUser>(app, '/api/v1/auth/me', moderator)).role).toBe(
        'moderator',
      );
      const member = AUTHORS.find((author) => author.username !== MODERATOR)?.username ?? '';
      expect((await me(member)).role).toBe('member');

      // Exactly one open report: a member's, on the spammer's advert.
      const advert = comments.find((comment) => comment.content === SPAM_COMMENT.text);
      expect(advert?.username).toBe(SPAMMER.username);
      const reports = await app.db
        .selectFrom('reports')
        .innerJoin('users', 'users.id', 'reports.reporter_id')
        .select(['reports.status', 'reports.target_type', 'reports.target_id', 'users.username'])
        .execute();
      expect(reports).toEqual([
        {
          status: 'open',
          target_type: 'comment',
          target_id: advert?._id,
          username: SPAM_REPORT.reporter,
        },
      ]);
      // …and the moderator finds it in the queue.
      const queue = await getJson<ModerationQueueItem[]>(
        app,
        '/api/v1/moderation/reports?status=open',
        moderator,
      );
      expect(queue).toHaveLength(1);
      expect(queue[0]).toMatchObject({
        target_type: 'comment',
        target_id: advert?._id,
        report_count: 1,
        reasons: [{ reason: SPAM_REPORT.reason, count: 1 }],
      });

      // Six weeks of history, ending before now.
      const times = list.map((post) => Date.parse(post.created_at));
      expect(Math.max(...times)).toBeLessThanOrEqual(Date.now());
      expect(Math.min(...times)).toBeGreaterThan(Date.now() - 43 * DAY_MS);
      expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(30 * DAY_MS);

      // Some members have a picture, the others get initials.
      const avatars = new Map(list.map((post) => [post.user_name, post.user_avatar]));
      const pictures = [...avatars.values()].filter((avatar) => avatar.startsWith('/ipfs/'));
      expect(pictures.length).toBeGreaterThanOrEqual(3);
      expect([...avatars.values()]).toContain('');

      // Every file is served by the gateway with the type sniffed from its bytes.
      const files = new Map<string, { name: string; contentType: string }>();
      for (const post of list) {
        const detail = await getJson<PostDetail>(app, `/api/v1/media/${post.id}`);
        for (const file of detail.files) {
          files.set(file.url, { name: file.name, contentType: file.content_type });
        }
      }
      for (const url of pictures) files.set(url, { name: 'avatar.png', contentType: 'image/png' });
      const served = new Set<string>();
      for (const [url, file] of files) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, `${url} (${file.name}): ${response.body.slice(0, 200)}`).toBe(
          200,
        );
        const extension = file.name.split('.').pop() ?? '';
        const expected = EXPECTED_FILES[extension];
        expect(expected, `an unexpected file ${file.name}`).toBeDefined();
        expect(file.contentType, file.name).toMatch(expected?.type ?? /^$/);
        expect(response.headers['content-type'], file.name).toBe(file.contentType);
        if (expected?.magic) expect(expected.magic(response.rawPayload), file.name).toBe(true);
        served.add(String(response.headers['content-type']).split(';')[0] ?? '');
      }
      for (const type of [
        'image/png',
        'image/jpeg',
        'application/pdf',
        'video/mp4',
        'video/webm',
      ]) {
        expect(served).toContain(type);
      }

      // A member sees their own private post.
      const owner = POSTS.find((post) => post.visibility === 'private');
      const headers = await loginAs(app, {
        username: owner?.author ?? '',
        password: SEED_PASSWORD,
      });
      const own = await getJson<PostListItem[]>(
        app,
        '/api/v1/media/list?limit=100&include_hidden=true',
        headers,
      );
      expect(own.some((post) => post.title === owner?.title && post.visibility === 'private')).toBe(
        true,
      );

      // A second run changes nothing; --force refuses to seed the same accounts twice.
      const before = await Promise.all(SEEDED_TABLES.map((table) => countRows(app, table)));
      await expect(seedCommunity({ config })).resolves.toMatchObject({
        status: 'skipped',
        posts: POSTS.length,
        seedAuthors: AUTHORS.length,
      });
      const refusal = await seedCommunity({ config, force: true }).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(SeedError);
      expect(String(refusal)).toMatch(
        /seeding twice is not supported: (delete the data directory|empty the PostgreSQL)/,
      );
      const after = await Promise.all(SEEDED_TABLES.map((table) => countRows(app, table)));
      expect(after).toEqual(before);
    },
  );
});
