import type { Config } from '../config.js';
import type { Chain } from '../chain/index.js';
import type { Repositories } from '../repositories/index.js';
import type { ContentStore } from '../storage/index.js';
import { createAccountService } from './auth/account-service.js';
import { reservedUsernameKeys } from './auth/usernames.js';
import { createLoginThrottle } from './auth/login-throttle.js';
import { createSessionCache } from './auth/session-cache.js';
import { createSessionService, type SessionRaceHooks } from './auth/session-service.js';
import { createEmailVerificationService } from './auth/email-verification-service.js';
import { createPasswordResetService } from './auth/password-reset-service.js';
import { createOidcService } from './oidc/oidc-service.js';
import { oidcClientFrom } from './oidc/oidc-client.js';
import { systemClock, type Clock } from './clock.js';
import { createCitationService } from './citations/citation-service.js';
import { createCommentService } from './comments/comment-service.js';
import { createAfterWrite, type AfterWrite, type WriteChange } from './after-write.js';
import type { RewardEpoch } from '../domain/reward.js';
import { createReceiptService, type ReceiptService } from './receipts/receipt-service.js';
import { createReviewService } from './reviews/review-service.js';
import { createContentVersion, type ContentChangeLink } from './content-version.js';
import { createHealthService } from './health-service.js';
import { createLikeGate } from './like-gate.js';
import { MemoryCache } from './memory-cache.js';
import { createModerationService } from './moderation/moderation-service.js';
import { createReportService } from './moderation/report-service.js';
import { createRewardHoldService } from './moderation/reward-hold-service.js';
import { createInProcessBus, type NotificationBus } from './notifications/notification-bus.js';
import { createNotificationService } from './notifications/notification-service.js';
import { createNotificationPreferenceService } from './notifications/preference-service.js';
import { createUnsubscribeLinks } from './notifications/unsubscribe-links.js';
import { createDigestService } from './notifications/digest-service.js';
import { createNotificationMailer } from './notifications/notification-mailer.js';
import { createInProcessSlots, type StreamSlots } from './notifications/stream-slots.js';
import { createPostService } from './posts/post-service.js';
import { createProfileService } from './profiles/profile-service.js';
import { createBalanceLedger, createLedger } from './ledger/index.js';
import { createBountyService } from './bounties/bounty-service.js';
import { createFollowService } from './follows/follow-service.js';
import { createTokenService } from './token/token-service.js';
import { createRewardClaimService } from './rewards/claim-service.js';
import { createRewardService } from './rewards/reward-service.js';
import { createTrustService, reviewRuleOf } from './trust/trust-service.js';
import { createWalletService } from './wallets/wallet-service.js';
import type { RateLimiterFactory } from './rate-limit/rate-limiter.js';
import { inMemoryRateLimiters } from './rate-limit/sliding-window-rate-limiter.js';
import { createBlockGc } from './storage/block-gc.js';
import { createFileAccess } from './storage/file-access.js';
import { createUploadAllowance } from './storage/upload-allowance.js';

// Signed-in members one process remembers at a time; more only means more database lookups.
const SESSION_CACHE_MAX_ENTRIES = 10_000;

/** The settings the services read: the config's own (config.ts documents each). */
export type ServiceSettings = Pick<
  Config,
  | 'accessTokenTtlSeconds'
  | 'loginRateLimit'
  | 'commentRateLimit'
  | 'likes'
  | 'registerRateLimit'
  | 'sessionIdleTimeoutSeconds'
  | 'sessionCacheTtlMs'
  | 'processing'
  | 'faucet'
  | 'publicCacheTtlMs'
  | 'publicCacheMaxBytes'
  | 'uploadRateLimit'
  | 'userStorageQuotaBytes'
  | 'signedUrlTtlSeconds'
  | 'blockGc'
  | 'reports'
  | 'followRateLimit'
  | 'notificationHeartbeatMs'
  | 'notificationStreams'
  | 'rewards'
  | 'trust'
  | 'wallets'
  | 'adminUsernames'
  | 'mail'
  | 'oidc'
  | 'notificationEmail'
>;

export interface ServiceOptions {
  now?: Clock;
  /** Tests only: pauses in signing in and session lookups (session-service.ts). */
  sessionHooks?: SessionRaceHooks;
  /** Tests only: sees every change a service states after a write (services/after-write.test.ts). */
  observeWrites?: (change: WriteChange) => void;
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
  /**
   * Where live notification streams' places are counted: shared by every server process in
   * Redis or PostgreSQL (app.ts); this process alone when absent.
   */
  streamSlots?: StreamSlots;
}

export type Services = ReturnType<typeof createServices>;

/** Community trust as the server and the worker build it (issue 28). */
export function trustServiceFrom(
  repositories: Repositories,
  settings: Pick<ServiceSettings, 'trust' | 'rewards' | 'processing'>,
  now: Clock,
  afterWrite?: AfterWrite,
  publicCache?: MemoryCache,
) {
  return createTrustService({
    reviews: repositories.reviews,
    afterWrite,
    publicCache,
    trust: repositories.trust,
    users: repositories.users,
    jobs: repositories.jobs,
    settings: settings.trust,
    rewardWeights: settings.rewards.weights,
    epochSeconds: settings.rewards.epochSeconds,
    maxJobAttempts: settings.processing.maxAttempts,
    now,
  });
}

/**
 * Receipts anyone can verify (issue 29), as the server and the processes that run its jobs build
 * them. `chain`: where this process sends the epochs' roots (null: it anchors nothing).
 */
export function receiptServiceFrom(deps: {
  repositories: Repositories;
  store: ContentStore;
  chain: Chain | null;
  settings: Pick<ServiceSettings, 'processing'>;
  now: Clock;
  afterWrite: AfterWrite;
  /** The reward epoch running now; without it the service only anchors (chain-sharing.ts). */
  currentEpoch?: () => Promise<RewardEpoch>;
}) {
  return createReceiptService({
    receipts: deps.repositories.receipts,
    posts: deps.repositories.posts,
    jobs: deps.repositories.jobs,
    storage: deps.repositories.storage,
    store: deps.store,
    chain: deps.chain,
    currentEpoch: deps.currentEpoch,
    maxJobAttempts: deps.settings.processing.maxAttempts,
    now: deps.now,
    afterWrite: deps.afterWrite,
  });
}

/**
 * Review bounties (issue 29) as the server and the processes that run their jobs build them:
 * escrow, awards and refunds as the ledger's balance moves.
 */
export function bountyServiceFrom(
  repositories: Repositories,
  settings: Pick<ServiceSettings, 'processing'>,
  receipts: Pick<ReceiptService, 'soon'>,
  now: Clock,
  afterWrite: AfterWrite,
) {
  return createBountyService({
    bounties: repositories.bounties,
    posts: repositories.posts,
    queue: repositories.reviewQueue,
    balances: createBalanceLedger({ transfers: repositories.ledger }),
    receiptsSoon: () => receipts.soon(),
    maxJobAttempts: settings.processing.maxAttempts,
    now,
    afterWrite,
  });
}

/**
 * Notification emails (issue 30) as the server and the processes that run their jobs build them:
 * the signed one-click unsubscribe links, the immediate emails' job and the digest.
 */
export function notificationEmailsFrom(
  repositories: Repositories,
  settings: Pick<ServiceSettings, 'mail' | 'notificationEmail'>,
  now: Clock,
) {
  return {
    links: createUnsubscribeLinks({
      storage: repositories.storage,
      now,
      site: settings.mail.publicOrigin,
    }),
    mailer: createNotificationMailer({
      notificationMail: repositories.notificationMail,
      preferences: repositories.notificationPreferences,
      jobs: repositories.jobs,
      delaySeconds: settings.notificationEmail.delaySeconds,
      maxAttempts: settings.mail.maxAttempts,
      now,
    }),
    digests: createDigestService({
      digests: repositories.digests,
      preferences: repositories.notificationPreferences,
      jobs: repositories.jobs,
      schedule: settings.notificationEmail.digest,
      maxAttempts: settings.mail.maxAttempts,
      now,
    }),
  };
}

export function createServices(
  {
    repositories,
    store,
    chain,
    bus,
    contentChanges,
    rateLimiters,
    streamSlots,
  }: ServiceDependencies,
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
  // A like's counts move the version at most once per LIKE_COUNT_INTERVAL_MS per post.
  const contentVersion = createContentVersion(contentChanges, {
    countIntervalMs: settings.likes.countIntervalMs,
  });
  // Post and comment likes share one count per member (LIKE_RATE_LIMIT_*).
  const likeGate = createLikeGate({
    limiter: limiter('like', settings.likes.rateLimit),
    undoWindowSeconds: settings.likes.undoWindowSeconds,
    now,
  });
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
    slots: streamSlots ?? createInProcessSlots(settings.notificationStreams),
  });
  // Every write states what it changed here, once, after its commit: the content version (every
  // public and versioned cache), the gateway's public CIDs and the notification bus hear of it.
  const afterWrite = createAfterWrite({
    contentVersion,
    files,
    notifications,
    observe: options.observeWrites,
  });
  const posts = createPostService({
    posts: repositories.posts,
    related: repositories.related,
    likes: repositories.likes,
    likeGate,
    jobs: repositories.jobs,
    store,
    now,
    contentVersion,
    maxProcessingAttempts: settings.processing.maxAttempts,
    publicCache,
    allowance,
    afterWrite,
    reviewRule: reviewRuleOf(settings.trust),
    reviews: repositories.reviews,
    members: repositories.notifications,
  });
  // Every token that leaves the faucet's account goes through one ledger; the faucet and reward
  // claims declare their kinds on it (services/ledger/).
  const ledger = createLedger({ transfers: repositories.ledger, chain, now });
  const trust = trustServiceFrom(repositories, settings, now, afterWrite, publicCache);
  const rewards = createRewardService({
    rewards: repositories.rewards,
    settings: settings.rewards,
    maxJobAttempts: settings.processing.maxAttempts,
    now,
    afterWrite,
    trust,
  });
  // Wallets members proved they hold: reward claims pay only to these (issue 28).
  const wallets = createWalletService({
    wallets: repositories.wallets,
    limiter: limiter('wallet-challenge', settings.wallets.challengeRateLimit),
    settings: settings.wallets,
    now,
  });
  const sessions = createSessionService({
    users: repositories.users,
    sessions: repositories.sessions,
    throttle: createLoginThrottle(loginLimiters),
    now,
    ttlSeconds: settings.accessTokenTtlSeconds,
    idleTimeoutSeconds: settings.sessionIdleTimeoutSeconds,
    sessionsEnded: notifications.sessionsEnded,
    accountChanged: notifications.accountChanged,
    hooks: options.sessionHooks,
    // Sessions ended in any process (sign-out, password change, suspension) leave it at once.
    cache: createSessionCache({
      ttlMs: settings.sessionCacheTtlMs,
      maxEntries: SESSION_CACHE_MAX_ENTRIES,
      now,
      subscribe: (userId, listener) => notificationBus.subscribe(userId, listener),
    }),
  });
  // Issue 30: verified email addresses and password reset, through the outbox (services/mail/).
  const emailVerification = createEmailVerificationService({
    mail: repositories.mail,
    tokens: repositories.emailTokens,
    limiter: limiter('email-verification', settings.mail.verificationPerMember),
    now,
    maxAttempts: settings.mail.maxAttempts,
    accountChanged: (userId) => sessions.forgetCachedAccount(userId),
  });
  const verificationMail = emailVerification.mailFor;
  const receipts = receiptServiceFrom({
    repositories,
    store,
    chain,
    settings,
    now,
    afterWrite,
    currentEpoch: () => rewards.currentEpoch(),
  });
  const accounts = createAccountService({
    users: repositories.users,
    now,
    registrations: limiter('register', settings.registerRateLimit),
    reservedUsernames: reservedUsernameKeys(settings.adminUsernames),
    verificationMail,
    accountChanged: sessions.forgetCachedAccount,
  });
  // Sign-in with ORCID (issue 30): off without OIDC_CLIENT_ID.
  const oidc = createOidcService({
    oidc: repositories.oidc,
    client: oidcClientFrom(settings.oidc),
    recordBase: settings.oidc.issuer,
    secureSite: settings.oidc.redirectUri.startsWith('https:'),
    accounts,
    attempts: loginLimiters.perIp,
    now,
    afterWrite,
    accountChanged: sessions.forgetCachedAccount,
    seedsChanged: trust.seedsChanged,
  });
  const unsubscribeLinks = notificationEmailsFrom(repositories, settings, now).links;
  return {
    contentVersion,
    publicCache,
    accounts,
    sessions,
    emailVerification,
    passwordResets: createPasswordResetService({
      tokens: repositories.emailTokens,
      perAddress: limiter('password-reset-ip', settings.mail.passwordResetPerAddress),
      perAccount: settings.mail.passwordResetPerAccount,
      now,
      maxAttempts: settings.mail.maxAttempts,
      afterWrite,
    }),
    oidc,
    health: createHealthService({ health: repositories.health }),
    posts,
    citations: createCitationService({
      posts,
      users: repositories.users,
      orcidRecordBase: settings.oidc.issuer,
    }),
    profiles: createProfileService({
      users: repositories.users,
      profiles: repositories.profiles,
      posts: repositories.posts,
      store,
      now,
      contentVersion,
      afterWrite,
      allowance,
      rewards: repositories.rewards,
      follows: repositories.follows,
      cache: publicCache,
      reservedUsernames: reservedUsernameKeys(settings.adminUsernames),
      verificationMail,
    }),
    files,
    blockGc: createBlockGc({
      store,
      storage: repositories.storage,
      now,
      ...settings.blockGc,
    }),
    notifications,
    // Issue 30: notification preferences (bell and email per kind), one-click unsubscribe, and
    // when members were last seen.
    notificationPreferences: createNotificationPreferenceService({
      preferences: repositories.notificationPreferences,
      links: unsubscribeLinks,
      now,
    }),
    reviews: createReviewService({
      reviews: repositories.reviews,
      posts: repositories.posts,
      receipts: repositories.receipts,
      users: repositories.users,
      rule: reviewRuleOf(settings.trust),
      now,
      afterWrite,
    }),
    comments: createCommentService({
      members: repositories.notifications,
      comments: repositories.comments,
      posts: repositories.posts,
      likes: repositories.likes,
      limiter: limiter('comment', settings.commentRateLimit),
      likeGate,
      now,
      afterWrite,
      publicCache,
      contentVersion,
    }),
    reports: createReportService({
      reports: repositories.reports,
      posts: repositories.posts,
      comments: repositories.comments,
      reviews: repositories.reviews,
      users: repositories.users,
      limiter: limiter('report', settings.reports.rateLimit),
      now,
      minAccountAgeSeconds: settings.reports.minAccountAgeSeconds,
    }),
    moderation: createModerationService({
      moderation: repositories.moderation,
      posts: repositories.posts,
      comments: repositories.comments,
      reviews: repositories.reviews,
      receipts: repositories.receipts,
      users: repositories.users,
      reviewRule: reviewRuleOf(settings.trust),
      now,
      afterWrite,
    }),
    ledger,
    tokens: createTokenService({
      ledger,
      faucet: repositories.faucet,
      chain,
      settings: settings.faucet,
    }),
    // Community trust (issue 28): its job, the moderators' marks, the levels shown.
    trust,
    // Contribution rewards: the epochs, their distribution, balances and the leaderboard.
    rewards,
    // A suspended member's frozen rewards: released, or forfeited to the next pool (issue 28).
    rewardHolds: createRewardHoldService({
      holds: repositories.rewardHolds,
      users: repositories.users,
      openEpoch: () => rewards.currentEpoch(),
      now,
    }),
    // Contribution rewards are paid from the faucet's account with its transfer (issue 16).
    bounties: bountyServiceFrom(repositories, settings, receipts, now, afterWrite),
    rewardClaims: createRewardClaimService({
      ledger,
      claims: repositories.rewardClaims,
      wallets,
      settings: settings.rewards,
      now,
    }),
    wallets,
    // Receipts of reviews, responses and awards, and their epochs' roots on the chain (issue 29).
    receipts,
    // Authors and tags members follow (issue 30); their posts make the following feed.
    follows: createFollowService({
      follows: repositories.follows,
      users: repositories.users,
      limiter: limiter('follow', settings.followRateLimit),
      now,
    }),
  };
}

export * from './errors.js';
export type { Authentication, SessionRaceHooks } from './auth/session-service.js';
export { PROCESS_POST_JOB } from './posts/post-service.js';
export { createRelatedPosts, RELATED_SHOWN } from './posts/related-posts.js';
export type { RelatedPosts } from './posts/related-posts.js';
export { DISTRIBUTE_REWARDS_JOB } from './rewards/reward-service.js';
export type { DigestService } from './notifications/digest-service.js';
export { SETTLE_BOUNTY_JOB, type BountyService } from './bounties/bounty-service.js';
export { COMPUTE_TRUST_JOB } from './trust/trust-service.js';
export {
  ANCHOR_RECEIPTS_JOB,
  MAKE_RECEIPTS_JOB,
  type ReceiptService,
} from './receipts/receipt-service.js';
export type { TrustService } from './trust/trust-service.js';
export type { RewardService } from './rewards/reward-service.js';
export { addressKey } from './rate-limit/client-address.js';
export { ChainOperationError, FaucetUnavailableError } from './ledger/errors.js';
export type { UploadPart } from './posts/post-service.js';
export type { UserChanges } from '../repositories/index.js';
export type { AuthFailure } from './errors.js';
export type { Clock } from './clock.js';
export { mailLanguageOf } from './mail/language.js';
