import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  EMAIL_VERIFICATION_LIMIT,
  NOTIFICATIONS_HEARTBEAT_MS,
  PASSWORD_RESET_ACCOUNT_LIMIT,
  PASSWORD_RESET_ADDRESS_LIMIT,
  type TrustLevel,
  NOTIFICATIONS_STREAMS_PER_ADDRESS,
  NOTIFICATIONS_STREAMS_PER_MEMBER,
  usernameSchema,
} from '@symposia/shared';
import { z } from 'zod';
import {
  ANALYZER_DEFAULTS,
  AnalyzerConfigError,
  resolveOpenAiSettings,
  type AnalyzerConfig,
} from './settings/analyzer.js';
import { DEFAULT_MAX_LEASE_EXPIRIES } from './settings/jobs.js';
import {
  faucetEnvSchema,
  faucetSettingsFromEnv,
  SECRET_SETTINGS,
  type FaucetSettings,
} from './chain/settings.js';
import { formatTokenAmount, parseTokenAmount } from './chain/units.js';
import type { RedisSettings } from './redis/client.js';
import { shareCapUnits } from './domain/reward.js';
import type { TrustThresholds } from './domain/trust.js';
import type { DigestSchedule } from './domain/notification-email.js';
import { StartupError } from './startup-error.js';

/** PUBLIC_ORIGIN and WALLET_CHALLENGE_* (services/wallets/wallet-service.ts reads them). */
export interface WalletSettings {
  /** The site's public origin (scheme, host, port): its host is the messages' domain. */
  publicOrigin: string;
  challengeTtlSeconds: number;
  challengeRateLimit: { max: number; windowSeconds: number };
}

/** Email (issue 30): how messages leave the server, and how many a request may send. */
export interface MailSettings {
  /** SMTP_URL: the mail server (smtp:// or smtps://, credentials included); null: files in DATA_DIR/outbox. */
  smtpUrl: string | null;
  /** SMTP_FROM: the From of every message. */
  from: string;
  /** MAIL_MAX_ATTEMPTS: tries of a message's job (retried with backoff) before it is given up. */
  maxAttempts: number;
  /** The site's public origin (PUBLIC_ORIGIN): the links in messages start with it. */
  publicOrigin: string;
  /** PASSWORD_RESET_RATE_LIMIT_IP_*: reset requests per client address per window. */
  passwordResetPerAddress: { max: number; windowSeconds: number };
  /** PASSWORD_RESET_RATE_LIMIT_ACCOUNT_*: reset emails one account gets per window. */
  passwordResetPerAccount: { max: number; windowSeconds: number };
  /** EMAIL_VERIFICATION_RATE_LIMIT_*: verification emails a member asks for per window. */
  verificationPerMember: { max: number; windowSeconds: number };
}

/**
 * Settings come from environment variables only, so the same build runs on a laptop, in a
 * container and behind a load balancer. Each variable's meaning is in config-reference.ts, from
 * which docs/CONFIGURATION.md is written (config-doc.ts).
 */

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export type DatabaseSettings =
  { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };

export interface LoginRateLimitSettings {
  ipMax: number;
  ipWindowSeconds: number;
  accountMax: number;
  accountWindowSeconds: number;
}

/** How long a client may take over a request, and over an idle connection (server-limits.ts). */
export interface HttpServerSettings {
  /** The whole request, body included: the largest upload at a slow link's speed must fit. */
  requestTimeoutSeconds: number;
  /** The request line and headers: what a slow-loris client drags out. */
  headersTimeoutSeconds: number;
  /** A connection with no bytes either way this long is closed. */
  connectionTimeoutSeconds: number;
  /** An idle keep-alive connection between requests. */
  keepAliveTimeoutSeconds: number;
}

/** Sign-in with ORCID over OpenID Connect (issue 30, services/oidc/). */
export interface OidcSettings {
  /** OIDC_ISSUER: the provider, found by discovery; its iDs' public records live under it. */
  issuer: string;
  /** OIDC_CLIENT_ID: this site's client at the provider; null turns sign-in with ORCID off. */
  clientId: string | null;
  /** OIDC_CLIENT_SECRET: the client's secret (required with a client id). */
  clientSecret: string | null;
  /** Where the provider sends the browser back: PUBLIC_ORIGIN + /api/v1/auth/oidc/callback. */
  redirectUri: string;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseSettings;
  /**
   * REDIS_URL, REDIS_KEY_PREFIX: where the server processes share rate limits and their signals
   * (cache invalidation, session ends, notifications); null: this process alone (or PostgreSQL's
   * LISTEN/NOTIFY for the signals).
   */
  redis: RedisSettings | null;
  accessTokenTtlSeconds: number;
  logLevel: LogLevel;
  webDistDir: string;
  loginRateLimit: LoginRateLimitSettings;
  commentRateLimit: { max: number; windowSeconds: number };
  /**
   * Likes of posts and comments (issue 26): LIKE_RATE_LIMIT_*, likes per member per window;
   * LIKE_COUNT_INTERVAL_MS, the least time between two cache invalidations one post's like counts
   * cause (anonymous readers may see a count this much late); LIKE_UNDO_WINDOW_SECONDS, how
   * recent a like is whose undoing removes its contribution event instead of adding a reversal.
   */
  likes: {
    rateLimit: { max: number; windowSeconds: number };
    countIntervalMs: number;
    undoWindowSeconds: number;
  };
  /** REGISTER_RATE_LIMIT_*: registrations per client address (IPv6 by /64) per window. */
  registerRateLimit: { max: number; windowSeconds: number };
  /**
   * REPORT_MIN_ACCOUNT_AGE_SECONDS: how old an account must be to report (0: any);
   * REPORT_RATE_LIMIT_*: reports per member per window.
   */
  reports: { minAccountAgeSeconds: number; rateLimit: { max: number; windowSeconds: number } };
  /** FOLLOW_RATE_LIMIT_*: follows and unfollows per member per window (issue 30). */
  followRateLimit: { max: number; windowSeconds: number };
  /** A session unused for this long stops working (SESSION_IDLE_TIMEOUT_SECONDS). */
  sessionIdleTimeoutSeconds: number;
  /** How long a process reuses a token's session lookup (SESSION_CACHE_TTL_MS; 0: never). */
  sessionCacheTtlMs: number;
  processing: {
    /** Jobs this server process runs at once; 0 leaves processing to `npm run worker`. */
    workerConcurrency: number;
    leaseSeconds: number;
    maxAttempts: number;
    /**
     * JOB_MAX_LEASE_EXPIRIES: takeovers of a job whose worker died before it is given up. A
     * worker's death is not a failed attempt (files are parsed in a sandboxed child); this only
     * stops a job that kills its worker itself.
     */
    maxLeaseExpiries: number;
    pollMs: number;
    /** PROCESSING_PARSE_TIMEOUT_SECONDS: wall-clock time one reader of an upload may take. */
    parseTimeoutSeconds: number;
    /** PROCESSING_PARSE_MEMORY_MB: resident memory one reader of an upload may use. */
    parseMemoryMb: number;
    /**
     * PROCESSING_POOL_SIZE: readers (long-lived sandbox children) this process keeps at most;
     * 0 in the environment means one per core, which this holds already worked out.
     */
    poolSize: number;
  };
  /** SOLANA_*, TOKEN_MINT, FAUCET_*: where the token faucet pays, from which key, within which limits. */
  faucet: FaucetSettings;
  /** AI_*: which analyzer writes the analysis of each upload. */
  ai: AnalyzerConfig;
  /** How long anonymous list and detail answers may be served from memory; 0 turns it off. */
  publicCacheTtlMs: number;
  /** PUBLIC_CACHE_MAX_BYTES: what every public cache together may hold in memory; 0: off. */
  publicCacheMaxBytes: number;
  /** REQUEST_TIMEOUT_SECONDS, HEADERS_TIMEOUT_SECONDS, CONNECTION_/KEEP_ALIVE_TIMEOUT_SECONDS. */
  http: HttpServerSettings;
  /**
   * Passed to Fastify: false, a hop count, or a comma-separated list of proxy addresses. Never
   * true: trusting every hop lets any client choose its own address for the rate limits.
   */
  trustProxy: false | number | string;
  // Uploads and the content store.
  /** UPLOAD_RATE_LIMIT_*: uploads (posts, single files, avatars) per member per window. */
  uploadRateLimit: { max: number; windowSeconds: number };
  /** USER_STORAGE_QUOTA_BYTES: bytes a member may upload in all; 0 for no limit. */
  userStorageQuotaBytes: number;
  /** SIGNED_URL_TTL_SECONDS: how long a signed URL of a private file opens it. */
  signedUrlTtlSeconds: number;
  /** BLOCK_GC_INTERVAL_SECONDS (0: never by itself) and BLOCK_GC_GRACE_SECONDS. */
  blockGc: { intervalSeconds: number; graceSeconds: number };
  /**
   * BLOCKSTORE: where IPFS blocks live (`fs`: DATA_DIR/ipfs; `postgres`: the database's `blocks`
   * table, shared by every process); BLOCKSTORE_CACHE_MB: the local copy of blocks read (postgres).
   */
  blockstore: { kind: 'fs' | 'postgres'; cacheBytes: number };
  /**
   * The embedded chain across processes (chain/owner.ts): CHAIN_OWNER, whether this process may
   * own it; CHAIN_OWNER_LEASE_SECONDS, how long an owner that stopped renewing keeps the chain;
   * CHAIN_TRANSFER_TIMEOUT_SECONDS, how long a request handed over waits for the owner to send it.
   */
  chainOwner: { candidate: boolean; leaseSeconds: number; transferTimeoutSeconds: number };
  // Roles.
  /**
   * ADMIN_USERNAMES: the accounts that are moderators, set at every start-up; every other
   * account is a member (empty: no moderators). Null when unset: the roles stay as stored (the
   * seed's moderator, or the last start's list).
   */
  adminUsernames: string[] | null;
  /** NOTIFICATIONS_HEARTBEAT_MS: how often an idle live notification stream sends a heartbeat. */
  notificationHeartbeatMs: number;
  /**
   * NOTIFICATIONS_STREAMS_PER_MEMBER and NOTIFICATIONS_STREAMS_PER_ADDRESS: live notification
   * streams open at once per member and per client address, across every server process (in
   * Redis with REDIS_URL, else in PostgreSQL; on SQLite alone, in the one process).
   */
  notificationStreams: { perMember: number; perAddress: number };
  /** REWARD_*: contribution rewards (epochs, the pool and its split, the claim gates). */
  rewards: RewardSettings;
  /** TRUST_*: community trust (issue 28, docs/TRUST.md). */
  trust: TrustSettings;
  /**
   * Linked wallets (issue 28): PUBLIC_ORIGIN, whose host is the domain of the messages a wallet
   * signs; WALLET_CHALLENGE_TTL_SECONDS, how long one may be signed; WALLET_CHALLENGE_RATE_LIMIT_*,
   * challenges per member per window.
   */
  wallets: WalletSettings;
  /** SMTP_*, MAIL_MAX_ATTEMPTS, PASSWORD_RESET_RATE_LIMIT_*, EMAIL_VERIFICATION_RATE_LIMIT_*. */
  mail: MailSettings;
  /** OIDC_*: sign-in with ORCID (issue 30). */
  oidc: OidcSettings;
  /** NOTIFICATION_EMAIL_DELAY_SECONDS and DIGEST_*: notification emails (issue 30). */
  notificationEmail: NotificationEmailSettings;
}

/** Notification emails and the digest (issue 30). */
export interface NotificationEmailSettings {
  /**
   * NOTIFICATION_EMAIL_DELAY_SECONDS: an immediate email waits this long after the notification
   * and goes only if the member was not seen on the site meanwhile nor read it.
   */
  delaySeconds: number;
  /** DIGEST_DAY, DIGEST_HOUR (UTC) and DIGEST_PERIOD_DAYS. */
  digest: DigestSchedule;
}

/**
 * The review status rule (docs/REVIEW.md): REVIEW_VALIDATION_MIN trusted approvals validate a
 * post; REVIEW_TRUSTED_LEVEL is the trust level from which a reviewer counts as trusted;
 * REVIEW_RECOMPUTE_MAX_POSTS bounds the posts recomputed after each trust computation.
 */
export interface ReviewSettings {
  validationMin: number;
  trustedLevel: TrustLevel;
  recomputeMaxPosts: number;
}

/** Community trust (issue 28, docs/TRUST.md). */
export interface TrustSettings {
  /** TRUST_LEVEL_BASIC, _MEMBER, _TRUSTED: the scores from which a member is at level 1, 2, 3. */
  thresholds: TrustThresholds;
  /** TRUST_GRAPH_WINDOW_DAYS: the interactions of this many days make the graph trust reads. */
  graphWindowDays: number;
  /**
   * TRUST_ORCID_SEED_WEIGHT: members with a linked ORCID iD are seeds of this weight (0: not
   * seeds; a moderator or a member marked trusted is a seed of weight 1).
   */
  orcidSeedWeight: number;
  /** REVIEW_*: the review status rule, which reads the levels these thresholds give. */
  reviews: ReviewSettings;
}

/** Contribution rewards (issue 16); token amounts in the token's smallest unit. */
export interface RewardSettings {
  /** REWARD_EPOCH_SECONDS: how long an epoch lasts; the first starts at the first start-up. */
  epochSeconds: number;
  /** REWARD_POOL_PER_EPOCH: what each ended epoch splits among the members by score. */
  poolUnits: bigint;
  /** REWARD_MAX_SHARE: the largest part of the pool one member gets (the rest is re-split). */
  maxShare: number;
  /** REWARD_MIN_PAYOUT: smaller amounts are carried over to the member's next payout. */
  minPayoutUnits: bigint;
  /** REWARD_MIN_ACTOR_AGE_SECONDS: a like or comment counts only from accounts this old. */
  minActorAgeSeconds: number;
  /** REWARD_MAX_EVENTS_PER_ACTOR_DAILY: signals one member's actions count per UTC day. */
  maxEventsPerActorDaily: number;
  /** REWARD_WEIGHT_*: what each kind of signal adds to the score of the member receiving it. */
  weights: {
    post_like: number;
    comment_like: number;
    comment_received: number;
    reply_received: number;
  };
  /**
   * Reviews (issue 29, docs/TRUST.md): REWARD_WEIGHT_REVIEW, what a review its post's author
   * rated the highest adds to its reviewer's score; REWARD_REVIEW_HELPFUL_SHARE, the part of it
   * each reader's helpful mark adds; REWARD_REVIEW_MAX_HELPFUL, the marks counted per review;
   * REWARD_REVIEW_MAX_DAILY, a reviewer's reviews counted per UTC day.
   */
  reviews: {
    weight: number;
    helpfulShare: number;
    maxHelpfulPerReview: number;
    maxPerReviewerDaily: number;
  };
  /** REWARD_MIN_CLAIM_AGE_SECONDS: how old an account must be to claim. */
  minClaimAgeSeconds: number;
  /** REWARD_MIN_CLAIM: the smallest balance a claim pays. */
  minClaimUnits: bigint;
}

/** The built web app, found from this file so it works from src/ (tsx) and dist/ (node) alike. */
const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

const SQLITE_FILE_NAME = 'symposia.db';

// An empty variable counts as unset: `PORT= npm start` should not mean port 0.
const setting = () =>
  z
    .string()
    .optional()
    .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const wholeNumber = (fallback: number, min: number, max: number) =>
  setting().transform((value, ctx) => {
    if (value === undefined) return fallback;
    const parsed = Number(value);
    if (!/^\d+$/.test(value) || parsed < min || parsed > max) {
      ctx.addIssue({ code: 'custom', message: `must be a whole number from ${min} to ${max}` });
      return z.NEVER;
    }
    return parsed;
  });

/** The largest reward amount accepted, in tokens: every sum of units stays a 64-bit integer. */
const MAX_REWARD_TOKENS = 1_000_000_000;

/** A number of tokens (up to 9 decimals) as units; `min` says whether 0 is allowed. */
const rewardTokens = (fallback: number, min: 0 | 'positive') =>
  setting().transform((value, ctx) => {
    const units = parseTokenAmount(value ?? String(fallback));
    const exact = value === undefined || parseTokenAmount(value, 18) === (units ?? 0n) * 10n ** 9n;
    const max = BigInt(MAX_REWARD_TOKENS) * 10n ** 9n;
    if (units === null || !exact || units > max || (min === 'positive' && units === 0n)) {
      ctx.addIssue({
        code: 'custom',
        message: `must be a number of tokens from ${min === 0 ? 0 : 'above 0'} to ${MAX_REWARD_TOKENS}, with at most 9 decimals`,
      });
      return z.NEVER;
    }
    return units;
  });

/** A decimal number within [min, max]: a weight or a share. */
const decimalNumber = (fallback: number, min: number, max: number, minExclusive = false) =>
  setting().transform((value, ctx) => {
    if (value === undefined) return fallback;
    const parsed = Number(value);
    const aboveMin = minExclusive ? parsed > min : parsed >= min;
    if (!/^\d+(\.\d+)?$/.test(value) || !aboveMin || parsed > max) {
      ctx.addIssue({
        code: 'custom',
        message: `must be a number ${minExclusive ? 'above' : 'from'} ${min} ${minExclusive ? 'and at most' : 'to'} ${max}`,
      });
      return z.NEVER;
    }
    return parsed;
  });

/** DIGEST_DAY by name; 0 to 6 (Sunday first, as Date.getUTCDay) are taken too. */
const DIGEST_DAYS = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const;

/** A From header: an address, or a display name and an address in <>; one line. */
const MAIL_FROM = /^(?:[^<>\r\n"]+ <[^<>\s@]+@[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+)$/;

const envSchema = z.object({
  PORT: wholeNumber(8080, 0, 65535),
  HOST: setting().transform((value) => value ?? '0.0.0.0'),
  DATA_DIR: setting(),
  DATABASE_URL: setting().refine(
    (value) => value === undefined || /^postgres(ql)?:\/\/[^\s]+$/.test(value),
    'must be empty (SQLite in DATA_DIR) or a postgres:// URL',
  ),
  REDIS_URL: setting().refine(
    (value) => value === undefined || /^rediss?:\/\/[^\s]+$/.test(value),
    'must be empty (no Redis) or a redis:// or rediss:// URL',
  ),
  REDIS_KEY_PREFIX: setting()
    .transform((value) => value ?? 'symposia:')
    .refine(
      (value) => /^[A-Za-z0-9:_.-]{1,64}$/.test(value),
      'must be 1 to 64 letters, digits or : _ . -',
    ),
  ACCESS_TOKEN_TTL_SECONDS: wholeNumber(604_800, 60, 31_536_000),
  LOG_LEVEL: setting().pipe(
    z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  ),
  WEB_DIST_DIR: setting(),
  LOGIN_RATE_LIMIT_IP_MAX: wholeNumber(30, 1, 1_000_000),
  LOGIN_RATE_LIMIT_IP_WINDOW_SECONDS: wholeNumber(300, 1, 86_400),
  LOGIN_RATE_LIMIT_ACCOUNT_MAX: wholeNumber(10, 1, 1_000_000),
  LOGIN_RATE_LIMIT_ACCOUNT_WINDOW_SECONDS: wholeNumber(900, 1, 86_400),
  PUBLIC_CACHE_TTL_MS: wholeNumber(1000, 0, 60_000),
  // Memory and time one client can hold: the public caches' byte budget, the server's timeouts.
  PUBLIC_CACHE_MAX_BYTES: wholeNumber(64 * 1024 * 1024, 0, 16 * 1024 ** 3),
  REQUEST_TIMEOUT_SECONDS: wholeNumber(3600, 1, 86_400),
  HEADERS_TIMEOUT_SECONDS: wholeNumber(30, 1, 3600),
  CONNECTION_TIMEOUT_SECONDS: wholeNumber(120, 1, 86_400),
  KEEP_ALIVE_TIMEOUT_SECONDS: wholeNumber(72, 1, 3600),
  COMMENT_RATE_LIMIT_MAX: wholeNumber(10, 1, 1_000_000),
  WORKER_CONCURRENCY: wholeNumber(2, 0, 64),
  JOB_LEASE_SECONDS: wholeNumber(60, 1, 3600),
  JOB_MAX_ATTEMPTS: wholeNumber(5, 1, 100),
  JOB_MAX_LEASE_EXPIRIES: wholeNumber(DEFAULT_MAX_LEASE_EXPIRIES, 1, 1000),
  WORKER_POLL_MS: wholeNumber(500, 10, 60_000),
  // Untrusted files are parsed in a child process within these (processing/sandbox/sandbox.ts).
  PROCESSING_PARSE_TIMEOUT_SECONDS: wholeNumber(60, 1, 3600),
  PROCESSING_PARSE_MEMORY_MB: wholeNumber(512, 64, 16_384),
  // 0: one reader per core (processing/sandbox/pool.ts).
  PROCESSING_POOL_SIZE: wholeNumber(0, 0, 64),
  AI_PROVIDER: setting().pipe(
    z.enum(['embedded', 'openai'], { message: 'must be embedded or openai' }).default('embedded'),
  ),
  AI_BASE_URL: setting().refine(
    (value) => value === undefined || /^https?:\/\/[^\s]+$/.test(value),
    'must be an http(s) URL such as https://api.openai.com/v1',
  ),
  AI_API_KEY: setting(),
  AI_MODEL: setting(),
  AI_TIMEOUT_MS: wholeNumber(ANALYZER_DEFAULTS.timeoutMs, 100, 600_000),
  AI_MAX_ATTEMPTS: wholeNumber(ANALYZER_DEFAULTS.maxAttempts, 1, 10),
  COMMENT_RATE_LIMIT_WINDOW_SECONDS: wholeNumber(60, 1, 86_400),
  // Likes: a click is cheap, so 60 a minute; a loop of toggles neither empties the public caches
  // on every click (one invalidation per post per interval) nor grows the contribution events.
  LIKE_RATE_LIMIT_MAX: wholeNumber(60, 1, 1_000_000),
  LIKE_RATE_LIMIT_WINDOW_SECONDS: wholeNumber(60, 1, 86_400),
  LIKE_COUNT_INTERVAL_MS: wholeNumber(1000, 0, 60_000),
  LIKE_UNDO_WINDOW_SECONDS: wholeNumber(600, 0, 86_400),
  // Accounts: registrations per address, idle sessions.
  REGISTER_RATE_LIMIT_MAX: wholeNumber(10, 1, 1_000_000),
  REGISTER_RATE_LIMIT_WINDOW_SECONDS: wholeNumber(3600, 1, 604_800),
  // Reports: how old an account must be to report, and how many reports a member sends per window.
  REPORT_MIN_ACCOUNT_AGE_SECONDS: wholeNumber(0, 0, 31_536_000),
  REPORT_RATE_LIMIT_MAX: wholeNumber(10, 1, 1_000_000),
  REPORT_RATE_LIMIT_WINDOW_SECONDS: wholeNumber(3600, 1, 604_800),
  // Follows: a click each, so as many as likes a window.
  FOLLOW_RATE_LIMIT_MAX: wholeNumber(60, 1, 1_000_000),
  FOLLOW_RATE_LIMIT_WINDOW_SECONDS: wholeNumber(600, 1, 86_400),
  SESSION_IDLE_TIMEOUT_SECONDS: wholeNumber(2_592_000, 60, 31_536_000),
  // Signed-in requests reuse a token's session lookup this long; ended sessions leave at once.
  SESSION_CACHE_TTL_MS: wholeNumber(5000, 0, 60_000),
  // Uploads and the content store: rate limit, quota, signed URLs, block garbage collection.
  UPLOAD_RATE_LIMIT_MAX: wholeNumber(20, 1, 1_000_000),
  UPLOAD_RATE_LIMIT_WINDOW_SECONDS: wholeNumber(3600, 1, 604_800),
  USER_STORAGE_QUOTA_BYTES: wholeNumber(1024 ** 3, 0, 1024 ** 5),
  SIGNED_URL_TTL_SECONDS: wholeNumber(3600, 1, 604_800),
  BLOCK_GC_INTERVAL_SECONDS: wholeNumber(86_400, 0, 31_536_000),
  BLOCK_GC_GRACE_SECONDS: wholeNumber(3600, 60, 2_592_000),
  // Where IPFS blocks live: DATA_DIR/ipfs, or PostgreSQL for several machines without shared disk.
  BLOCKSTORE: setting().pipe(
    z.enum(['fs', 'postgres'], { message: 'must be fs or postgres' }).default('fs'),
  ),
  BLOCKSTORE_CACHE_MB: wholeNumber(256, 0, 1_048_576),
  // The embedded chain shared by several processes: the owner's lease, the hand-over's wait.
  CHAIN_OWNER: setting().pipe(
    z.enum(['true', 'false'], { message: 'must be true or false' }).default('true'),
  ),
  CHAIN_OWNER_LEASE_SECONDS: wholeNumber(15, 2, 3600),
  CHAIN_TRANSFER_TIMEOUT_SECONDS: wholeNumber(30, 1, 600),
  // Notifications: the live stream's heartbeat (proxies close connections silent for long).
  NOTIFICATIONS_HEARTBEAT_MS: wholeNumber(NOTIFICATIONS_HEARTBEAT_MS, 50, 300_000),
  // Live streams open at once per member and per client address, counted across processes.
  NOTIFICATIONS_STREAMS_PER_MEMBER: wholeNumber(NOTIFICATIONS_STREAMS_PER_MEMBER, 1, 1000),
  NOTIFICATIONS_STREAMS_PER_ADDRESS: wholeNumber(NOTIFICATIONS_STREAMS_PER_ADDRESS, 1, 100_000),
  // Email (issue 30): where messages go (unset: .eml files in DATA_DIR/outbox), from whom, how
  // long a message is retried, and how many messages requests may send.
  SMTP_URL: setting().refine(
    (value) =>
      value === undefined ||
      (/^smtps?:\/\/[^\s]+$/.test(value) && URL.canParse(value) && new URL(value).hostname !== ''),
    'must be empty (messages written to DATA_DIR/outbox) or an smtp:// or smtps:// URL',
  ),
  SMTP_FROM: setting().refine(
    (value) => value === undefined || MAIL_FROM.test(value),
    'must be an address (noreply@example.org) or a name and an address (Symposia <noreply@example.org>)',
  ),
  MAIL_MAX_ATTEMPTS: wholeNumber(60, 1, 1000),
  PASSWORD_RESET_RATE_LIMIT_IP_MAX: wholeNumber(PASSWORD_RESET_ADDRESS_LIMIT.max, 1, 1_000_000),
  PASSWORD_RESET_RATE_LIMIT_IP_WINDOW_SECONDS: wholeNumber(
    PASSWORD_RESET_ADDRESS_LIMIT.windowSeconds,
    1,
    604_800,
  ),
  PASSWORD_RESET_RATE_LIMIT_ACCOUNT_MAX: wholeNumber(PASSWORD_RESET_ACCOUNT_LIMIT.max, 1, 1000),
  PASSWORD_RESET_RATE_LIMIT_ACCOUNT_WINDOW_SECONDS: wholeNumber(
    PASSWORD_RESET_ACCOUNT_LIMIT.windowSeconds,
    1,
    604_800,
  ),
  EMAIL_VERIFICATION_RATE_LIMIT_MAX: wholeNumber(EMAIL_VERIFICATION_LIMIT.max, 1, 1_000_000),
  EMAIL_VERIFICATION_RATE_LIMIT_WINDOW_SECONDS: wholeNumber(
    EMAIL_VERIFICATION_LIMIT.windowSeconds,
    1,
    604_800,
  ),
  // Notification emails (issue 30): how long a member must be away before replies and mentions
  // come by email, and when the digest goes out.
  NOTIFICATION_EMAIL_DELAY_SECONDS: wholeNumber(600, 0, 86_400),
  DIGEST_DAY: setting().transform((value, ctx) => {
    if (value === undefined) return 1;
    const day = DIGEST_DAYS.indexOf(value.toLowerCase() as (typeof DIGEST_DAYS)[number]);
    if (day >= 0) return day;
    if (/^[0-6]$/.test(value)) return Number(value);
    ctx.addIssue({ code: 'custom', message: 'must be a day of the week (monday) or 0 to 6' });
    return z.NEVER;
  }),
  DIGEST_HOUR: wholeNumber(8, 0, 23),
  DIGEST_PERIOD_DAYS: wholeNumber(7, 1, 28),
  // Contribution rewards: epochs, the pool and how it is split, what counts, the claim gates.
  REWARD_EPOCH_SECONDS: wholeNumber(604_800, 60, 31_536_000),
  REWARD_POOL_PER_EPOCH: rewardTokens(10_000, 'positive'),
  REWARD_MAX_SHARE: decimalNumber(0.05, 0, 1, true),
  REWARD_MIN_PAYOUT: rewardTokens(1, 0),
  REWARD_MIN_ACTOR_AGE_SECONDS: wholeNumber(86_400, 0, 31_536_000),
  REWARD_MAX_EVENTS_PER_ACTOR_DAILY: wholeNumber(20, 1, 1_000_000),
  REWARD_WEIGHT_POST_LIKE: decimalNumber(3, 0, 1000),
  REWARD_WEIGHT_COMMENT_LIKE: decimalNumber(1, 0, 1000),
  REWARD_WEIGHT_COMMENT_RECEIVED: decimalNumber(2, 0, 1000),
  REWARD_WEIGHT_REPLY_RECEIVED: decimalNumber(1, 0, 1000),
  REWARD_WEIGHT_REVIEW: decimalNumber(6, 0, 1000),
  REWARD_REVIEW_HELPFUL_SHARE: decimalNumber(0.25, 0, 10),
  REWARD_REVIEW_MAX_HELPFUL: wholeNumber(4, 0, 1000),
  REWARD_REVIEW_MAX_DAILY: wholeNumber(3, 1, 1000),
  REWARD_MIN_CLAIM_AGE_SECONDS: wholeNumber(604_800, 0, 31_536_000),
  REWARD_MIN_CLAIM: rewardTokens(10, 0),
  TRUST_LEVEL_BASIC: decimalNumber(0.05, 0, 1, true),
  TRUST_LEVEL_MEMBER: decimalNumber(0.4, 0, 1, true),
  TRUST_LEVEL_TRUSTED: decimalNumber(0.9, 0, 1, true),
  TRUST_GRAPH_WINDOW_DAYS: wholeNumber(180, 1, 3650),
  TRUST_ORCID_SEED_WEIGHT: decimalNumber(0.5, 0, 1),
  // Peer review (issue 29): the validation rule of docs/REVIEW.md.
  REVIEW_VALIDATION_MIN: wholeNumber(2, 1, 100),
  REVIEW_TRUSTED_LEVEL: wholeNumber(3, 0, 3),
  REVIEW_RECOMPUTE_MAX_POSTS: wholeNumber(10_000, 0, 1_000_000),
  // Linked wallets: the site's origin that messages to sign name, and the challenges' limits.
  PUBLIC_ORIGIN: setting().transform((value, ctx) => {
    if (value === undefined) return undefined;
    const url = URL.canParse(value) ? new URL(value) : null;
    if (!url || !/^https?:$/.test(url.protocol) || url.pathname !== '/' || url.search || url.hash) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be an http(s) origin such as https://symposia.example, with no path',
      });
      return z.NEVER;
    }
    return url.origin;
  }),
  WALLET_CHALLENGE_TTL_SECONDS: wholeNumber(300, 30, 3600),
  WALLET_CHALLENGE_RATE_LIMIT_MAX: wholeNumber(10, 1, 1_000_000),
  WALLET_CHALLENGE_RATE_LIMIT_WINDOW_SECONDS: wholeNumber(600, 1, 86_400),
  // Sign-in with ORCID (issue 30): the OpenID provider and this site's client registered there.
  OIDC_ISSUER: setting().transform((value, ctx) => {
    const issuer = value ?? 'https://orcid.org';
    const url = URL.canParse(issuer) ? new URL(issuer) : null;
    // Plain http only to this machine (a test provider): anywhere else the codes and the ID
    // token would cross the network in the clear.
    const loopback = url !== null && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
    const secure = url?.protocol === 'https:' || (url?.protocol === 'http:' && loopback);
    if (!url || !secure || url.search || url.hash || url.username || url.password) {
      ctx.addIssue({
        code: 'custom',
        message:
          'must be the https URL of an OpenID provider such as https://orcid.org (http only on 127.0.0.1 or localhost)',
      });
      return z.NEVER;
    }
    return issuer.replace(/\/+$/, '');
  }),
  OIDC_CLIENT_ID: setting().refine(
    (value) => value === undefined || /^[\x21-\x7e]{1,255}$/.test(value),
    'must be the client id the provider gave (1 to 255 printable ASCII characters)',
  ),
  OIDC_CLIENT_SECRET: setting().refine(
    (value) => value === undefined || /^[\x21-\x7e]{1,512}$/.test(value),
    'must be the client secret the provider gave (1 to 512 printable ASCII characters)',
  ),
  // Roles: comma-separated usernames made moderators at start-up. Unset: roles stay as stored;
  // set (even to nothing): exactly these, so a name taken off the list loses the role.
  ADMIN_USERNAMES: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return null;
      const names = value
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name !== '');
      for (const name of names) {
        const checked = usernameSchema.safeParse(name);
        if (!checked.success) {
          ctx.addIssue({
            code: 'custom',
            message: `"${name}" is not a username: ${checked.error.issues[0]?.message ?? 'invalid'}`,
          });
          return z.NEVER;
        }
      }
      return [...new Set(names)];
    }),
  ...faucetEnvSchema.shape,
  TRUST_PROXY: setting().transform((value, ctx) => {
    if (value === undefined || value === 'false') return false;
    if (value === 'true') {
      ctx.addIssue({
        code: 'custom',
        message:
          'true would trust every proxy, so any client could choose its own address with X-Forwarded-For: give the number of proxies in front of the server (e.g. 1) or their addresses (e.g. 10.0.0.0/8)',
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) return Number(value);
    if (/^[0-9a-fA-F.:/, ]+$/.test(value)) return value;
    ctx.addIssue({
      code: 'custom',
      message: 'must be false, a hop count, or comma-separated proxy addresses',
    });
    return z.NEVER;
  }),
});

/** Every environment variable the server reads, in the schema's order. */
export type SettingName = keyof typeof envSchema.shape;
export const SETTING_NAMES = Object.keys(envSchema.shape) as SettingName[];

/** What each variable is when it is unset, as the schema makes it (for the settings' docs). */
export function settingDefaults(): Record<SettingName, unknown> {
  return envSchema.parse({});
}

/** Reads the configuration; an invalid value throws a StartupError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    const raw = env[name];
    // A database URL may carry a password, so it is never echoed.
    const shown =
      raw === undefined ||
      name === 'DATABASE_URL' ||
      name === 'REDIS_URL' ||
      name === 'SMTP_URL' ||
      name === 'OIDC_CLIENT_SECRET' ||
      SECRET_SETTINGS.has(name)
        ? ''
        : `=${JSON.stringify(raw)}`;
    throw new StartupError(`Invalid setting ${name}${shown}: ${issue?.message ?? 'invalid value'}`);
  }
  const vars = result.data;
  const ai: AnalyzerConfig = {
    provider: vars.AI_PROVIDER,
    baseUrl: vars.AI_BASE_URL,
    apiKey: vars.AI_API_KEY,
    model: vars.AI_MODEL,
    timeoutMs: vars.AI_TIMEOUT_MS,
    maxAttempts: vars.AI_MAX_ATTEMPTS,
  };
  if (ai.provider === 'openai') {
    try {
      resolveOpenAiSettings(ai);
    } catch (error) {
      if (error instanceof AnalyzerConfigError) {
        throw new StartupError(`Invalid setting AI_PROVIDER=openai: ${error.message}`);
      }
      throw error;
    }
  }
  const faucet = faucetSettingsFromEnv(vars);
  const rewards = rewardSettingsFrom(vars);
  const dataDir = resolve(cwd, vars.DATA_DIR ?? 'data');
  // Unset: this machine at PORT, as a fresh `npm start` is reached.
  const publicOrigin = vars.PUBLIC_ORIGIN ?? `http://localhost:${vars.PORT}`;
  if (vars.BLOCKSTORE === 'postgres' && !vars.DATABASE_URL) {
    throw new StartupError(
      'Invalid setting BLOCKSTORE=postgres: blocks go to PostgreSQL, so DATABASE_URL must be a postgres:// URL (or use BLOCKSTORE=fs)',
    );
  }
  return {
    port: vars.PORT,
    host: vars.HOST,
    dataDir,
    database: vars.DATABASE_URL
      ? { dialect: 'postgres', url: vars.DATABASE_URL }
      : { dialect: 'sqlite', file: join(dataDir, SQLITE_FILE_NAME) },
    redis: vars.REDIS_URL ? { url: vars.REDIS_URL, keyPrefix: vars.REDIS_KEY_PREFIX } : null,
    accessTokenTtlSeconds: vars.ACCESS_TOKEN_TTL_SECONDS,
    logLevel: vars.LOG_LEVEL,
    webDistDir: vars.WEB_DIST_DIR ? resolve(cwd, vars.WEB_DIST_DIR) : DEFAULT_WEB_DIST_DIR,
    loginRateLimit: {
      ipMax: vars.LOGIN_RATE_LIMIT_IP_MAX,
      ipWindowSeconds: vars.LOGIN_RATE_LIMIT_IP_WINDOW_SECONDS,
      accountMax: vars.LOGIN_RATE_LIMIT_ACCOUNT_MAX,
      accountWindowSeconds: vars.LOGIN_RATE_LIMIT_ACCOUNT_WINDOW_SECONDS,
    },
    trustProxy: vars.TRUST_PROXY,
    publicCacheTtlMs: vars.PUBLIC_CACHE_TTL_MS,
    publicCacheMaxBytes: vars.PUBLIC_CACHE_MAX_BYTES,
    http: {
      requestTimeoutSeconds: vars.REQUEST_TIMEOUT_SECONDS,
      headersTimeoutSeconds: vars.HEADERS_TIMEOUT_SECONDS,
      connectionTimeoutSeconds: vars.CONNECTION_TIMEOUT_SECONDS,
      keepAliveTimeoutSeconds: vars.KEEP_ALIVE_TIMEOUT_SECONDS,
    },
    commentRateLimit: {
      max: vars.COMMENT_RATE_LIMIT_MAX,
      windowSeconds: vars.COMMENT_RATE_LIMIT_WINDOW_SECONDS,
    },
    likes: {
      rateLimit: {
        max: vars.LIKE_RATE_LIMIT_MAX,
        windowSeconds: vars.LIKE_RATE_LIMIT_WINDOW_SECONDS,
      },
      countIntervalMs: vars.LIKE_COUNT_INTERVAL_MS,
      undoWindowSeconds: vars.LIKE_UNDO_WINDOW_SECONDS,
    },
    registerRateLimit: {
      max: vars.REGISTER_RATE_LIMIT_MAX,
      windowSeconds: vars.REGISTER_RATE_LIMIT_WINDOW_SECONDS,
    },
    reports: {
      minAccountAgeSeconds: vars.REPORT_MIN_ACCOUNT_AGE_SECONDS,
      rateLimit: {
        max: vars.REPORT_RATE_LIMIT_MAX,
        windowSeconds: vars.REPORT_RATE_LIMIT_WINDOW_SECONDS,
      },
    },
    followRateLimit: {
      max: vars.FOLLOW_RATE_LIMIT_MAX,
      windowSeconds: vars.FOLLOW_RATE_LIMIT_WINDOW_SECONDS,
    },
    sessionIdleTimeoutSeconds: vars.SESSION_IDLE_TIMEOUT_SECONDS,
    sessionCacheTtlMs: vars.SESSION_CACHE_TTL_MS,
    uploadRateLimit: {
      max: vars.UPLOAD_RATE_LIMIT_MAX,
      windowSeconds: vars.UPLOAD_RATE_LIMIT_WINDOW_SECONDS,
    },
    userStorageQuotaBytes: vars.USER_STORAGE_QUOTA_BYTES,
    signedUrlTtlSeconds: vars.SIGNED_URL_TTL_SECONDS,
    blockGc: {
      intervalSeconds: vars.BLOCK_GC_INTERVAL_SECONDS,
      graceSeconds: vars.BLOCK_GC_GRACE_SECONDS,
    },
    blockstore: { kind: vars.BLOCKSTORE, cacheBytes: vars.BLOCKSTORE_CACHE_MB * 1024 * 1024 },
    chainOwner: {
      candidate: vars.CHAIN_OWNER === 'true',
      leaseSeconds: vars.CHAIN_OWNER_LEASE_SECONDS,
      transferTimeoutSeconds: vars.CHAIN_TRANSFER_TIMEOUT_SECONDS,
    },
    adminUsernames: vars.ADMIN_USERNAMES,
    notificationHeartbeatMs: vars.NOTIFICATIONS_HEARTBEAT_MS,
    notificationStreams: {
      perMember: vars.NOTIFICATIONS_STREAMS_PER_MEMBER,
      perAddress: vars.NOTIFICATIONS_STREAMS_PER_ADDRESS,
    },
    rewards,
    trust: trustSettingsFrom(vars),
    wallets: {
      publicOrigin,
      challengeTtlSeconds: vars.WALLET_CHALLENGE_TTL_SECONDS,
      challengeRateLimit: {
        max: vars.WALLET_CHALLENGE_RATE_LIMIT_MAX,
        windowSeconds: vars.WALLET_CHALLENGE_RATE_LIMIT_WINDOW_SECONDS,
      },
    },
    mail: mailSettingsFrom(vars, publicOrigin),
    oidc: oidcSettingsFrom(vars, publicOrigin),
    notificationEmail: {
      delaySeconds: vars.NOTIFICATION_EMAIL_DELAY_SECONDS,
      digest: {
        day: vars.DIGEST_DAY,
        hour: vars.DIGEST_HOUR,
        periodDays: vars.DIGEST_PERIOD_DAYS,
      },
    },
    ai,
    faucet,
    processing: {
      workerConcurrency: vars.WORKER_CONCURRENCY,
      leaseSeconds: vars.JOB_LEASE_SECONDS,
      maxAttempts: vars.JOB_MAX_ATTEMPTS,
      maxLeaseExpiries: vars.JOB_MAX_LEASE_EXPIRIES,
      pollMs: vars.WORKER_POLL_MS,
      parseTimeoutSeconds: vars.PROCESSING_PARSE_TIMEOUT_SECONDS,
      parseMemoryMb: vars.PROCESSING_PARSE_MEMORY_MB,
      poolSize: vars.PROCESSING_POOL_SIZE || availableParallelism(),
    },
  };
}

/**
 * The REWARD_* settings. A minimum payout above one member's largest share would carry every
 * amount over forever, so it is refused at start-up.
 */
function rewardSettingsFrom(vars: z.infer<typeof envSchema>): RewardSettings {
  const settings: RewardSettings = {
    epochSeconds: vars.REWARD_EPOCH_SECONDS,
    poolUnits: vars.REWARD_POOL_PER_EPOCH,
    maxShare: vars.REWARD_MAX_SHARE,
    minPayoutUnits: vars.REWARD_MIN_PAYOUT,
    minActorAgeSeconds: vars.REWARD_MIN_ACTOR_AGE_SECONDS,
    maxEventsPerActorDaily: vars.REWARD_MAX_EVENTS_PER_ACTOR_DAILY,
    weights: {
      post_like: vars.REWARD_WEIGHT_POST_LIKE,
      comment_like: vars.REWARD_WEIGHT_COMMENT_LIKE,
      comment_received: vars.REWARD_WEIGHT_COMMENT_RECEIVED,
      reply_received: vars.REWARD_WEIGHT_REPLY_RECEIVED,
    },
    reviews: {
      weight: vars.REWARD_WEIGHT_REVIEW,
      helpfulShare: vars.REWARD_REVIEW_HELPFUL_SHARE,
      maxHelpfulPerReview: vars.REWARD_REVIEW_MAX_HELPFUL,
      maxPerReviewerDaily: vars.REWARD_REVIEW_MAX_DAILY,
    },
    minClaimAgeSeconds: vars.REWARD_MIN_CLAIM_AGE_SECONDS,
    minClaimUnits: vars.REWARD_MIN_CLAIM,
  };
  const cap = shareCapUnits(settings.poolUnits, settings.maxShare);
  if (settings.minPayoutUnits > cap) {
    throw new StartupError(
      `Invalid setting REWARD_MIN_PAYOUT=${JSON.stringify(formatTokenAmount(settings.minPayoutUnits))}: ` +
        `must be at most one member's largest share, REWARD_MAX_SHARE of REWARD_POOL_PER_EPOCH (${formatTokenAmount(cap)} tokens)`,
    );
  }
  return settings;
}

/** The email settings; SMTP_FROM defaults to no-reply at PUBLIC_ORIGIN's host. */
function mailSettingsFrom(vars: z.infer<typeof envSchema>, publicOrigin: string): MailSettings {
  return {
    smtpUrl: vars.SMTP_URL ?? null,
    from: vars.SMTP_FROM ?? `Symposia <no-reply@${new URL(publicOrigin).hostname}>`,
    maxAttempts: vars.MAIL_MAX_ATTEMPTS,
    publicOrigin,
    passwordResetPerAddress: {
      max: vars.PASSWORD_RESET_RATE_LIMIT_IP_MAX,
      windowSeconds: vars.PASSWORD_RESET_RATE_LIMIT_IP_WINDOW_SECONDS,
    },
    passwordResetPerAccount: {
      max: vars.PASSWORD_RESET_RATE_LIMIT_ACCOUNT_MAX,
      windowSeconds: vars.PASSWORD_RESET_RATE_LIMIT_ACCOUNT_WINDOW_SECONDS,
    },
    verificationPerMember: {
      max: vars.EMAIL_VERIFICATION_RATE_LIMIT_MAX,
      windowSeconds: vars.EMAIL_VERIFICATION_RATE_LIMIT_WINDOW_SECONDS,
    },
  };
}

/** The TRUST_* settings; the level thresholds must rise from basic to trusted. */
function trustSettingsFrom(vars: z.infer<typeof envSchema>): TrustSettings {
  const thresholds: TrustThresholds = {
    basic: vars.TRUST_LEVEL_BASIC,
    member: vars.TRUST_LEVEL_MEMBER,
    trusted: vars.TRUST_LEVEL_TRUSTED,
  };
  if (!(thresholds.basic <= thresholds.member && thresholds.member <= thresholds.trusted)) {
    throw new StartupError(
      `Invalid settings TRUST_LEVEL_BASIC=${thresholds.basic}, TRUST_LEVEL_MEMBER=${thresholds.member}, ` +
        `TRUST_LEVEL_TRUSTED=${thresholds.trusted}: each must be at most the next`,
    );
  }
  return {
    thresholds,
    graphWindowDays: vars.TRUST_GRAPH_WINDOW_DAYS,
    orcidSeedWeight: vars.TRUST_ORCID_SEED_WEIGHT,
    reviews: {
      validationMin: vars.REVIEW_VALIDATION_MIN,
      trustedLevel: vars.REVIEW_TRUSTED_LEVEL as TrustLevel,
      recomputeMaxPosts: vars.REVIEW_RECOMPUTE_MAX_POSTS,
    },
  };
}

/** The OIDC_* settings: a client id needs its secret (ORCID authenticates the client). */
function oidcSettingsFrom(vars: z.infer<typeof envSchema>, publicOrigin: string): OidcSettings {
  const clientId = vars.OIDC_CLIENT_ID ?? null;
  if (clientId !== null && vars.OIDC_CLIENT_SECRET === undefined) {
    throw new StartupError(
      'Invalid setting OIDC_CLIENT_SECRET: it must be set with OIDC_CLIENT_ID (the secret the provider gave with the client id)',
    );
  }
  return {
    issuer: vars.OIDC_ISSUER,
    clientId,
    clientSecret: vars.OIDC_CLIENT_SECRET ?? null,
    redirectUri: `${publicOrigin}/api/v1/auth/oidc/callback`,
  };
}

/** The database location for logs and error messages, without any password. */
export function describeDatabase(settings: DatabaseSettings): string {
  if (settings.dialect === 'sqlite') return `SQLite at ${settings.file}`;
  try {
    const url = new URL(settings.url);
    url.password = '';
    url.search = '';
    return `PostgreSQL at ${url.toString()}`;
  } catch {
    return 'PostgreSQL';
  }
}
