import type { LoginRateLimitSettings, RewardSettings } from '../config.js';
import type { Chain, FaucetSettings } from '../chain/index.js';
import type { Repositories } from '../repositories/index.js';
import type { ContentStore } from '../storage/index.js';
import { createAccountService } from './auth/account-service.js';
import { createLoginThrottle } from './auth/login-throttle.js';
import { createSessionCache } from './auth/session-cache.js';
import { createSessionService } from './auth/session-service.js';
import { systemClock, type Clock } from './clock.js';
import { createCitationService } from './citations/citation-service.js';
import { createCommentService } from './comments/comment-service.js';
import { createContentVersion, type ContentChangeLink } from './content-version.js';
import { createHealthService } from './health-service.js';
import { MemoryCache } from './memory-cache.js';
import { createModerationService } from './moderation/moderation-service.js';
import { createReportService } from './moderation/report-service.js';
import { createInProcessBus, type NotificationBus } from './notifications/notification-bus.js';
import { createNotificationService } from './notifications/notification-service.js';
import { createPostService } from './posts/post-service.js';
import { createProfileService } from './profiles/profile-service.js';
import { createTokenService } from './token/token-service.js';
import { createRewardClaimService } from './rewards/claim-service.js';
import { createRewardService } from './rewards/reward-service.js';
import type { RateLimiterFactory } from './rate-limit/rate-limiter.js';
import { inMemoryRateLimiters } from './rate-limit/sliding-window-rate-limiter.js';
import { createBlockGc } from './storage/block-gc.js';
import { createFileAccess } from './storage/file-access.js';
import { createUploadAllowance } from './storage/upload-allowance.js';

// Signed-in members one process remembers at a time; more only means more database lookups.
const SESSION_CACHE_MAX_ENTRIES = 10_000;

export interface ServiceSettings {
  accessTokenTtlSeconds: number;
  loginRateLimit: LoginRateLimitSettings;
  commentRateLimit: { max: number; windowSeconds: number };
  registerRateLimit: { max: number; windowSeconds: number };
  sessionIdleTimeoutSeconds: number;
  /** SESSION_CACHE_TTL_MS: how long a token's session lookup is reused (services/auth/session-cache.ts). */
  sessionCacheTtlMs: number;
  processing: { maxAttempts: number };
  faucet: FaucetSettings;
  publicCacheTtlMs: number;
  publicCacheMaxBytes: number;
  // Uploads and the content store: rate limit, quota, signed URLs, garbage collection.
  uploadRateLimit: { max: number; windowSeconds: number };
  userStorageQuotaBytes: number;
  signedUrlTtlSeconds: number;
  blockGc: { intervalSeconds: number; graceSeconds: number };
  /** REPORT_MIN_ACCOUNT_AGE_SECONDS, REPORT_RATE_LIMIT_*. */
  reports: { minAccountAgeSeconds: number; rateLimit: { max: number; windowSeconds: number } };
  /** NOTIFICATIONS_HEARTBEAT_MS: how often an idle live notification stream says it is alive. */
  notificationHeartbeatMs: number;
  /** REWARD_*: contribution rewards (epochs, the split, the claim gates). */
  rewards: RewardSettings;
}

export interface ServiceOptions {
  now?: Clock;
}

export interface ServiceDependencies {
  repositories: Repositories;
  store: ContentStore;
  /** The Solana faucet's chain; null when FAUCET_ENABLED=false. */
  chain: Chain | null;
  /**
   * How live notification streams hear of changes: shared by every server process on
   * PostgreSQL (plugins/notification-bus.ts); this process alone when absent.
   */
  bus?: NotificationBus;
  /**
   * How the content version hears of changes made by other server processes, and tells them of
   * this one's (the bus's relay: Redis or PostgreSQL); this process alone when absent.
   */
  contentChanges?: ContentChangeLink;
  /** Where rate limits count: in Redis when REDIS_URL is set (app.ts); this process's memory without. */
  rateLimiters?: RateLimiterFactory;
}

export type Services = ReturnType<typeof createServices>;

export function createServices(
  { repositories, store, chain, bus, contentChanges, rateLimiters }: ServiceDependencies,
  settings: ServiceSettings,
  options: ServiceOptions = {},
) {
  const now = options.now ?? systemClock;
  const limits = settings.loginRateLimit;
  // In memory, limits hold per process; in Redis (REDIS_URL), for every process together.
  const limiter = rateLimiters ?? inMemoryRateLimiters(now);
  const loginLimiters = {
    perIp: limiter('login-ip', { max: limits.ipMax, windowSeconds: limits.ipWindowSeconds }),
    perAccount: limiter('login-account', {
      max: limits.accountMax,
      windowSeconds: limits.accountWindowSeconds,
    }),
  };
  const contentVersion = createContentVersion(contentChanges);
  // One byte budget for every public cache of the process (responses, posts, threads).
  const publicCache = new MemoryCache({
    version: contentVersion,
    ttlMs: settings.publicCacheTtlMs,
    maxBytes: settings.publicCacheMaxBytes,
  });
  // An aborted upload asks which roots were recorded meanwhile before it removes a block it wrote.
  store.useRecordedRoots((since) => repositories.posts.rootsRecordedSince(since.toISOString()));
  const allowance = createUploadAllowance({
    posts: repositories.posts,
    limiter: limiter('upload', settings.uploadRateLimit),
    quotaBytes: settings.userStorageQuotaBytes,
  });
  const files = createFileAccess({
    posts: repositories.posts,
    storage: repositories.storage,
    now,
    ttlSeconds: settings.signedUrlTtlSeconds,
    rememberMs: settings.publicCacheTtlMs,
  });
  // Live notification streams hear of changes through this bus (see notification-bus.ts).
  const notificationBus = bus ?? createInProcessBus();
  const notifications = createNotificationService({
    notifications: repositories.notifications,
    bus: notificationBus,
    now,
    heartbeatMs: settings.notificationHeartbeatMs,
  });
  const posts = createPostService({
    notifications,
    posts: repositories.posts,
    related: repositories.related,
    likes: repositories.likes,
    jobs: repositories.jobs,
    store,
    now,
    contentVersion,
    maxProcessingAttempts: settings.processing.maxAttempts,
    publicCache,
    allowance,
    // A deleted or now private post's files stop being served to anyone at once.
    filesWithdrawn: (cids) => files.forget(cids),
  });
  return {
    contentVersion,
    publicCache,
    accounts: createAccountService({
      users: repositories.users,
      now,
      registrations: limiter('register', settings.registerRateLimit),
    }),
    sessions: createSessionService({
      users: repositories.users,
      sessions: repositories.sessions,
      throttle: createLoginThrottle(loginLimiters),
      now,
      ttlSeconds: settings.accessTokenTtlSeconds,
      idleTimeoutSeconds: settings.sessionIdleTimeoutSeconds,
      sessionsEnded: notifications.sessionsEnded,
      accountChanged: notifications.accountChanged,
      // Sessions ended in any process (sign-out, password change, suspension) leave it at once.
      cache: createSessionCache({
        ttlMs: settings.sessionCacheTtlMs,
        maxEntries: SESSION_CACHE_MAX_ENTRIES,
        now,
        subscribe: (userId, listener) => notificationBus.subscribe(userId, listener),
      }),
    }),
    health: createHealthService({ health: repositories.health }),
    posts,
    citations: createCitationService({ posts, users: repositories.users }),
    profiles: createProfileService({
      users: repositories.users,
      profiles: repositories.profiles,
      posts: repositories.posts,
      store,
      now,
      contentVersion,
      allowance,
      rewards: repositories.rewards,
      cache: publicCache,
    }),
    files,
    blockGc: createBlockGc({
      store,
      storage: repositories.storage,
      now,
      ...settings.blockGc,
    }),
    notifications,
    comments: createCommentService({
      notifications,
      members: repositories.notifications,
      comments: repositories.comments,
      posts: repositories.posts,
      likes: repositories.likes,
      limiter: limiter('comment', settings.commentRateLimit),
      now,
      contentVersion,
      publicCache,
    }),
    reports: createReportService({
      reports: repositories.reports,
      posts: repositories.posts,
      comments: repositories.comments,
      users: repositories.users,
      limiter: limiter('report', settings.reports.rateLimit),
      now,
      minAccountAgeSeconds: settings.reports.minAccountAgeSeconds,
    }),
    moderation: createModerationService({
      moderation: repositories.moderation,
      posts: repositories.posts,
      comments: repositories.comments,
      users: repositories.users,
      now,
      contentVersion,
      // A hidden or deleted post's files stop being served to anyone at once.
      filesWithdrawn: (cids) => files.forget(cids),
      notifications,
    }),
    tokens: createTokenService({
      ledger: repositories.faucet,
      chain,
      settings: settings.faucet,
      now,
    }),
    // Contribution rewards: the epochs, their distribution, balances and the leaderboard.
    rewards: createRewardService({
      rewards: repositories.rewards,
      settings: settings.rewards,
      maxJobAttempts: settings.processing.maxAttempts,
      now,
      notifications,
    }),
    // Contribution rewards are paid from the faucet's account with its transfer (issue 16).
    rewardClaims: createRewardClaimService({
      claims: repositories.rewardClaims,
      chain,
      settings: settings.rewards,
      now,
    }),
  };
}

export {
  AuthenticationRequiredError,
  ConflictError,
  InvalidCredentialsError,
  InvalidInputError,
  NotFoundError,
  TooManyAttemptsError,
  UploadInterruptedError,
  UploadLimitError,
  ForbiddenError,
  UnsupportedFileError,
} from './errors.js';
export { PROCESS_POST_JOB } from './posts/post-service.js';
export { createRelatedPosts, RELATED_SHOWN } from './posts/related-posts.js';
export type { RelatedPosts } from './posts/related-posts.js';
export { DISTRIBUTE_REWARDS_JOB } from './rewards/reward-service.js';
export type { RewardService } from './rewards/reward-service.js';
export { addressKey } from './rate-limit/client-address.js';
export { ChainOperationError, FaucetUnavailableError } from './token/errors.js';
export type { UploadPart } from './posts/post-service.js';
export type { UserChanges } from '../repositories/index.js';
export type { AuthFailure } from './errors.js';
export type { Clock } from './clock.js';
