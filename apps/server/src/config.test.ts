import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { faucetEnvSchema, faucetSettingsFromEnv } from './chain/settings.js';
import { describeDatabase, loadConfig } from './config.js';
import { StartupError } from './startup-error.js';

/** The faucet's defaults are pinned in chain/settings.test.ts; here they only have to arrive. */
const EMBEDDED_FAUCET = faucetSettingsFromEnv(faucetEnvSchema.parse({}));

describe('loadConfig', () => {
  it('needs OIDC_CLIENT_SECRET with OIDC_CLIENT_ID, and never echoes the secret', () => {
    expect(() => loadConfig({ OIDC_CLIENT_ID: 'APP-1' })).toThrow(
      /^Invalid setting OIDC_CLIENT_SECRET: it must be set with OIDC_CLIENT_ID/,
    );
    expect(() => loadConfig({ OIDC_CLIENT_ID: 'APP-1', OIDC_CLIENT_SECRET: 'bad secret' })).toThrow(
      new StartupError(
        'Invalid setting OIDC_CLIENT_SECRET: must be the client secret the provider gave (1 to 512 printable ASCII characters)',
      ),
    );
    // A test provider on this machine may speak plain http.
    expect(loadConfig({ OIDC_ISSUER: 'http://127.0.0.1:4000' }).oidc.issuer).toBe(
      'http://127.0.0.1:4000',
    );
  });

  it('has the documented defaults', () => {
    const config = loadConfig({}, '/srv/symposia');
    expect(config).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/srv/symposia/data',
      database: { dialect: 'sqlite', file: '/srv/symposia/data/symposia.db' },
      accessTokenTtlSeconds: 604800,
      logLevel: 'info',
      webDistDir: expect.stringMatching(/apps[/\\]web[/\\]dist$/),
      loginRateLimit: {
        ipMax: 30,
        ipWindowSeconds: 300,
        accountMax: 10,
        accountWindowSeconds: 900,
      },
      trustProxy: false,
      publicCacheTtlMs: 1000,
      publicCacheMaxBytes: 67_108_864,
      redis: null,
      http: {
        requestTimeoutSeconds: 3600,
        headersTimeoutSeconds: 30,
        connectionTimeoutSeconds: 120,
        keepAliveTimeoutSeconds: 72,
      },
      commentRateLimit: { max: 10, windowSeconds: 60 },
      likes: {
        rateLimit: { max: 60, windowSeconds: 60 },
        countIntervalMs: 1000,
        undoWindowSeconds: 600,
      },
      notificationStreams: { perMember: 8, perAddress: 32 },
      registerRateLimit: { max: 10, windowSeconds: 3600 },
      sessionIdleTimeoutSeconds: 2_592_000,
      sessionCacheTtlMs: 5000,
      uploadRateLimit: { max: 20, windowSeconds: 3600 },
      userStorageQuotaBytes: 1_073_741_824,
      signedUrlTtlSeconds: 3600,
      blockGc: { intervalSeconds: 86_400, graceSeconds: 3600 },
      blockstore: { kind: 'fs', cacheBytes: 256 * 1024 * 1024 },
      chainOwner: { candidate: true, leaseSeconds: 15, transferTimeoutSeconds: 30 },
      adminUsernames: null,
      notificationHeartbeatMs: 25_000,
      rewards: {
        epochSeconds: 604_800,
        poolUnits: 10_000_000_000_000n,
        maxShare: 0.05,
        minPayoutUnits: 1_000_000_000n,
        minActorAgeSeconds: 86_400,
        maxEventsPerActorDaily: 20,
        weights: { post_like: 3, comment_like: 1, comment_received: 2, reply_received: 1 },
        reviews: { weight: 6, helpfulShare: 0.25, maxHelpfulPerReview: 4, maxPerReviewerDaily: 3 },
        minClaimAgeSeconds: 604_800,
        minClaimUnits: 10_000_000_000n,
      },
      trust: {
        thresholds: { basic: 0.05, member: 0.4, trusted: 0.9 },
        graphWindowDays: 180,
        orcidSeedWeight: 0.5,
        reviews: { validationMin: 2, trustedLevel: 3, recomputeMaxPosts: 10_000 },
      },
      oidc: {
        issuer: 'https://orcid.org',
        clientId: null,
        clientSecret: null,
        redirectUri: 'http://localhost:8080/api/v1/auth/oidc/callback',
      },
      wallets: {
        publicOrigin: 'http://localhost:8080',
        challengeTtlSeconds: 300,
        challengeRateLimit: { max: 10, windowSeconds: 600 },
      },
      // Issue 30: without SMTP_URL, messages are files in DATA_DIR/outbox.
      mail: {
        smtpUrl: null,
        from: 'Symposia <no-reply@localhost>',
        maxAttempts: 60,
        publicOrigin: 'http://localhost:8080',
        passwordResetPerAddress: { max: 10, windowSeconds: 3600 },
        passwordResetPerAccount: { max: 3, windowSeconds: 3600 },
        verificationPerMember: { max: 5, windowSeconds: 3600 },
      },
      notificationEmail: { delaySeconds: 600, digest: { day: 1, hour: 8, periodDays: 7 } },
      reports: { minAccountAgeSeconds: 0, rateLimit: { max: 10, windowSeconds: 3600 } },
      followRateLimit: { max: 60, windowSeconds: 600 },
      processing: {
        workerConcurrency: 2,
        leaseSeconds: 60,
        maxAttempts: 5,
        maxLeaseExpiries: 20,
        pollMs: 500,
        parseTimeoutSeconds: 60,
        parseMemoryMb: 512,
        poolSize: availableParallelism(),
      },
      faucet: EMBEDDED_FAUCET,
      ai: {
        provider: 'embedded',
        baseUrl: undefined,
        apiKey: undefined,
        model: undefined,
        timeoutMs: 60_000,
        maxAttempts: 3,
      },
    });
  });

  it('finds the web app next to the server package wherever it is started from', () => {
    const expected = join(import.meta.dirname, '..', '..', 'web', 'dist');
    expect(loadConfig({}, '/elsewhere').webDistDir).toBe(expected);
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '3000',
        HOST: '127.0.0.1',
        DATA_DIR: 'var/data',
        DATABASE_URL: 'postgresql://app:pw@db:5432/symposia',
        ACCESS_TOKEN_TTL_SECONDS: '3600',
        LOG_LEVEL: 'warn',
        WEB_DIST_DIR: '/opt/web',
        LOGIN_RATE_LIMIT_IP_MAX: '5',
        LOGIN_RATE_LIMIT_IP_WINDOW_SECONDS: '60',
        LOGIN_RATE_LIMIT_ACCOUNT_MAX: '3',
        LOGIN_RATE_LIMIT_ACCOUNT_WINDOW_SECONDS: '120',
        TRUST_PROXY: '2',
        PUBLIC_CACHE_TTL_MS: '0',
        PUBLIC_CACHE_MAX_BYTES: '1048576',
        REQUEST_TIMEOUT_SECONDS: '600',
        HEADERS_TIMEOUT_SECONDS: '10',
        CONNECTION_TIMEOUT_SECONDS: '60',
        KEEP_ALIVE_TIMEOUT_SECONDS: '5',
        COMMENT_RATE_LIMIT_MAX: '4',
        COMMENT_RATE_LIMIT_WINDOW_SECONDS: '30',
        LIKE_RATE_LIMIT_MAX: '7',
        LIKE_RATE_LIMIT_WINDOW_SECONDS: '20',
        LIKE_COUNT_INTERVAL_MS: '0',
        LIKE_UNDO_WINDOW_SECONDS: '30',
        REGISTER_RATE_LIMIT_MAX: '3',
        REGISTER_RATE_LIMIT_WINDOW_SECONDS: '600',
        SESSION_IDLE_TIMEOUT_SECONDS: '86400',
        SESSION_CACHE_TTL_MS: '2000',
        UPLOAD_RATE_LIMIT_MAX: '5',
        UPLOAD_RATE_LIMIT_WINDOW_SECONDS: '60',
        USER_STORAGE_QUOTA_BYTES: '0',
        SIGNED_URL_TTL_SECONDS: '120',
        BLOCK_GC_INTERVAL_SECONDS: '0',
        BLOCK_GC_GRACE_SECONDS: '600',
        BLOCKSTORE: 'postgres',
        BLOCKSTORE_CACHE_MB: '0',
        CHAIN_OWNER: 'false',
        CHAIN_OWNER_LEASE_SECONDS: '30',
        CHAIN_TRANSFER_TIMEOUT_SECONDS: '10',
        ADMIN_USERNAMES: 'ada,grace',
        NOTIFICATIONS_HEARTBEAT_MS: '1000',
        NOTIFICATIONS_STREAMS_PER_MEMBER: '3',
        NOTIFICATIONS_STREAMS_PER_ADDRESS: '12',
        REWARD_EPOCH_SECONDS: '3600',
        REWARD_POOL_PER_EPOCH: '250.5',
        REWARD_MAX_SHARE: '0.25',
        REWARD_MIN_PAYOUT: '0',
        REWARD_MIN_ACTOR_AGE_SECONDS: '0',
        REWARD_MAX_EVENTS_PER_ACTOR_DAILY: '5',
        REWARD_WEIGHT_POST_LIKE: '2.5',
        REWARD_WEIGHT_COMMENT_LIKE: '0',
        REWARD_WEIGHT_COMMENT_RECEIVED: '4',
        REWARD_WEIGHT_REPLY_RECEIVED: '0.5',
        REWARD_WEIGHT_REVIEW: '8',
        REWARD_REVIEW_HELPFUL_SHARE: '0.5',
        REWARD_REVIEW_MAX_HELPFUL: '2',
        REWARD_REVIEW_MAX_DAILY: '1',
        REWARD_MIN_CLAIM_AGE_SECONDS: '0',
        REWARD_MIN_CLAIM: '0.001',
        TRUST_LEVEL_BASIC: '0.1',
        TRUST_LEVEL_MEMBER: '0.5',
        TRUST_LEVEL_TRUSTED: '0.95',
        TRUST_GRAPH_WINDOW_DAYS: '30',
        TRUST_ORCID_SEED_WEIGHT: '0',
        REVIEW_VALIDATION_MIN: '3',
        REVIEW_TRUSTED_LEVEL: '2',
        REVIEW_RECOMPUTE_MAX_POSTS: '50',
        PUBLIC_ORIGIN: 'https://symposia.example:8443/',
        WALLET_CHALLENGE_TTL_SECONDS: '120',
        WALLET_CHALLENGE_RATE_LIMIT_MAX: '3',
        WALLET_CHALLENGE_RATE_LIMIT_WINDOW_SECONDS: '60',
        SMTP_URL: 'smtp://mailer:secret@mail.symposia.example:587',
        SMTP_FROM: 'Symposia <hello@symposia.example>',
        MAIL_MAX_ATTEMPTS: '7',
        PASSWORD_RESET_RATE_LIMIT_IP_MAX: '4',
        PASSWORD_RESET_RATE_LIMIT_IP_WINDOW_SECONDS: '120',
        PASSWORD_RESET_RATE_LIMIT_ACCOUNT_MAX: '2',
        PASSWORD_RESET_RATE_LIMIT_ACCOUNT_WINDOW_SECONDS: '600',
        EMAIL_VERIFICATION_RATE_LIMIT_MAX: '3',
        EMAIL_VERIFICATION_RATE_LIMIT_WINDOW_SECONDS: '900',
        OIDC_ISSUER: 'https://sandbox.orcid.org/',
        OIDC_CLIENT_ID: 'APP-0123456789ABCDEF',
        OIDC_CLIENT_SECRET: 'a-secret',
        NOTIFICATION_EMAIL_DELAY_SECONDS: '60',
        DIGEST_DAY: 'Friday',
        DIGEST_HOUR: '17',
        DIGEST_PERIOD_DAYS: '14',
        REPORT_MIN_ACCOUNT_AGE_SECONDS: '86400',
        REPORT_RATE_LIMIT_MAX: '3',
        REPORT_RATE_LIMIT_WINDOW_SECONDS: '60',
        FOLLOW_RATE_LIMIT_MAX: '5',
        FOLLOW_RATE_LIMIT_WINDOW_SECONDS: '120',
        WORKER_CONCURRENCY: '0',
        JOB_LEASE_SECONDS: '5',
        JOB_MAX_ATTEMPTS: '2',
        WORKER_POLL_MS: '100',
        PROCESSING_PARSE_TIMEOUT_SECONDS: '5',
        PROCESSING_PARSE_MEMORY_MB: '256',
        PROCESSING_POOL_SIZE: '3',
        AI_PROVIDER: 'openai',
        AI_BASE_URL: 'http://localhost:11434/v1',
        AI_API_KEY: 'sk-test',
        AI_MODEL: 'llama3.1:8b',
        AI_TIMEOUT_MS: '5000',
        AI_MAX_ATTEMPTS: '2',
      },
      '/srv',
    );
    expect(config).toEqual({
      port: 3000,
      host: '127.0.0.1',
      dataDir: '/srv/var/data',
      database: { dialect: 'postgres', url: 'postgresql://app:pw@db:5432/symposia' },
      accessTokenTtlSeconds: 3600,
      logLevel: 'warn',
      webDistDir: '/opt/web',
      loginRateLimit: { ipMax: 5, ipWindowSeconds: 60, accountMax: 3, accountWindowSeconds: 120 },
      trustProxy: 2,
      publicCacheTtlMs: 0,
      publicCacheMaxBytes: 1_048_576,
      redis: null,
      http: {
        requestTimeoutSeconds: 600,
        headersTimeoutSeconds: 10,
        connectionTimeoutSeconds: 60,
        keepAliveTimeoutSeconds: 5,
      },
      commentRateLimit: { max: 4, windowSeconds: 30 },
      likes: {
        rateLimit: { max: 7, windowSeconds: 20 },
        countIntervalMs: 0,
        undoWindowSeconds: 30,
      },
      notificationStreams: { perMember: 3, perAddress: 12 },
      registerRateLimit: { max: 3, windowSeconds: 600 },
      sessionIdleTimeoutSeconds: 86_400,
      sessionCacheTtlMs: 2000,
      uploadRateLimit: { max: 5, windowSeconds: 60 },
      userStorageQuotaBytes: 0,
      signedUrlTtlSeconds: 120,
      blockGc: { intervalSeconds: 0, graceSeconds: 600 },
      blockstore: { kind: 'postgres', cacheBytes: 0 },
      chainOwner: { candidate: false, leaseSeconds: 30, transferTimeoutSeconds: 10 },
      adminUsernames: ['ada', 'grace'],
      notificationHeartbeatMs: 1000,
      rewards: {
        epochSeconds: 3600,
        poolUnits: 250_500_000_000n,
        maxShare: 0.25,
        minPayoutUnits: 0n,
        minActorAgeSeconds: 0,
        maxEventsPerActorDaily: 5,
        weights: { post_like: 2.5, comment_like: 0, comment_received: 4, reply_received: 0.5 },
        reviews: { weight: 8, helpfulShare: 0.5, maxHelpfulPerReview: 2, maxPerReviewerDaily: 1 },
        minClaimAgeSeconds: 0,
        minClaimUnits: 1_000_000n,
      },
      trust: {
        thresholds: { basic: 0.1, member: 0.5, trusted: 0.95 },
        graphWindowDays: 30,
        orcidSeedWeight: 0,
        reviews: { validationMin: 3, trustedLevel: 2, recomputeMaxPosts: 50 },
      },
      oidc: {
        issuer: 'https://sandbox.orcid.org',
        clientId: 'APP-0123456789ABCDEF',
        clientSecret: 'a-secret',
        redirectUri: 'https://symposia.example:8443/api/v1/auth/oidc/callback',
      },
      wallets: {
        publicOrigin: 'https://symposia.example:8443',
        challengeTtlSeconds: 120,
        challengeRateLimit: { max: 3, windowSeconds: 60 },
      },
      mail: {
        smtpUrl: 'smtp://mailer:secret@mail.symposia.example:587',
        from: 'Symposia <hello@symposia.example>',
        maxAttempts: 7,
        publicOrigin: 'https://symposia.example:8443',
        passwordResetPerAddress: { max: 4, windowSeconds: 120 },
        passwordResetPerAccount: { max: 2, windowSeconds: 600 },
        verificationPerMember: { max: 3, windowSeconds: 900 },
      },
      notificationEmail: { delaySeconds: 60, digest: { day: 5, hour: 17, periodDays: 14 } },
      reports: { minAccountAgeSeconds: 86_400, rateLimit: { max: 3, windowSeconds: 60 } },
      followRateLimit: { max: 5, windowSeconds: 120 },
      processing: {
        workerConcurrency: 0,
        leaseSeconds: 5,
        maxAttempts: 2,
        maxLeaseExpiries: 20,
        pollMs: 100,
        parseTimeoutSeconds: 5,
        parseMemoryMb: 256,
        poolSize: 3,
      },
      faucet: EMBEDDED_FAUCET,
      ai: {
        provider: 'openai',
        baseUrl: 'http://localhost:11434/v1',
        apiKey: 'sk-test',
        model: 'llama3.1:8b',
        timeoutMs: 5000,
        maxAttempts: 2,
      },
    });
  });

  it.each([
    ['REWARD_MAX_SHARE', '0', /REWARD_MAX_SHARE="0": must be a number above 0 and at most 1/],
    ['REWARD_MAX_SHARE', '1.5', /REWARD_MAX_SHARE="1.5": must be a number above 0/],
    ['REWARD_POOL_PER_EPOCH', '0', /REWARD_POOL_PER_EPOCH="0": must be a number of tokens/],
    ['REWARD_MIN_PAYOUT', '0.0000000001', /REWARD_MIN_PAYOUT=.*at most 9 decimals/],
    ['REWARD_WEIGHT_POST_LIKE', '-1', /REWARD_WEIGHT_POST_LIKE="-1": must be a number from 0/],
    ['REWARD_EPOCH_SECONDS', '10', /REWARD_EPOCH_SECONDS="10": must be a whole number from 60/],
    // Above the largest share (5% of 10,000 tokens) nothing would ever be paid.
    ['REWARD_MIN_PAYOUT', '501', /REWARD_MIN_PAYOUT="501": must be at most .* \(500 tokens\)/],
  ])('refuses %s=%s', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it('refuses AI_PROVIDER=openai without a model, naming what to set', () => {
    expect(() =>
      loadConfig({ AI_PROVIDER: 'openai', AI_BASE_URL: 'https://api.openai.com/v1' }),
    ).toThrow(/Invalid setting AI_PROVIDER=openai: AI_MODEL is required/);
  });

  it('treats empty variables as unset', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: ' ', LOG_LEVEL: '' }, '/srv');
    expect(config.port).toBe(8080);
    expect(config.database.dialect).toBe('sqlite');
    expect(config.logLevel).toBe('info');
  });

  it.each([
    ['1', 1],
    ['10.0.0.0/8, 192.168.0.1', '10.0.0.0/8, 192.168.0.1'],
    ['false', false],
  ])('reads TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each([
    ['PORT', '80a', 'Invalid setting PORT="80a": must be a whole number from 0 to 65535'],
    ['PORT', '70000', 'Invalid setting PORT="70000": must be a whole number from 0 to 65535'],
    ...['symposia.example', 'ftp://symposia.example', 'https://symposia.example/app'].map(
      (value) => [
        'PUBLIC_ORIGIN',
        value,
        `Invalid setting PUBLIC_ORIGIN=${JSON.stringify(value)}: must be an http(s) origin such as https://symposia.example, with no path`,
      ],
    ),
    [
      'ACCESS_TOKEN_TTL_SECONDS',
      '10',
      'Invalid setting ACCESS_TOKEN_TTL_SECONDS="10": must be a whole number from 60 to 31536000',
    ],
    [
      'LOG_LEVEL',
      'loud',
      'Invalid setting LOG_LEVEL="loud": must be one of fatal, error, warn, info, debug, trace, silent',
    ],
    [
      'DATABASE_URL',
      'mysql://root:hunter2@db/x',
      'Invalid setting DATABASE_URL: must be empty (SQLite in DATA_DIR) or a postgres:// URL',
    ],
    [
      'TRUST_PROXY',
      'yes please',
      'Invalid setting TRUST_PROXY="yes please": must be false, a hop count, or comma-separated proxy addresses',
    ],
    [
      'TRUST_PROXY',
      'true',
      'Invalid setting TRUST_PROXY="true": true would trust every proxy, so any client could choose its own address with X-Forwarded-For: give the number of proxies in front of the server (e.g. 1) or their addresses (e.g. 10.0.0.0/8)',
    ],
    [
      'PROCESSING_PARSE_TIMEOUT_SECONDS',
      '0',
      'Invalid setting PROCESSING_PARSE_TIMEOUT_SECONDS="0": must be a whole number from 1 to 3600',
    ],
    [
      'PROCESSING_PARSE_MEMORY_MB',
      '32',
      'Invalid setting PROCESSING_PARSE_MEMORY_MB="32": must be a whole number from 64 to 16384',
    ],
    [
      'LOGIN_RATE_LIMIT_ACCOUNT_MAX',
      '0',
      'Invalid setting LOGIN_RATE_LIMIT_ACCOUNT_MAX="0": must be a whole number from 1 to 1000000',
    ],
    [
      'REGISTER_RATE_LIMIT_MAX',
      '0',
      'Invalid setting REGISTER_RATE_LIMIT_MAX="0": must be a whole number from 1 to 1000000',
    ],
    [
      'SESSION_IDLE_TIMEOUT_SECONDS',
      '59',
      'Invalid setting SESSION_IDLE_TIMEOUT_SECONDS="59": must be a whole number from 60 to 31536000',
    ],
    // Notification emails and the digest (issue 30).
    [
      'DIGEST_DAY',
      'someday',
      'Invalid setting DIGEST_DAY="someday": must be a day of the week (monday) or 0 to 6',
    ],
    [
      'DIGEST_DAY',
      '7',
      'Invalid setting DIGEST_DAY="7": must be a day of the week (monday) or 0 to 6',
    ],
    ['DIGEST_HOUR', '24', 'Invalid setting DIGEST_HOUR="24": must be a whole number from 0 to 23'],
    [
      'DIGEST_PERIOD_DAYS',
      '0',
      'Invalid setting DIGEST_PERIOD_DAYS="0": must be a whole number from 1 to 28',
    ],
    [
      'NOTIFICATION_EMAIL_DELAY_SECONDS',
      '-1',
      'Invalid setting NOTIFICATION_EMAIL_DELAY_SECONDS="-1": must be a whole number from 0 to 86400',
    ],
    // Uploads and the content store.
    [
      'UPLOAD_RATE_LIMIT_MAX',
      '0',
      'Invalid setting UPLOAD_RATE_LIMIT_MAX="0": must be a whole number from 1 to 1000000',
    ],
    [
      'USER_STORAGE_QUOTA_BYTES',
      '1GiB',
      'Invalid setting USER_STORAGE_QUOTA_BYTES="1GiB": must be a whole number from 0 to 1125899906842624',
    ],
    [
      'SIGNED_URL_TTL_SECONDS',
      '0',
      'Invalid setting SIGNED_URL_TTL_SECONDS="0": must be a whole number from 1 to 604800',
    ],
    [
      'BLOCK_GC_INTERVAL_SECONDS',
      '-1',
      'Invalid setting BLOCK_GC_INTERVAL_SECONDS="-1": must be a whole number from 0 to 31536000',
    ],
    [
      'BLOCK_GC_GRACE_SECONDS',
      '10',
      'Invalid setting BLOCK_GC_GRACE_SECONDS="10": must be a whole number from 60 to 2592000',
    ],
    ...['http://orcid.org', 'orcid.org', 'https://orcid.org/?x=1'].map((value) => [
      'OIDC_ISSUER',
      value,
      `Invalid setting OIDC_ISSUER=${JSON.stringify(value)}: must be the https URL of an OpenID provider such as https://orcid.org (http only on 127.0.0.1 or localhost)`,
    ]),
    [
      'TRUST_ORCID_SEED_WEIGHT',
      '2',
      'Invalid setting TRUST_ORCID_SEED_WEIGHT="2": must be a number from 0 to 1',
    ],
  ])('refuses %s=%s with one line naming it', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new StartupError(message));
  });
});

describe('ADMIN_USERNAMES', () => {
  it('reads a comma-separated list of usernames, spaces and repeats dropped', () => {
    expect(loadConfig({ ADMIN_USERNAMES: ' ada, grace.h ,,ada ' }).adminUsernames).toEqual([
      'ada',
      'grace.h',
    ]);
  });

  it('unset is null (roles stay as stored); set but empty is the empty list (no moderators)', () => {
    expect(loadConfig({}).adminUsernames).toBeNull();
    expect(loadConfig({ ADMIN_USERNAMES: '' }).adminUsernames).toEqual([]);
    expect(loadConfig({ ADMIN_USERNAMES: ' , ' }).adminUsernames).toEqual([]);
  });

  it('refuses a name that cannot be a username, naming it', () => {
    expect(() => loadConfig({ ADMIN_USERNAMES: 'ada, not a name' })).toThrow(
      new StartupError(
        'Invalid setting ADMIN_USERNAMES="ada, not a name": "not a name" is not a username: ' +
          'may contain only letters, digits, "_", "." and "-"',
      ),
    );
  });
});

describe('describeDatabase', () => {
  it('never shows a password', () => {
    expect(describeDatabase({ dialect: 'postgres', url: 'postgres://app:hunter2@db:5432/x' })).toBe(
      'PostgreSQL at postgres://app@db:5432/x',
    );
    expect(describeDatabase({ dialect: 'sqlite', file: '/data/symposia.db' })).toBe(
      'SQLite at /data/symposia.db',
    );
  });
});
