import { randomUUID } from 'node:crypto';
import { searchFields } from '../../src/domain/search-text.js';
import type { BenchServer } from '../server.js';
import { postJson, signUp, uploadFile } from './client.js';
import { random, sentence, VOCABULARY } from './text.js';
import type { Scenario } from './types.js';

const POST_COUNT = Number(process.env.BENCH_POSTS ?? 100_000);
const BATCH = 500;

/** The word at rank 1200 turns up in about 1% of posts: a realistic, selective search. */
const SEARCH_RANK = 1200;
const SEARCH_TERM = VOCABULARY[SEARCH_RANK] ?? 'quantum';

/**
 * Fills the database with POST_COUNT posts straight through Kysely, in batches: going through the
 * upload endpoint 100,000 times would measure the setup, not the reads. A few real uploads first
 * give the posts real files in the content store. Like counts are written directly (no like rows),
 * which only the like toggle would notice, and the benchmark does not toggle.
 */
async function fillPosts(server: BenchServer): Promise<{ postId: string; token: string }> {
  const user = await signUp(server.baseUrl, 'bench_author');
  const firstPost = await uploadFile(server.baseUrl, user.token, 'figure.txt', 'bench figure');
  const db = server.app.db;
  const next = random(42);
  const start = Date.parse('2026-01-01T00:00:00Z');
  for (let offset = 0; offset < POST_COUNT; offset += BATCH) {
    const size = Math.min(BATCH, POST_COUNT - offset);
    const rows = Array.from({ length: size }, (_, index) => {
      const title = `${sentence(next, 6)} ${offset + index}`;
      const summary = sentence(next, 25);
      const content = sentence(next, 80);
      const tags = [sentence(next, 1), sentence(next, 1)];
      const createdAt = new Date(start + (offset + index) * 60_000).toISOString();
      return {
        id: randomUUID(),
        user_id: user.id,
        title,
        summary,
        content,
        tags: JSON.stringify(tags),
        ai_instruction: '',
        visibility: next() < 0.95 ? 'public' : 'private',
        media_type: 'document',
        status: 'published',
        ai_analysis: '',
        likes: Math.floor(next() ** 3 * 500),
        created_at: createdAt,
        updated_at: createdAt,
      };
    });
    await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('posts')
        .values(rows)
        .returning(['id', 'seq'])
        .execute();
      const seqOf = new Map(inserted.map((row) => [row.id, Number(row.seq)]));
      // What search looks through (migration 0014), as the repository writes it.
      await trx
        .insertInto('post_search')
        .values(
          rows.map((row) => ({
            post_seq: seqOf.get(row.id) ?? 0,
            post_id: row.id,
            ...searchFields({ ...row, tags: JSON.parse(row.tags) as string[] }, user.username),
          })),
        )
        .execute();
      await trx
        .insertInto('post_files')
        .values(
          rows.map((row) => ({
            post_id: row.id,
            position: 0,
            cid: firstPost.cid,
            name: 'figure.txt',
          })),
        )
        .execute();
    });
  }
  return { postId: firstPost.postId, token: user.token };
}

export const postsScenario: Scenario = {
  name: 'posts',
  description: `the forum list, search and post detail over ${POST_COUNT.toLocaleString('en')} posts`,
  prepare: async (server) => {
    const started = Date.now();
    const { postId, token } = await fillPosts(server);
    const member = { authorization: `Bearer ${token}` };
    console.log(
      `  (filled ${POST_COUNT} posts in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
    // One call of each first, so a failure shows as an error, not as a table of non-2xx.
    const hits = await postJson(
      server.baseUrl,
      `/api/v1/media/list?search=${SEARCH_TERM}&limit=100`,
      undefined,
      'GET',
    );
    console.log(
      `  (search term "${SEARCH_TERM}": ${Object.keys(hits).length} matches on the first 100)`,
    );
    const search = `/api/v1/media/list?search=${SEARCH_TERM}`;
    // Anonymous reads may come from the public cache; a member's never do (their likes differ).
    return [
      { name: 'GET /media/list', path: '/api/v1/media/list' },
      { name: 'GET /media/list (member)', path: '/api/v1/media/list', headers: member },
      { name: 'GET /media/list?sort_by=likes_desc', path: '/api/v1/media/list?sort_by=likes_desc' },
      {
        name: 'GET /media/list?sort_by=likes_desc (member)',
        path: '/api/v1/media/list?sort_by=likes_desc',
        headers: member,
      },
      { name: `GET /media/list?search=${SEARCH_TERM}`, path: search },
      { name: `GET /media/list?search=${SEARCH_TERM} (member)`, path: search, headers: member },
      { name: 'GET /media/{id}', path: `/api/v1/media/${postId}` },
      { name: 'GET /media/{id} (member)', path: `/api/v1/media/${postId}`, headers: member },
    ];
  },
};
