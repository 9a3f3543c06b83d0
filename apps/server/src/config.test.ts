import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { faucetEnvSchema, faucetSettingsFromEnv } from './chain/settings.js';
import { describeDatabase, loadConfig } from './config.js';
import { StartupError } from './startup-error.js';

/** The faucet's defaults are pinned in chain/settings.test.ts; here they only have to arrive. */
const EMBEDDED_FAUCET = faucetSettingsFromEnv(faucetEnvSchema.parse({}));

describe('loadConfig', () => {
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
      commentRateLimit: { max: 10, windowSeconds: 60 },
      processing: { workerConcurrency: 2, leaseSeconds: 60, maxAttempts: 5, pollMs: 500 },
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
        TRUST_PROXY: 'true',
        PUBLIC_CACHE_TTL_MS: '0',
        COMMENT_RATE_LIMIT_MAX: '4',
        COMMENT_RATE_LIMIT_WINDOW_SECONDS: '30',
        WORKER_CONCURRENCY: '0',
        JOB_LEASE_SECONDS: '5',
        JOB_MAX_ATTEMPTS: '2',
        WORKER_POLL_MS: '100',
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
      trustProxy: true,
      publicCacheTtlMs: 0,
      commentRateLimit: { max: 4, windowSeconds: 30 },
      processing: { workerConcurrency: 0, leaseSeconds: 5, maxAttempts: 2, pollMs: 100 },
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
      'Invalid setting TRUST_PROXY="yes please": must be true, false, a hop count, or comma-separated proxy addresses',
    ],
    [
      'LOGIN_RATE_LIMIT_ACCOUNT_MAX',
      '0',
      'Invalid setting LOGIN_RATE_LIMIT_ACCOUNT_MAX="0": must be a whole number from 1 to 1000000',
    ],
  ])('refuses %s=%s with one line naming it', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new StartupError(message));
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
