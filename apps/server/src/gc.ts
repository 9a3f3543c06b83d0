import { describeDatabase, loadConfig } from './config.js';
import { prepareDataDir } from './data-dir.js';
import { openDatabase } from './db/index.js';
import { openContentStore } from './open-content-store.js';
import { createRepositories } from './repositories/index.js';
import { systemClock } from './services/clock.js';
import { createBlockGc } from './services/storage/block-gc.js';
import { StartupError } from './startup-error.js';

/**
 * `npm run gc`: one run of the block garbage collector, now, with the server's settings (DATA_DIR,
 * DATABASE_URL, BLOCK_GC_GRACE_SECONDS). Safe while servers run on the same data: it takes the
 * same lease they do, so it waits for no one and never runs beside another collection (it says so
 * and exits 0). Prints one JSON line with what it found and removed.
 */
async function main(): Promise<number> {
  const config = loadConfig(process.env, process.env.INIT_CWD || process.cwd());
  await prepareDataDir(config.dataDir);
  const { db } = await openDatabase(config.database);
  const store = await openContentStore(config, db);
  try {
    const gc = createBlockGc({
      store,
      storage: createRepositories(db, config.database.dialect).storage,
      now: systemClock,
      ...config.blockGc,
    });
    process.stderr.write(
      `collecting unreferenced blocks in ${store.directory} (roots from ${describeDatabase(config.database)})\n`,
    );
    const result = await gc.run();
    if (result === null) {
      process.stdout.write(
        `${JSON.stringify({ ran: false, reason: 'another process is collecting garbage' })}\n`,
      );
      return 0;
    }
    process.stdout.write(`${JSON.stringify({ ran: true, ...result })}\n`);
    return 0;
  } finally {
    await store.close();
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const message =
      error instanceof StartupError ? error.message : `Garbage collection failed: ${String(error)}`;
    process.stderr.write(`${message}\n`);
    process.exit(1);
  },
);
