import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator } from 'kysely';
import pg from 'pg';
import { afterEach, expect, it } from 'vitest';
import type { DatabaseSettings } from '../../config.js';
import { describeEachDatabase, TEST_POSTGRES_URL } from '../../../test/helpers.js';
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
    const directory = await mkdtemp(join(tmpdir(), 'migration-0006-'));
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
const later = '2026-01-02T00:00:00.000Z';

function user(id: string, avatar: string) {
  return {
    id,
    username: id,
    username_lower: id,
    password_hash: 'x',
    email: `${id}@example.org`,
    phone: '',
    self_page: '',
    bio: '',
    nickname: '',
    url: '',
    title: '',
    tags: '',
    avatar,
    public_posts: 1,
    public_activities: 1,
    public_profile: 1,
    public_statistics: 1,
    public_contact: 0,
    created_at: at,
    updated_at: at,
  };
}

function file(cid: string, size: number, createdBy: string | null, createdAt: string, name = 'f') {
  return {
    cid,
    size,
    content_type: name === 'avatar.webp' ? 'image/webp' : 'application/octet-stream',
    media_type: name === 'avatar.webp' ? 'image' : 'document',
    name,
    created_by: createdBy,
    created_at: createdAt,
  };
}

describeEachDatabase('migration 0006: uploads backfilled from what was stored before', (db) => {
  it('counts every post file, single file and avatar of each member, and no thumbnail', async () => {
    const { db: database, migrator } = await emptyDatabase(db.dialect);
    expect(
      (await retryingSchemaRace(() => migrator.migrateTo('0005-faucet'))).error,
    ).toBeUndefined();

    await database
      .insertInto('users')
      .values([user('ada', '/ipfs/cid-avatar-now'), user('bob', '')])
      .execute();
    await database
      .insertInto('files')
      .values([
        file('cid-post', 100, 'ada', at),
        file('cid-thumb', 7, null, at),
        file('cid-single', 30, 'ada', later),
        file('cid-avatar-now', 5, 'ada', later, 'avatar.webp'),
        file('cid-avatar-old', 4, 'ada', at, 'avatar.webp'),
        // Bob posted the bytes Ada stored first on their own: the row keeps Ada's time.
        file('cid-shared', 50, 'ada', at),
      ])
      .execute();
    const post = (id: string, userId: string, visibility: string) => ({
      id,
      user_id: userId,
      title: id,
      summary: '',
      content: '',
      tags: '[]',
      ai_instruction: '',
      visibility,
      media_type: 'document',
      status: 'published',
      ai_analysis: '',
      search_document: id,
      created_at: at,
      updated_at: at,
    });
    await database
      .insertInto('posts')
      .values([post('p1', 'ada', 'private'), { ...post('p2', 'bob', 'public'), created_at: later }])
      .execute();
    await database
      .insertInto('post_files')
      .values([
        { post_id: 'p1', position: 0, cid: 'cid-post', name: 'a.bin' },
        { post_id: 'p1', position: 1, cid: 'cid-shared', name: 'b.bin' },
        { post_id: 'p2', position: 0, cid: 'cid-shared', name: 'c.bin' },
      ])
      .execute();
    await database
      .insertInto('file_derivatives')
      .values({
        source_cid: 'cid-post',
        variant: 'detail',
        cid: 'cid-thumb',
        width: null,
        height: null,
        duration_seconds: null,
      })
      .execute();

    expect(
      (await retryingSchemaRace(() => migrator.migrateTo('0006-storage'))).error,
    ).toBeUndefined();
    const rows = await database
      .selectFrom('uploads')
      .select(['user_id', 'kind', 'cid', 'size', 'post_id'])
      .orderBy('cid')
      .orderBy('post_id')
      .execute();
    expect(rows.map((row) => ({ ...row, size: Number(row.size) }))).toEqual([
      { user_id: 'ada', kind: 'avatar', cid: 'cid-avatar-now', size: 5, post_id: null },
      { user_id: 'ada', kind: 'avatar', cid: 'cid-avatar-old', size: 4, post_id: null },
      { user_id: 'ada', kind: 'post', cid: 'cid-post', size: 100, post_id: 'p1' },
      // Recorded with Ada's post (same time): a post file, not a file of its own.
      { user_id: 'ada', kind: 'post', cid: 'cid-shared', size: 50, post_id: 'p1' },
      { user_id: 'bob', kind: 'post', cid: 'cid-shared', size: 50, post_id: 'p2' },
      { user_id: 'ada', kind: 'ipfs', cid: 'cid-single', size: 30, post_id: null },
    ]);
  });
});
