import { loadConfig, describeDatabase } from './config.js';
import { prepareDataDir } from './data-dir.js';
import { openDatabase } from './db/index.js';
import { isSharedChain, openAppChain, startChainOwnerDuties } from './chain-sharing.js';
import { openContentStore } from './open-content-store.js';
import { createLedger } from './services/ledger/index.js';
import { rewardTransfers } from './services/rewards/claim-service.js';
import { FAUCET_TRANSFERS } from './services/token/token-service.js';
import { createProcessing, type ProcessingLog } from './processing/index.js';
import { receiptServiceFrom } from './services/index.js';
import { createRepositories } from './repositories/index.js';
import { systemClock } from './services/clock.js';
import { createContentVersion } from './services/content-version.js';
import { openRelayedBus } from './open-bus.js';
import { streamAnnouncements } from './services/notifications/notification-service.js';
import { closeRedis, openRedis } from './redis/client.js';
import { StartupError } from './startup-error.js';

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
  const store = await openContentStore(config, db);
  const repositories = createRepositories(db, config.database.dialect);
  // The embedded chain on PostgreSQL: this worker may own it and send what servers hand over.
  const chain = await openAppChain(config, repositories, systemClock, log);
  let stopChain = async (): Promise<void> => undefined;
  // Otherwise the servers pay themselves: a chain of its own is of no use here.
  if (!isSharedChain(chain)) await chain?.close();
  else {
    // The ledger sends what the servers hand over, of the kinds the servers declare.
    const ledger = createLedger({ transfers: repositories.ledger, chain, now: systemClock });
    ledger.kind(FAUCET_TRANSFERS);
    ledger.kind(rewardTransfers(repositories.rewardClaims));
    // Receipts' roots (issue 29) are written by the chain's owner too; it makes no receipts.
    const receipts = receiptServiceFrom({
      repositories,
      store,
      chain,
      settings: config,
      now: systemClock,
      afterWrite: async () => undefined,
    });
    stopChain = await startChainOwnerDuties({
      chain,
      services: { ledger, receipts },
      repositories,
      config,
      now: systemClock,
      log,
    });
  }
  // What the worker publishes (a post processed, a reward paid) reaches the servers' caches and
  // members' streams at once, through the same relay as theirs: unread counts, and each post
  // published (issue 31), sent after the content version's change so a client told reads it.
  const redis = config.redis
    ? {
        settings: config.redis,
        client: await openRedis(config.redis, { name: 'symposia-worker', log }),
      }
    : null;
  const relayed = await openRelayedBus({ database: config.database, db, redis, log });
  const worker = createProcessing({
    config,
    repositories,
    store,
    contentVersion: createContentVersion(relayed?.bus.contentChanges),
    notifications: relayed ? streamAnnouncements(relayed.bus) : undefined,
    now: systemClock,
    log,
    concurrency: Math.max(1, config.processing.workerConcurrency),
  });
  worker.start();
  log.info(`worker ${worker.id} processing jobs from ${describeDatabase(config.database)}`);
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      log.info(`${signal} received; finishing the jobs in flight`);
      void Promise.all([worker.stop(), stopChain()])
        .then(() => relayed?.close())
        .then(() => (redis ? closeRedis(redis.client) : undefined))
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
