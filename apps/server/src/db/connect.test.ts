import { chmod, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { PNG_1X1, signedInUser, uploadPost } from '../../test/helpers.js';

const mode = async (path: string) => (await stat(path)).mode & 0o777;

describe('data directory and SQLite files', () => {
  let root: string;
  let umask: number;

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'symposia-modes-'));
    // The most permissive umask: whatever is private below is so by chmod, not by the umask.
    umask = process.umask(0o000);
  });

  afterEach(async () => {
    process.umask(umask);
    await rm(root, { recursive: true, force: true });
  });

  async function start() {
    const dataDir = join(root, 'nested', 'data');
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      WORKER_CONCURRENCY: '0',
      WEB_DIST_DIR: join(root, 'no-web-app'),
    });
    const app = await buildApp(config);
    return { app, dataDir };
  }

  it('creates the data directory 0700 and the database, its WAL and shm files 0600', async () => {
    const { app, dataDir } = await start();
    try {
      // A write, so the WAL and shared-memory files exist.
      const author = await signedInUser(app);
      await uploadPost(app, author.headers, { title: 'modes' }, [
        { name: 'figure.png', content: PNG_1X1, type: 'image/png' },
      ]);
      expect((await mode(dataDir)).toString(8)).toBe('700');
      for (const file of ['symposia.db', 'symposia.db-wal', 'symposia.db-shm']) {
        expect((await mode(join(dataDir, file))).toString(8), file).toBe('600');
      }
    } finally {
      await app.close();
    }
  });

  it('runs SQLite with synchronous=FULL, so an acknowledged commit survives power loss', async () => {
    const { app } = await start();
    try {
      const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(app.db);
      // 2 is FULL (0 OFF, 1 NORMAL, 3 EXTRA).
      expect(rows).toEqual([{ synchronous: 2 }]);
      const journal = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(app.db);
      expect(journal.rows).toEqual([{ journal_mode: 'wal' }]);
    } finally {
      await app.close();
    }
  });

  it('leaves an existing data directory as its operator made it', async () => {
    const { app, dataDir } = await start();
    await app.close();
    await chmod(dataDir, 0o750);
    const again = await start();
    try {
      expect((await mode(dataDir)).toString(8)).toBe('750');
      expect((await mode(join(dataDir, 'symposia.db'))).toString(8)).toBe('600');
    } finally {
      await again.app.close();
    }
  });
});
