import { join } from 'node:path';
import { loadConfig, describeDatabase } from './config.js';
import { prepareDataDir } from './data-dir.js';
import { openDatabase } from './db/index.js';
import { CONTENT_STORE_DIR } from './plugins/content-store.js';
import { createProcessing, type ProcessingLog } from './processing/index.js';
import { createRepositories } from './repositories/index.js';
import { systemClock } from './services/clock.js';
import { createContentVersion } from './services/content-version.js';
import { StartupError } from './startup-error.js';
import { ContentStore } from './storage/index.js';

/**
 * `npm run worker`: a processing worker without HTTP, for scaling processing apart from the web
 * servers (set WORKER_CONCURRENCY=0 on those). It shares the database and the data directory's
 * content store with the servers; on PostgreSQL any number of workers can run side by side.
 */

const line = (level: string, message: string, error?: unknown) =>
  `${JSON.stringify({
    level,
    time: new Date().toISOString(),
    pid: process.pid,
    msg: message,
    ...(error !== undefined && { err: error instanceof Error ? error.message : String(error) }),
  })}\n`;

const log: ProcessingLog = {
  info: (message) => process.stdout.write(line('info', message)),
  warn: (message, error) => process.stdout.write(line('warn', message, error)),
};

async function main(): Promise<void> {
  const config = loadConfig(process.env, process.env.INIT_CWD || process.cwd());
  await prepareDataDir(config.dataDir);
  const { db } = await openDatabase(config.database);
  const store = await ContentStore.open(join(config.dataDir, CONTENT_STORE_DIR));
  const worker = createProcessing({
    config,
    repositories: createRepositories(db, config.database.dialect),
    store,
    // Caches live in the web servers; they pick changes up within PUBLIC_CACHE_TTL_MS.
    contentVersion: createContentVersion(),
    now: systemClock,
    log,
    concurrency: Math.max(1, config.processing.workerConcurrency),
  });
  worker.start();
  log.info(`worker ${worker.id} processing jobs from ${describeDatabase(config.database)}`);
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      log.info(`${signal} received; finishing the jobs in flight`);
      void worker
        .stop()
        .then(() => Promise.all([store.close(), db.destroy()]))
        .then(() => process.exit(0));
    });
  }
}

main().catch((error: unknown) => {
  const message =
    error instanceof StartupError ? error.message : `Worker failed to start: ${String(error)}`;
  process.stderr.write(`${message}\n`);
  process.exit(1);
});
