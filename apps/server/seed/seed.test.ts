import type { PostDetail, PostListItem } from '@symposia/shared';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase, loginAs } from '../test/helpers.js';
import { AUTHORS, POSTS, SEED_PASSWORD } from './content.js';
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

async function countRows(
  app: FastifyInstance,
  table: 'users' | 'posts' | 'post_files' | 'post_likes' | 'files' | 'sessions',
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
    { timeout: 60_000 },
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
      const before = await Promise.all(
        (['users', 'posts', 'post_files', 'post_likes', 'files'] as const).map((table) =>
          countRows(app, table),
        ),
      );
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
      const after = await Promise.all(
        (['users', 'posts', 'post_files', 'post_likes', 'files'] as const).map((table) =>
          countRows(app, table),
        ),
      );
      expect(after).toEqual(before);
    },
  );
});
