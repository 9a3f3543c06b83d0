import type { LoginRateLimitSettings } from '../config.js';
import type { Chain, FaucetSettings } from '../chain/index.js';
import type { Repositories } from '../repositories/index.js';
import type { ContentStore } from '../storage/index.js';
import { createAccountService } from './auth/account-service.js';
import { createLoginThrottle } from './auth/login-throttle.js';
import { createSessionService } from './auth/session-service.js';
import { systemClock, type Clock } from './clock.js';
import { createCommentService } from './comments/comment-service.js';
import { createContentVersion } from './content-version.js';
import { createHealthService } from './health-service.js';
import { createPostService } from './posts/post-service.js';
import { createProfileService } from './profiles/profile-service.js';
import { createTokenService } from './token/token-service.js';
import { SlidingWindowRateLimiter } from './rate-limit/sliding-window-rate-limiter.js';

export interface ServiceSettings {
  accessTokenTtlSeconds: number;
  loginRateLimit: LoginRateLimitSettings;
  commentRateLimit: { max: number; windowSeconds: number };
  processing: { maxAttempts: number };
  faucet: FaucetSettings;
  publicCacheTtlMs: number;
}

export interface ServiceOptions {
  now?: Clock;
}

export interface ServiceDependencies {
  repositories: Repositories;
  store: ContentStore;
  /** The Solana faucet's chain; null when FAUCET_ENABLED=false. */
  chain: Chain | null;
}

export type Services = ReturnType<typeof createServices>;

export function createServices(
  { repositories, store, chain }: ServiceDependencies,
  settings: ServiceSettings,
  options: ServiceOptions = {},
) {
  const now = options.now ?? systemClock;
  const limits = settings.loginRateLimit;
  // In-memory limiters hold for one process; several processes need a shared RateLimiter store.
  const loginLimiters = {
    perIp: new SlidingWindowRateLimiter({
      max: limits.ipMax,
      windowSeconds: limits.ipWindowSeconds,
      now,
    }),
    perAccount: new SlidingWindowRateLimiter({
      max: limits.accountMax,
      windowSeconds: limits.accountWindowSeconds,
      now,
    }),
  };
  const contentVersion = createContentVersion();
  return {
    contentVersion,
    accounts: createAccountService({ users: repositories.users, now }),
    sessions: createSessionService({
      users: repositories.users,
      sessions: repositories.sessions,
      throttle: createLoginThrottle(loginLimiters),
      now,
      ttlSeconds: settings.accessTokenTtlSeconds,
    }),
    health: createHealthService({ health: repositories.health }),
    posts: createPostService({
      posts: repositories.posts,
      likes: repositories.likes,
      jobs: repositories.jobs,
      store,
      now,
      contentVersion,
      maxProcessingAttempts: settings.processing.maxAttempts,
      publicCacheTtlMs: settings.publicCacheTtlMs,
    }),
    profiles: createProfileService({
      users: repositories.users,
      profiles: repositories.profiles,
      posts: repositories.posts,
      store,
      now,
      contentVersion,
    }),
    comments: createCommentService({
      comments: repositories.comments,
      posts: repositories.posts,
      likes: repositories.likes,
      limiter: new SlidingWindowRateLimiter({ ...settings.commentRateLimit, now }),
      now,
      contentVersion,
      publicCacheTtlMs: settings.publicCacheTtlMs,
    }),
    tokens: createTokenService({
      ledger: repositories.faucet,
      chain,
      settings: settings.faucet,
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
export { ChainOperationError, FaucetUnavailableError } from './token/errors.js';
export type { UploadPart } from './posts/post-service.js';
export type { UserChanges } from '../repositories/index.js';
export type { AuthFailure } from './errors.js';
export type { Clock } from './clock.js';
