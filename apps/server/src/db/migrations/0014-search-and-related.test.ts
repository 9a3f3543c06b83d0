import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator, sql } from 'kysely';
import pg from 'pg';
import { afterEach, expect, it } from 'vitest';
import type { DatabaseSettings } from '../../config.js';
import { describeEachDatabase, TEST_POSTGRES_URL } from '../../../test/helpers.js';
import { INDEX_POST_TEXT_JOB, RELATE_POST_JOB } from '../../domain/post.js';
import { connectDatabase } from '../connect.js';
import type { AppDatabase } from '../types.js';
import { migrationsFor } from './index.js';
import { retryingSchemaRace } from '../migrate.js';

const cleanUps: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanUp of cleanUps.splice(0).reverse()) await cleanUp();
});

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** An empty database of the dialect, with a migrator that can stop at any migration. */
async function emptyDatabase(dialect: 'sqlite' | 'postgres') {
  let settings: DatabaseSettings;
  let schema: string | undefined;
  if (dialect === 'sqlite') {
    const directory = await mkdtemp(join(tmpdir(), 'migration-0014-'));
    cleanUps.push(() => rm(directory, { recursive: true, force: true }));
    settings = { dialect, file: join(directory, 'test.db') };
  } else {
    schema = `test_${randomBytes(8).toString('hex')}`;
    await adminQuery(`create schema "${schema}"`);
    cleanUps.push(() => adminQuery(`drop schema if exists "${schema}" cascade`));
    const url = new URL(TEST_POSTGRES_URL);
    url.searchParams.set('options', `-c search_path=${schema}`);
    settings = { dialect, url: url.toString() };
  }
  const db: AppDatabase = connectDatabase(settings);
  cleanUps.push(() => db.destroy());
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrationsFor(dialect) },
    migrationTableSchema: schema,
  });
  return { db, migrator };
}

const at = '2026-01-01T00:00:00.000Z';

describeEachDatabase('migration 0014: existing posts indexed for search', (db) => {
  it('indexes live posts by field, Chinese segmented, and queues their documents', async () => {
    const { db: database, migrator } = await emptyDatabase(db.dialect);
    expect(
      (await retryingSchemaRace(() => migrator.migrateTo('0013-shared-blocks-and-chain'))).error,
    ).toBeUndefined();
    // Rows as they were written before: raw SQL, since posts still have search_document.
    await sql`insert into users (id, username, username_lower, password_hash, email, phone,
      self_page, bio, nickname, url, title, tags, avatar, public_posts, public_activities,
      public_profile, public_statistics, public_contact, created_at, updated_at)
      values ('ada', 'Ada', 'ada', 'x', 'ada@example.org', '', '', '', '', '', '', '', '',
      1, 1, 1, 1, 0, ${at}, ${at})`.execute(database);
    const post = (id: string, title: string, deletedAt: string | null) =>
      sql`insert into posts (id, user_id, title, summary, content, tags, ai_instruction,
        visibility, media_type, status, ai_analysis, search_document, created_at, updated_at,
        deleted_at)
        values (${id}, 'ada', ${title}, 'Summary', '', '["蛋白质结构"]', '', 'public', 'document',
        'published', '', ${title}, ${at}, ${at}, ${deletedAt})`.execute(database);
    await post('p1', '基于深度学习的蛋白质结构预测', null);
    await post('p2', 'Gone', at);
    await post('p3', 'Plain English', null);
    await database
      .insertInto('files')
      .values(
        ['cid-pdf', 'cid-text'].map((cid) => ({
          cid,
          size: 1,
          content_type: 'application/pdf',
          media_type: 'document',
          name: cid,
          created_by: null,
          created_at: at,
        })),
      )
      .execute();
    await database
      .insertInto('post_files')
      .values({ post_id: 'p1', position: 0, cid: 'cid-pdf', name: 'paper.pdf' })
      .execute();
    await database
      .insertInto('file_derivatives')
      .values({
        source_cid: 'cid-pdf',
        variant: 'text',
        cid: 'cid-text',
        width: null,
        height: null,
        duration_seconds: null,
      })
      .execute();

    expect(
      (await retryingSchemaRace(() => migrator.migrateTo('0014-search-and-related'))).error,
    ).toBeUndefined();
    const rows = await database
      .selectFrom('post_search')
      .select(['post_id', 'title', 'tags', 'body', 'author', 'document'])
      .orderBy('post_id')
      .execute();
    expect(rows).toEqual([
      {
        post_id: 'p1',
        title: '基于 深度 学习 的 蛋白 质 结构 预测',
        tags: '蛋白 质 结构',
        body: 'summary',
        author: 'ada',
        document: '',
      },
      {
        post_id: 'p3',
        title: 'plain english',
        tags: '蛋白 质 结构',
        body: 'summary',
        author: 'ada',
        document: '',
      },
    ]);
    const jobs = await database
      .selectFrom('jobs')
      .select(['kind', 'subject_id', 'status'])
      .orderBy('kind')
      .orderBy('subject_id')
      .execute();
    expect(jobs).toEqual([
      { kind: INDEX_POST_TEXT_JOB, subject_id: 'p1', status: 'queued' },
      { kind: RELATE_POST_JOB, subject_id: 'p1', status: 'queued' },
      { kind: RELATE_POST_JOB, subject_id: 'p3', status: 'queued' },
    ]);
  });
});
