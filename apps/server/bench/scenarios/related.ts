import { randomUUID } from 'node:crypto';
import { documentFields, searchFields } from '../../src/domain/search-text.js';
import { createRepositories } from '../../src/repositories/index.js';
import { createRelatedPosts } from '../../src/services/index.js';
import type { BenchServer } from '../server.js';
import { signUp } from './client.js';
import { random, sentence } from './text.js';
import type { Scenario } from './types.js';

/**
 * What one related-post refresh costs as the corpus grows (issue 31): posts written straight into
 * the database (as the search bench does), then the `relate-post` job's work for sample posts at
 * 1,000, 10,000 and 100,000 posts. Its lookups are bounded (services/posts/related-posts.ts), so
 * the figure should stay flat, growing only with the index's own depth.
 */

const SIZES = (process.env.BENCH_RELATED_SIZES ?? '1000,10000,100000').split(',').map(Number);
const SAMPLES = 40;
const BATCH = 500;
const DOCUMENT_SHARE = 0.3;

async function fillTo(
  server: BenchServer,
  userId: string,
  username: string,
  from: number,
  to: number,
) {
  const db = server.app.db;
  const next = random(from + 11);
  const start = Date.parse('2026-01-01T00:00:00Z');
  for (let offset = from; offset < to; offset += BATCH) {
    const size = Math.min(BATCH, to - offset);
    const posts = Array.from({ length: size }, (_, index) => {
      const createdAt = new Date(start + (offset + index) * 60_000).toISOString();
      const post = {
        title: sentence(next, 6),
        summary: sentence(next, 25),
        content: sentence(next, 80),
        tags: [sentence(next, 1), sentence(next, 1)],
      };
      const document = next() < DOCUMENT_SHARE ? sentence(next, 300) : '';
      return { post, document, createdAt, id: randomUUID() };
    });
    await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('posts')
        .values(
          posts.map(({ post, createdAt, id }) => ({
            id,
            user_id: userId,
            title: post.title,
            summary: post.summary,
            content: post.content,
            tags: JSON.stringify(post.tags),
            ai_instruction: '',
            visibility: 'public',
            media_type: 'document',
            status: 'published',
            ai_analysis: '',
            created_at: createdAt,
            updated_at: createdAt,
          })),
        )
        .returning(['id', 'seq'])
        .execute();
      const seqOf = new Map(inserted.map((row) => [row.id, Number(row.seq)]));
      await trx
        .insertInto('post_search')
        .values(
          posts.map(({ post, document, id }) => ({
            post_seq: seqOf.get(id) ?? 0,
            post_id: id,
            ...searchFields(post, username),
            ...documentFields(document),
          })),
        )
        .execute();
    });
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
}

export const relatedScenario: Scenario = {
  name: 'related',
  description: "one post's related-post refresh (the relate-post job) at 1k, 10k and 100k posts",
  run: async (server) => {
    const user = await signUp(server.baseUrl, 'bench_relater');
    const repositories = createRepositories(server.app.db, server.config.database.dialect);
    const related = createRelatedPosts({
      related: repositories.related,
      afterWrite: async () => undefined,
    });
    console.log(`  ${SAMPLES} refreshes of posts spread over the corpus, one at a time`);
    const rows: string[] = [];
    let filled = 0;
    let first: number | undefined;
    for (const size of SIZES) {
      await fillTo(server, user.id, user.username, filled, size);
      filled = size;
      const ids = await server.app.db.selectFrom('posts').select('id').orderBy('seq').execute();
      const step = Math.max(1, Math.floor(ids.length / SAMPLES));
      const samples = ids.filter((_, index) => index % step === 0).slice(0, SAMPLES);
      // One round unmeasured: the pages the lookups read are in memory for every size alike.
      for (const { id } of samples.slice(0, 5)) await related.refresh(id);
      const times: number[] = [];
      for (const { id } of samples) {
        const started = performance.now();
        await related.refresh(id);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const p50 = percentile(times, 50);
      first ??= p50;
      rows.push(
        `  ${String(size).padStart(7)} posts: p50 ${p50.toFixed(1)} ms, p90 ` +
          `${percentile(times, 90).toFixed(1)} ms, ×${(p50 / first).toFixed(2)} of the first size`,
      );
      console.log(rows[rows.length - 1]);
    }
    const last = rows.length > 0 ? Number(/×([\d.]+)/.exec(rows[rows.length - 1] ?? '')?.[1]) : 1;
    console.log(
      `  target: no growth with the corpus beyond its index lookups (p50 at the largest size ` +
        `within ×2 of the smallest): ${last <= 2 ? 'met' : 'MISSED'}`,
    );
  },
};
