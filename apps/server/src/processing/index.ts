import { join } from 'node:path';
import type { Config } from '../config.js';
import type { Repositories } from '../repositories/index.js';
import { INDEX_POST_TEXT_JOB, RELATE_POST_JOB } from '../domain/post.js';
import {
  ANCHOR_RECEIPTS_JOB,
  bountyServiceFrom,
  MAKE_RECEIPTS_JOB,
  notificationEmailsFrom,
  receiptServiceFrom,
  type ReceiptService,
  COMPUTE_TRUST_JOB,
  createRelatedPosts,
  DISTRIBUTE_REWARDS_JOB,
  PROCESS_POST_JOB,
  trustServiceFrom,
  type RewardService,
  type TrustService,
} from '../services/index.js';
import { createRewardService } from '../services/rewards/reward-service.js';
import { SETTLE_BOUNTY_JOB } from '../services/bounties/bounty-service.js';
import { RESOLVE_PASSWORD_RESET_JOB, SEND_EMAIL_JOB } from '../domain/mail.js';
import { NOTIFICATION_EMAIL_JOB, SEND_DIGEST_JOB } from '../domain/notification-email.js';
import { passwordResetResolver } from '../services/auth/password-reset-service.js';
import { createMailSender } from '../services/mail/mail-sender.js';
import { createMailTransport } from '../services/mail/transport.js';
import type { Clock } from '../services/clock.js';
import { createAfterWrite } from '../services/after-write.js';
import type { ContentVersion } from '../services/content-version.js';
import type { NotificationService } from '../services/notifications/notification-service.js';
import type { ContentStore } from '../storage/index.js';
import { createAnalyzer } from './analyze/create-analyzer.js';
import { createEmbeddedAnalyzer } from './analyze/embedded/index.js';
import { createPostProcessor, type ProcessingLog } from './pipeline.js';
import { createSandbox, type Sandbox } from './sandbox/sandbox.js';
import { createWorker, type Worker } from './worker.js';

export { createWorker, retryDelaySeconds } from './worker.js';
export type { Worker, WorkerSettings } from './worker.js';
export type { ProcessingLog } from './pipeline.js';
export { PermanentJobError, ResourceLimitError } from './errors.js';

/** Scratch copies of uploads for their readers (the sandbox, ffmpeg), inside the data directory. */
export const PROCESSING_TMP_DIR = 'tmp';

/**
 * The processing side of the server: the analyzer chosen by AI_PROVIDER, the post pipeline and a
 * worker that runs its jobs. The server runs one in-process (WORKER_CONCURRENCY > 0);
 * `npm run worker` runs one on its own.
 */
export function createProcessing(deps: {
  config: Config;
  repositories: Repositories;
  store: ContentStore;
  contentVersion: ContentVersion;
  now: Clock;
  log: ProcessingLog;
  /** Overrides WORKER_CONCURRENCY (the worker process takes its own). */
  concurrency?: number;
  /**
   * Distributes ended reward epochs (the server's, whose notifications reach its live streams);
   * the worker process makes its own.
   */
  rewards?: RewardService;
  /** Computes community trust (the server's, or the worker process's own). */
  trust?: TrustService;
  /**
   * Receipts (issue 29): the server's; the worker process makes its own, which anchors nothing.
   */
  receipts?: ReceiptService;
  /**
   * Whether this process writes the epochs' roots to the chain (`receipts.anchorEpoch`): only
   * where it sends itself; on a shared embedded chain the owner's duties do (chain-sharing.ts).
   */
  anchorsReceipts?: boolean;
  /**
   * Tells members' live streams (in any process the bus reaches) that their unread count changed
   * or that a post they may see was published; without it, members see what the jobs wrote at
   * their next look.
   */
  notifications?: Partial<Pick<NotificationService, 'changed' | 'postPublished'>>;
}): Worker {
  const { config, repositories, store, contentVersion, now, log } = deps;
  const analyzer = createAnalyzer(config.ai, createEmbeddedAnalyzer(), (message, error) =>
    log.warn(message, error),
  );
  const tmpDir = join(config.dataDir, PROCESSING_TMP_DIR);
  const sandbox = createSandbox({
    limits: {
      timeoutMs: config.processing.parseTimeoutSeconds * 1000,
      memoryMb: config.processing.parseMemoryMb,
    },
    tmpDir,
    poolSize: config.processing.poolSize,
  });
  // What the jobs write reaches the caches (through the content version, of every linked process)
  // and the members' live streams; nothing they write withdraws a file.
  const afterWrite = createAfterWrite({
    contentVersion,
    notifications: deps.notifications,
  });
  const processor = createPostProcessor({
    posts: repositories.posts,
    store,
    analyzer,
    now,
    afterWrite,
    sandbox,
    tmpDir,
    log,
  });
  const related = createRelatedPosts({ related: repositories.related, afterWrite });
  const trust = deps.trust ?? trustServiceFrom(repositories, config, now, afterWrite);
  const rewards =
    deps.rewards ??
    createRewardService({
      rewards: repositories.rewards,
      settings: config.rewards,
      maxJobAttempts: config.processing.maxAttempts,
      now,
      afterWrite,
      trust,
    });
  const receipts =
    deps.receipts ??
    receiptServiceFrom({
      repositories,
      store,
      chain: null,
      settings: config,
      now,
      afterWrite,
      currentEpoch: () => rewards.currentEpoch(),
    });
  const bounties = bountyServiceFrom(repositories, config, receipts, now, afterWrite);
  // Email (issue 30): every message of the outbox leaves through SMTP_URL, or as a file;
  // notification emails and the digest carry a signed one-click unsubscribe link.
  const notificationEmails = notificationEmailsFrom(repositories, config, now);
  const mailer = createMailSender({
    mail: repositories.mail,
    tokens: repositories.emailTokens,
    transport: createMailTransport(config.mail, config.dataDir, log),
    from: config.mail.from,
    site: config.mail.publicOrigin,
    now,
    unsubscribeUrl: (userId, topic) => notificationEmails.links.url(userId, topic),
  });
  log.info(`email goes to ${mailer.describe()}`);
  const resolveReset = passwordResetResolver({
    tokens: repositories.emailTokens,
    perAccount: config.mail.passwordResetPerAccount,
    now,
    maxAttempts: config.mail.maxAttempts,
  });
  const worker = createWorker({
    jobs: repositories.jobs,
    handlers: {
      [MAKE_RECEIPTS_JOB]: async (_sweep, signal) => {
        await receipts.makeReceipts(signal);
      },
      ...(deps.anchorsReceipts && {
        [ANCHOR_RECEIPTS_JOB]: (epochId: string) => receipts.anchorEpoch(Number(epochId)),
      }),
      [PROCESS_POST_JOB]: (postId, signal) => processor.process(postId, signal),
      [INDEX_POST_TEXT_JOB]: (postId, signal) => processor.indexDocuments(postId, signal),
      [RELATE_POST_JOB]: (postId) => related.refresh(postId),
      [DISTRIBUTE_REWARDS_JOB]: async (epochId) => {
        await rewards.distributeEpoch(Number(epochId));
      },
      [COMPUTE_TRUST_JOB]: async () => {
        await trust.recompute();
      },
      [SETTLE_BOUNTY_JOB]: async (bountyId) => {
        await bounties.settle(bountyId);
      },
      [SEND_EMAIL_JOB]: (messageId) => mailer.send(messageId),
      [RESOLVE_PASSWORD_RESET_JOB]: async (requestId) => {
        await resolveReset(requestId);
      },
      [NOTIFICATION_EMAIL_JOB]: async (memberId) => {
        await notificationEmails.mailer.send(memberId);
      },
      [SEND_DIGEST_JOB]: async (slot) => {
        await notificationEmails.digests.send(slot);
      },
    },
    // A post whose processing failed for good is published with what was made, never left in
    // `processing`.
    giveUpHandlers: {
      [PROCESS_POST_JOB]: (postId, reason) => processor.publishWithoutAnalysis(postId, reason),
      // A message given up stays in the outbox, marked failed with why.
      [SEND_EMAIL_JOB]: (messageId, reason) => mailer.giveUp(messageId, reason),
    },
    settings: {
      concurrency: deps.concurrency ?? config.processing.workerConcurrency,
      leaseSeconds: config.processing.leaseSeconds,
      maxLeaseExpiries: config.processing.maxLeaseExpiries,
      pollMs: config.processing.pollMs,
    },
    now,
    log,
  });
  // The digest's clock runs where jobs run: it queues a period's job once its time has come.
  // The readers stop once the jobs in flight are done.
  return withClock(withReaders(worker, sandbox), () => notificationEmails.digests.tick(), log);
}

/**
 * The worker with its file readers (the sandbox's pool of children), which stop after it stops.
 * The first file starts the first reader (and the last one stays for the next): a process that
 * never reads a file (a test's app, a server whose worker runs elsewhere) starts none.
 */
function withReaders(worker: Worker, readers: Pick<Sandbox, 'close'>): Worker {
  return {
    id: worker.id,
    wake: () => worker.wake(),
    start: () => worker.start(),
    async stop() {
      await worker.stop();
      await readers.close();
    },
  };
}

/** How often a worker looks whether a digest period's time has come. */
const CLOCK_EVERY_MS = 60_000;

/**
 * The worker, which also looks at the clock when it starts and every minute after, until it
 * stops (a failed look is logged and tried again at the next).
 */
function withClock(worker: Worker, look: () => Promise<void>, log: ProcessingLog): Worker {
  let timer: NodeJS.Timeout | undefined;
  let looking: Promise<void> | undefined;
  const tick = () => {
    looking ??= look()
      .catch((error: unknown) => log.warn('the digest clock failed', error))
      .finally(() => {
        looking = undefined;
      });
  };
  return {
    id: worker.id,
    wake: () => worker.wake(),
    start() {
      worker.start();
      tick();
      timer = setInterval(tick, CLOCK_EVERY_MS);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await looking;
      await worker.stop();
    },
  };
}
