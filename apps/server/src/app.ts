import { readFileSync } from 'node:fs';
import { API_BASE_PATH } from '@symposia/shared';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { prepareDataDir } from './data-dir.js';
import { accessLogPlugin, flushLog, logDestination } from './plugins/access-log.js';
import { contentStorePlugin } from './plugins/content-store.js';
import { openContentStore } from './open-content-store.js';
import { openDatabase } from './db/index.js';
import { dbPlugin } from './plugins/db.js';
import { errorHandlerPlugin } from './plugins/error-handler.js';
import { formBodyPlugin } from './plugins/form-body.js';
import { gracefulClosePlugin } from './plugins/graceful-close.js';
import { notificationBusPlugin } from './plugins/notification-bus.js';
import { redisPlugin } from './plugins/redis.js';
import { redisRateLimiters } from './redis/rate-limiter.js';
import { redisStreamLeases } from './redis/stream-slots.js';
import { createLeasedSlots } from './services/notifications/stream-slots.js';
import { generateRequestId, requestIdPlugin } from './plugins/request-id.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { compressJsonPlugin } from './plugins/compress-json.js';
import { staticSpaPlugin, webAppBuilt } from './plugins/static-spa.js';
import { swaggerPlugin } from './plugins/swagger.js';
import { createRepositories } from './repositories/index.js';
import { serverLimits } from './server-limits.js';
import { apiRoutes } from './routes/index.js';
import { gatewayRoutes } from './routes/gateway/index.js';
import { healthRoutes } from './routes/health/index.js';
import type { Chain } from './chain/index.js';
import { isSharedChain, openAppChain, startChainOwnerDuties } from './chain-sharing.js';
import { createProcessing } from './processing/index.js';
import {
  createServices,
  type Clock,
  type SessionRaceHooks,
  type Services,
} from './services/index.js';
import { systemClock } from './services/clock.js';
import { workerPlugin } from './plugins/worker.js';
import { blockGcPlugin } from './plugins/block-gc.js';
import { rewardClockPlugin } from './plugins/reward-clock.js';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export interface AppOptions {
  /** Replaces the system clock (token expiry, rate-limit windows, timestamps). */
  now?: Clock;
  /**
   * Replaces the chain FAUCET_* describes (tests: an embedded chain whose balances they read).
   * The app closes it with itself.
   */
  chain?: Chain;
  /** Where log lines go instead of stdout (tests read the access log from it). */
  logStream?: DestinationStream;
  /** Tests only: pauses in signing in and session lookups, to interpose races there. */
  sessionHooks?: SessionRaceHooks;
}

// src/ and dist/ both sit one level below the package root.
const { version } = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
) as { version: string };

// Fastify's types leave out the hop count its proxy-addr backend understands; a function says it.
function trustProxy(setting: Config['trustProxy']) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}

/**
 * Builds the whole server: data directory, database (migrated), plugins and routes. Tests and
 * the benchmark call this; server.ts only adds listening and signals. The caller owns close().
 */
export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  await prepareDataDir(config.dataDir);
  const logStream = logDestination(config.logLevel, options.logStream);
  const app = Fastify({
    logger: { level: config.logLevel, ...(logStream && { stream: logStream }) },
    // plugins/access-log.ts writes one line per request instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: trustProxy(config.trustProxy),
    genReqId: generateRequestId,
    ...serverLimits(config.http),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The stdout log is buffered: closing writes it out (so does the process exiting: access-log.ts).
  app.addHook('onClose', async () => flushLog(logStream));
  try {
    await app.register(accessLogPlugin);
    await app.register(errorHandlerPlugin);
    const opened = await openDatabase(config.database, {
      onPoolError: (error) => app.log.warn({ err: error }, 'idle database connection failed'),
    });
    await app.register(dbPlugin, { settings: config.database, opened });
    await app.register(contentStorePlugin, {
      dataDir: config.dataDir,
      open: () => openContentStore(config, app.db),
    });
    // REDIS_URL: rate limits and the bus below shared by every server process through Redis.
    await app.register(redisPlugin, { settings: config.redis });
    // Live notification streams and cache invalidation, shared by every server process on
    // Redis or, without it, PostgreSQL.
    await app.register(notificationBusPlugin, { settings: config.database, redis: config.redis });
    const repositories = createRepositories(app.db, config.database.dialect);
    const chainLog = {
      info: (message: string) => app.log.info(message),
      warn: (message: string, error?: unknown) => app.log.warn({ err: error }, message),
    };
    // The embedded chain on PostgreSQL is shared by every process: one sends (chain-sharing.ts).
    const chain =
      options.chain ??
      (await openAppChain(config, repositories, options.now ?? systemClock, chainLog));
    if (chain && !isSharedChain(chain)) {
      app.addHook('onClose', () => chain.close());
    }
    if (chain) {
      app.log.info(
        { cluster: chain.cluster, faucet: chain.faucetAddress, mint: chain.mint },
        `token faucet on ${chain.networkName}`,
      );
    }
    // Live notification streams' places, one count for every process: in Redis, else in
    // PostgreSQL; in this process alone on SQLite (services/notifications/stream-slots.ts).
    const streamLeases =
      app.redis && config.redis
        ? redisStreamLeases(app.redis, config.redis.keyPrefix)
        : config.database.dialect === 'postgres'
          ? repositories.notificationStreams
          : null;
    const streamSlots =
      streamLeases &&
      createLeasedSlots({
        store: streamLeases,
        caps: config.notificationStreams,
        warn: (message, error) => app.log.warn({ err: error }, message),
      });
    if (streamSlots) app.addHook('onClose', () => streamSlots.close());
    const services = createServices(
      {
        repositories,
        store: app.contentStore,
        chain,
        bus: app.notificationBus,
        contentChanges: app.contentChanges ?? undefined,
        // Rate limits in Redis, one count for every process; in this process's memory without.
        rateLimiters:
          app.redis && config.redis
            ? redisRateLimiters(app.redis, {
                keyPrefix: config.redis.keyPrefix,
                now: options.now,
                warn: (message, error) => app.log.warn({ err: error }, message),
              })
            : undefined,
        streamSlots: streamSlots ?? undefined,
      },
      config,
      options,
    );
    app.decorate('services', services);
    if (isSharedChain(chain)) {
      const stopChainDuties = await startChainOwnerDuties({
        chain,
        services,
        repositories,
        config,
        now: options.now ?? systemClock,
        log: chainLog,
      });
      app.addHook('onClose', stopChainDuties);
    }
    // ADMIN_USERNAMES, when set: who is a moderator is set anew at this start (policies/).
    if (config.adminUsernames !== null) {
      const { missing } = await services.accounts.applyModerators(config.adminUsernames);
      // The other processes hear of the roles that moved before this one serves anything.
      await app.notificationBus.flush?.();
      if (missing.length > 0) {
        // Reserved until the operator creates them (services/auth/usernames.ts, user-cli.ts).
        app.log.warn(
          `ADMIN_USERNAMES names no account yet: ${missing.join(', ')}. These names are ` +
            'reserved (registration answers 409); create each from the command line with ' +
            '`npm run user -- create NAME`.',
        );
      }
    }
    app.addHook('onClose', async () => services.publicCache.close());
    if (config.processing.workerConcurrency > 0) {
      const worker = createProcessing({
        config,
        repositories,
        store: app.contentStore,
        contentVersion: services.contentVersion,
        now: options.now ?? systemClock,
        log: {
          info: (message) => app.log.info(message),
          warn: (message, error) => app.log.warn({ err: error }, message),
        },
        rewards: services.rewards,
        trust: services.trust,
        receipts: services.receipts,
        // What the jobs write reaches this process's streams and, relayed, the others'.
        notifications: services.notifications,
        // On a shared embedded chain its owner anchors (startChainOwnerDuties above).
        anchorsReceipts: chain !== null && !isSharedChain(chain),
      });
      await app.register(workerPlugin, { worker });
    }
    await app.register(requestIdPlugin);
    await app.register(gracefulClosePlugin);
    await app.register(securityHeadersPlugin);
    // JSON answers of 1 KiB and more, compressed when accepted (never streams or /ipfs).
    await app.register(compressJsonPlugin);
    await app.register(formBodyPlugin);
    await app.register(swaggerPlugin, { version });
    await app.register(apiRoutes, { prefix: API_BASE_PATH });
    await app.register(healthRoutes);
    await app.register(gatewayRoutes, {
      lookup: (cid, token) => app.services.files.lookup(cid, token),
    });
    await app.register(blockGcPlugin, { gc: services.blockGc });
    // Reward epochs: opened from the first start-up on; each ended one queued for distribution.
    await app.register(rewardClockPlugin, {
      rewards: services.rewards,
      receipts: services.receipts,
    });
    const webRoot = webAppBuilt(config.webDistDir) ? config.webDistDir : null;
    if (!webRoot) {
      app.log.warn(
        `no built web app in ${config.webDistDir} (run npm run build, or set WEB_DIST_DIR); serving the API only`,
      );
    }
    await app.register(staticSpaPlugin, { root: webRoot });
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}
