import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../src/db/open.js';

/*
 * Every test app starts on a database already at the latest migration, copied from one migrated
 * once per test process: migrating afresh for each of two thousand tests cost about half a second
 * each on PostgreSQL (and a few seconds each on a busy machine), more than most tests themselves.
 * The app still runs its migrator on start (buildApp), which finds nothing left to apply; the
 * migrations themselves are tested from an empty database (db/migrate.test.ts and the migration
 * tests beside them).
 */

/** A migrated SQLite file to copy (the file alone: closing the last connection checkpoints it). */
let sqliteTemplate: Promise<string> | undefined;

async function migratedSqliteFile(): Promise<string> {
  const directory = await mkdtemp(join(tmpdir(), 'symposia-template-'));
  const file = join(directory, 'template.db');
  const { db } = await openDatabase({ dialect: 'sqlite', file });
  await db.destroy();
  process.once('exit', () => void rm(directory, { recursive: true, force: true }));
  return file;
}

/** Puts a migrated SQLite database at `file`. */
export async function copyMigratedSqlite(file: string): Promise<void> {
  sqliteTemplate ??= migratedSqliteFile();
  await copyFile(await sqliteTemplate, file);
}

/**
 * The SQL that makes a migrated schema (its tables, indexes, sequences and the migrator's own
 * rows), as pg_dump writes it, with `TEMPLATE_NAME` where the schema's name goes; null where
 * pg_dump cannot be run (each schema is then migrated as the app starts).
 */
let postgresTemplate: Promise<string | null> | undefined;
const TEMPLATE_NAME = `symposia_template_${randomBytes(6).toString('hex')}`;
const run = promisify(execFile);

async function migratedSchemaSql(adminUrl: string): Promise<string | null> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create schema "${TEMPLATE_NAME}"`);
    const url = new URL(adminUrl);
    url.searchParams.set('options', `-c search_path=${TEMPLATE_NAME}`);
    const { db } = await openDatabase({ dialect: 'postgres', url: url.toString() });
    await db.destroy();
    const dump = await run(
      'pg_dump',
      [
        '--schema',
        TEMPLATE_NAME,
        '--inserts',
        '--no-owner',
        '--no-privileges',
        '--no-comments',
        '--dbname',
        adminUrl,
      ],
      { maxBuffer: 16 * 1024 * 1024 },
    ).then(
      ({ stdout }) => stdout,
      (error: unknown) => {
        console.warn(
          `pg_dump could not copy the migrated schema (${String(error)}): each PostgreSQL test ` +
            'schema is migrated from empty instead (slower).',
        );
        return null;
      },
    );
    // Since PostgreSQL 15.14 a plain dump opens and ends with psql's \restrict commands, which
    // are not SQL.
    return dump && dump.replace(/^\\(un)?restrict .*$/gm, '');
  } finally {
    await admin.query(`drop schema if exists "${TEMPLATE_NAME}" cascade`).catch(() => undefined);
    await admin.end();
  }
}

/**
 * Makes `schema` a copy of a migrated one, through `admin` (a client of the test database). False
 * when no copy can be made: the caller leaves the schema empty and the app migrates it.
 */
export async function fillMigratedSchema(
  admin: pg.Client,
  adminUrl: string,
  schema: string,
): Promise<boolean> {
  postgresTemplate ??= migratedSchemaSql(adminUrl);
  const sqlText = await postgresTemplate;
  if (sqlText === null) return false;
  await admin.query(sqlText.replaceAll(TEMPLATE_NAME, schema));
  return true;
}
