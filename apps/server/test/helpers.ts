import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeMessage, type CurrentUser } from '@symposia/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import type { Chain } from '../src/chain/index.js';
import { loadConfig, type Config } from '../src/config.js';
import type { SessionRaceHooks } from '../src/services/index.js';
import { copyMigratedSqlite, fillMigratedSchema } from './database-templates.js';
import { multipart, type UploadFile } from './multipart.js';

export type Dialect = 'sqlite' | 'postgres';

export const TEST_POSTGRES_URL =
  process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/** A clock tests move by hand; starts at the real time so stored times look real. */
export interface TestClock {
  now: () => Date;
  advance: (seconds: number) => void;
}

export function createTestClock(start = new Date()): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (seconds) => {
      current += seconds * 1000;
    },
  };
}

export interface TestAppOptions {
  /** Environment variables as an operator would set them (DATA_DIR/DATABASE_URL are set here). */
  env?: Record<string, string>;
  clock?: TestClock;
  /** The chain the app pays on, instead of a fresh embedded one (chain/testing.ts). */
  chain?: Chain;
  /** Pauses in signing in and session lookups, to interpose a race (session-service.ts). */
  sessionHooks?: SessionRaceHooks;
}

export interface TestApp {
  app: FastifyInstance;
  clock: TestClock;
  config: Config;
  close: () => Promise<void>;
}

export interface DatabaseUnderTest {
  dialect: Dialect;
  /** Builds an app on a fresh, empty database; it is closed and deleted after the test. */
  buildApp: (options?: TestAppOptions) => Promise<TestApp>;
}

/**
 * Runs a suite once on SQLite and once on PostgreSQL. Each app gets its own database (a temp
 * SQLite file, or a fresh PostgreSQL schema selected through search_path), so tests running in
 * parallel never see each other's rows. Without a reachable PostgreSQL the second run is skipped
 * with a warning, or fails when CI=true.
 */
export function describeEachDatabase(name: string, suite: (db: DatabaseUnderTest) => void): void {
  describe(`${name} [sqlite]`, () => suite(databaseUnderTest('sqlite')));
  describePostgres(name, suite);
}

/**
 * Runs a suite on PostgreSQL only (for what only a PostgreSQL deployment does, such as workers in
 * separate processes): skipped with a warning without a reachable server, failed under CI=true.
 */
export function describePostgres(name: string, suite: (db: DatabaseUnderTest) => void): void {
  const title = `${name} [postgres]`;
  if (postgresProblem === null) {
    describe(title, () => suite(databaseUnderTest('postgres')));
  } else if (process.env.CI === 'true') {
    describe(title, () => {
      it('needs a reachable PostgreSQL under CI', () => {
        throw new Error(
          `PostgreSQL at ${redact(TEST_POSTGRES_URL)} unreachable: ${postgresProblem}`,
        );
      });
    });
  } else {
    console.warn(
      `SKIPPING "${title}": PostgreSQL at ${redact(TEST_POSTGRES_URL)} is unreachable ` +
        `(${postgresProblem}). Start it or set TEST_DATABASE_URL.`,
    );
    describe.skip(title, () => suite(databaseUnderTest('postgres')));
  }
}

function databaseUnderTest(dialect: Dialect): DatabaseUnderTest {
  const open: TestApp[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((testApp) => testApp.close()));
  });
  return {
    dialect,
    buildApp: async (options = {}) => {
      const testApp = await buildTestApp(dialect, options);
      open.push(testApp);
      return testApp;
    },
  };
}

/** Builds an app on a fresh database; the caller closes it (which also deletes the database). */
export async function buildTestApp(
  dialect: Dialect,
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'symposia-test-'));
  const schema = dialect === 'postgres' ? await createMigratedSchema() : null;
  const clock = options.clock ?? createTestClock();
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DATABASE_URL: schema ? urlWithSearchPath(schema) : '',
    WEB_DIST_DIR: join(dataDir, 'no-web-app'),
    // Processing runs only in the tests about it, so no other test races the worker.
    WORKER_CONCURRENCY: '0',
    // Many suites register dozens of members from one address; the registration limit's own
    // tests (routes/auth/auth.test.ts) set it themselves.
    REGISTER_RATE_LIMIT_MAX: '1000',
    // Suites toggle likes freely and read the counts back at once; the like limit and the count
    // interval have their own tests (attacks/likes.test.ts, services/content-version.test.ts).
    LIKE_RATE_LIMIT_MAX: '100000',
    LIKE_COUNT_INTERVAL_MS: '0',
    ...options.env,
  });
  const cleanUp = async () => {
    if (schema) await dropSchema(schema);
    await rm(dataDir, { recursive: true, force: true });
  };
  let app: FastifyInstance;
  try {
    if (config.database.dialect === 'sqlite') await copyMigratedSqlite(config.database.file);
    app = await buildApp(config, {
      now: clock.now,
      chain: options.chain,
      sessionHooks: options.sessionHooks,
    });
  } catch (error) {
    await cleanUp();
    throw error;
  }
  return {
    app,
    clock,
    config,
    close: async () => {
      await app.close();
      await cleanUp();
    },
  };
}

// --- PostgreSQL schemas -------------------------------------------------------------------

async function withAdminClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({
    connectionString: TEST_POSTGRES_URL,
    connectionTimeoutMillis: 3000,
  });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function createSchema(): Promise<string> {
  const schema = `test_${randomBytes(8).toString('hex')}`;
  await withAdminClient((client) => client.query(`create schema "${schema}"`));
  return schema;
}

/** A fresh schema at the latest migration (database-templates.ts). */
async function createMigratedSchema(): Promise<string> {
  const schema = `test_${randomBytes(8).toString('hex')}`;
  await withAdminClient(async (client) => {
    if (!(await fillMigratedSchema(client, TEST_POSTGRES_URL, schema))) {
      await client.query(`create schema "${schema}"`);
    }
  });
  return schema;
}

async function dropSchema(schema: string): Promise<void> {
  await withAdminClient((client) => client.query(`drop schema if exists "${schema}" cascade`));
}

function urlWithSearchPath(schema: string): string {
  const url = new URL(TEST_POSTGRES_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

function redact(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    url.password = '';
    return url.toString();
  } catch {
    return connectionString;
  }
}

async function probePostgres(): Promise<string | null> {
  try {
    await withAdminClient((client) => client.query('select 1'));
    return null;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (error instanceof AggregateError) return String((error.errors[0] as Error)?.message ?? code);
    return error instanceof Error ? error.message || code || error.name : String(error);
  }
}

// Probed once per test file, before any suite is declared.
const postgresProblem = await probePostgres();

/** Why PostgreSQL cannot be used (null: it can), probed once per test file. */
export function postgresUnavailable(): string | null {
  return postgresProblem;
}

/**
 * A fresh, empty PostgreSQL schema and the URL that selects it, for a suite that builds its
 * own database clients or several apps on one database; `drop` deletes it.
 */
export async function freshPostgresSchema(): Promise<{ url: string; drop: () => Promise<void> }> {
  const schema = await createSchema();
  return { url: urlWithSearchPath(schema), drop: () => dropSchema(schema) };
}

// --- Requests and factories ---------------------------------------------------------------

/**
 * The code and values an error body carries beside a text (plugins/error-handler.ts): those of
 * `describeMessage`, nothing for a text that has no code.
 */
export function codeOf(text: string): { code?: string; values?: Record<string, string> } {
  const described = describeMessage(text);
  if (!described) return {};
  return described.values
    ? { code: described.code, values: described.values as Record<string, string> }
    : { code: described.code };
}

/** An error body exactly as the server sends it: `detail` and its message code. */
export function errorBody(detail: string) {
  return { detail, ...codeOf(detail) };
}

/** One field error of a 422 body exactly as the server sends it, with its message code. */
export function fieldError(field: string, message: string) {
  return { field, message, ...codeOf(message) };
}

/** A 422 body: `detail` names the first field error; each field error carries its code. */
export function validationErrorBody(detail: string, errors: { field: string; message: string }[]) {
  return {
    ...errorBody(detail),
    errors: errors.map((error) => fieldError(error.field, error.message)),
  };
}

/** A form-encoded body, the default encoding of the API (spec §7). */
export function form(fields: Record<string, string>) {
  return {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  };
}

let usernameCounter = 0;

/** Unique within a run and within the 20-character limit. */
export function uniqueUsername(prefix = 'user'): string {
  usernameCounter += 1;
  return `${prefix}${randomBytes(3).toString('hex')}${usernameCounter}`.slice(0, 20);
}

export const TEST_PASSWORD = 'correct horse battery';

export interface RegisteredUser {
  username: string;
  password: string;
  user: CurrentUser;
}

export async function registerUser(
  app: FastifyInstance,
  fields: Record<string, string> = {},
): Promise<RegisteredUser> {
  const username = fields.username ?? uniqueUsername();
  const password = fields.password ?? TEST_PASSWORD;
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    ...form({ ...fields, username, password }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return { username, password, user: response.json<CurrentUser>() };
}

export function requestToken(
  app: FastifyInstance,
  fields: Record<string, string>,
  remoteAddress = '127.0.0.1',
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/v1/auth/token',
    remoteAddress,
    ...form(fields),
  });
}

/** Signs in through the real token endpoint and returns the header to send. */
export async function loginAs(
  app: FastifyInstance,
  credentials: { username: string; password: string },
): Promise<{ authorization: string }> {
  const response = await requestToken(app, { grant_type: 'password', ...credentials });
  expect(response.statusCode, response.body).toBe(200);
  return { authorization: `Bearer ${response.json<{ access_token: string }>().access_token}` };
}

/** A new member, signed in. */
export async function signedInUser(
  app: FastifyInstance,
  fields: Record<string, string> = {},
): Promise<RegisteredUser & { headers: { authorization: string } }> {
  const registered = await registerUser(app, fields);
  return { ...registered, headers: await loginAs(app, registered) };
}

// --- Multipart uploads ----------------------------------------------------------------------

export { multipart, type UploadFile };

/** The smallest valid PNG: one transparent pixel. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A minimal PDF: enough for any sniffer to call it one. */
export const PDF_MINIMAL = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** Publishes a post through the real upload endpoint; returns its id. */
export async function uploadPost(
  app: FastifyInstance,
  headers: { authorization: string },
  fields: Record<string, string> = {},
  files: UploadFile[] = [{ name: 'figure.png', content: PNG_1X1, type: 'image/png' }],
): Promise<string> {
  const body = multipart(fields, files);
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/media/upload',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ post_id: string }>().post_id;
}

/** A PNG whose header claims width × height, with almost no pixel data behind it. */
export function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(16))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}
