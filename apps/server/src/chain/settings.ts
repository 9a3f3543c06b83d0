import { inspect } from 'node:util';
import { address, getBase58Encoder, isAddress, type Address } from '@solana/kit';
import { z } from 'zod';
import { StartupError } from '../startup-error.js';
import { CLUSTERS, type Cluster } from './types.js';
import { formatTokenAmount, parseTokenAmount } from './units.js';

/**
 * The faucet's settings, read from the environment by config.ts. Kept here so the rules about
 * clusters, keys and limits sit next to the code that uses them and are tested with it.
 */

/** Settings whose values must never be echoed (in errors or logs): a key, and URLs with API keys. */
export const SECRET_SETTINGS: ReadonlySet<string> = new Set([
  'FAUCET_SECRET_KEY',
  'SOLANA_RPC_URL',
]);

/** Public RPC endpoints of the Solana Foundation, used when SOLANA_RPC_URL is not set. */
export const DEFAULT_RPC_URLS: Readonly<Record<Exclude<Cluster, 'embedded' | 'custom'>, string>> = {
  'mainnet-beta': 'https://api.mainnet-beta.solana.com',
  devnet: 'https://api.devnet.solana.com',
  testnet: 'https://api.testnet.solana.com',
};

/** The largest daily cap accepted, in tokens; it keeps every sum far inside exact integers. */
export const MAX_CONFIGURED_TOKENS = 1_000_000;
const SECRET_KEY_BYTES = 64;

/**
 * The faucet's 64-byte secret key (32-byte seed + 32-byte public key, as solana-keygen and
 * Phantom export it). It prints as `[secret]` in JSON, logs and inspection, so a logged config
 * object cannot leak it; only the chain module reads the bytes, once, to make a signer.
 */
export class SecretKey {
  readonly #bytes: Uint8Array;
  constructor(bytes: Uint8Array) {
    this.#bytes = Uint8Array.from(bytes);
  }
  /** A copy the caller should zero after use. */
  bytes(): Uint8Array {
    return Uint8Array.from(this.#bytes);
  }
  toJSON(): string {
    return '[secret]';
  }
  toString(): string {
    return '[secret]';
  }
  [inspect.custom](): string {
    return 'SecretKey [secret]';
  }
}

/**
 * Reads a secret key written as base58 (Phantom's "export private key") or as a JSON array of
 * 64 numbers (a solana-keygen file's content). Returns null for anything else; the error never
 * says more than that, so the value cannot end up in a message.
 */
export function parseSecretKey(text: string): SecretKey | null {
  const value = text.trim();
  let bytes: Uint8Array | null = null;
  if (value.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(value);
      if (
        Array.isArray(parsed) &&
        parsed.every((n) => Number.isInteger(n) && (n as number) >= 0 && (n as number) <= 255)
      ) {
        bytes = Uint8Array.from(parsed as number[]);
      }
    } catch {
      bytes = null;
    }
  } else if (/^[1-9A-HJ-NP-Za-km-z]+$/.test(value)) {
    try {
      bytes = Uint8Array.from(getBase58Encoder().encode(value));
    } catch {
      bytes = null;
    }
  }
  if (!bytes || bytes.length !== SECRET_KEY_BYTES) return null;
  const key = new SecretKey(bytes);
  bytes.fill(0);
  return key;
}

export interface FaucetLimits {
  /** Amount limits in the token's smallest unit. */
  perRequest: bigint;
  /** Each request costs the faucet a fee (and maybe an activation): dust is not worth paying. */
  minPerRequest: bigint;
  perUserDaily: bigint;
  perAddressDaily: bigint;
  perIpDaily: bigint;
  globalDaily: bigint;
  /** Request-count limits: each request, however small, costs the faucet SOL. */
  requestsPerUserDaily: number;
  requestsPerIpDaily: number;
  requestsGlobalDaily: number;
}

export interface FaucetSettings {
  /** false: /token/info says so and requests get 503; no chain is opened. */
  enabled: boolean;
  cluster: Cluster;
  /** The RPC endpoint; null for the embedded chain. */
  rpcUrl: string | null;
  /** Required on a real cluster; optional on the embedded chain (otherwise one is made). */
  secretKey: SecretKey | null;
  /** Required on a real cluster; the embedded chain makes its own. */
  mint: Address | null;
  limits: FaucetLimits;
}

// An empty variable counts as unset, as everywhere in config.ts.
const setting = () =>
  z
    .string()
    .optional()
    .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const tokenAmount = (fallback: number) =>
  setting().transform((value, ctx) => {
    const units = parseTokenAmount(value ?? String(fallback));
    if (
      units === null ||
      units <= 0n ||
      units > (parseTokenAmount(String(MAX_CONFIGURED_TOKENS)) ?? 0n) ||
      // Digits beyond the token's decimals would be silently cut: refuse them instead.
      (value !== undefined && parseTokenAmount(value, 18) !== units * 10n ** 9n)
    ) {
      ctx.addIssue({
        code: 'custom',
        message: `must be a number of tokens greater than 0 and at most ${MAX_CONFIGURED_TOKENS}, with at most 9 decimals`,
      });
      return z.NEVER;
    }
    return units;
  });

const requestCount = (fallback: number) =>
  setting().transform((value, ctx) => {
    if (value === undefined) return fallback;
    const parsed = Number(value);
    if (!/^\d+$/.test(value) || parsed < 1 || parsed > 1_000_000) {
      ctx.addIssue({ code: 'custom', message: 'must be a whole number from 1 to 1000000' });
      return z.NEVER;
    }
    return parsed;
  });

/** The variables, merged into config.ts's environment schema. */
export const faucetEnvSchema = z.object({
  SOLANA_CLUSTER: setting().pipe(
    z.enum(CLUSTERS, { message: `must be one of ${CLUSTERS.join(', ')}` }).default('embedded'),
  ),
  SOLANA_RPC_URL: setting().refine(
    (value) => value === undefined || /^https?:\/\/[^\s]+$/.test(value),
    'must be an http:// or https:// URL',
  ),
  FAUCET_SECRET_KEY: setting().transform((value, ctx) => {
    if (value === undefined) return null;
    const key = parseSecretKey(value);
    if (!key) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be a 64-byte secret key, in base58 or as a JSON array of 64 numbers',
      });
      return z.NEVER;
    }
    return key;
  }),
  TOKEN_MINT: setting().refine(
    (value) => value === undefined || isAddress(value),
    'must be a Solana address (base58, 32 bytes)',
  ),
  FAUCET_ENABLED: setting().transform((value, ctx) => {
    if (value === undefined || value === 'true') return true;
    if (value === 'false') return false;
    ctx.addIssue({ code: 'custom', message: 'must be true or false' });
    return z.NEVER;
  }),
  FAUCET_MAX_PER_REQUEST: tokenAmount(100),
  FAUCET_MIN_PER_REQUEST: tokenAmount(1),
  FAUCET_MAX_PER_USER_DAILY: tokenAmount(300),
  FAUCET_MAX_PER_ADDRESS_DAILY: tokenAmount(300),
  FAUCET_MAX_PER_IP_DAILY: tokenAmount(1000),
  FAUCET_MAX_GLOBAL_DAILY: tokenAmount(10_000),
  FAUCET_MAX_REQUESTS_PER_USER_DAILY: requestCount(10),
  FAUCET_MAX_REQUESTS_PER_IP_DAILY: requestCount(30),
  FAUCET_MAX_REQUESTS_GLOBAL_DAILY: requestCount(1000),
});

export type FaucetEnv = z.infer<typeof faucetEnvSchema>;

/**
 * Checks what one variable alone cannot: the cluster's requirements and that a single request may
 * stay within every daily cap. Throws a StartupError naming the variable to fix.
 */
export function faucetSettingsFromEnv(vars: FaucetEnv): FaucetSettings {
  const cluster = vars.SOLANA_CLUSTER;
  const limits: FaucetLimits = {
    perRequest: vars.FAUCET_MAX_PER_REQUEST,
    minPerRequest: vars.FAUCET_MIN_PER_REQUEST,
    perUserDaily: vars.FAUCET_MAX_PER_USER_DAILY,
    perAddressDaily: vars.FAUCET_MAX_PER_ADDRESS_DAILY,
    perIpDaily: vars.FAUCET_MAX_PER_IP_DAILY,
    globalDaily: vars.FAUCET_MAX_GLOBAL_DAILY,
    requestsPerUserDaily: vars.FAUCET_MAX_REQUESTS_PER_USER_DAILY,
    requestsPerIpDaily: vars.FAUCET_MAX_REQUESTS_PER_IP_DAILY,
    requestsGlobalDaily: vars.FAUCET_MAX_REQUESTS_GLOBAL_DAILY,
  };
  const dailyCaps = {
    FAUCET_MAX_PER_USER_DAILY: limits.perUserDaily,
    FAUCET_MAX_PER_ADDRESS_DAILY: limits.perAddressDaily,
    FAUCET_MAX_PER_IP_DAILY: limits.perIpDaily,
    FAUCET_MAX_GLOBAL_DAILY: limits.globalDaily,
  };
  if (limits.minPerRequest > limits.perRequest) {
    throw new StartupError(
      `Invalid setting FAUCET_MIN_PER_REQUEST: must be at most FAUCET_MAX_PER_REQUEST (${formatTokenAmount(limits.perRequest)}), or no request could ever pass both`,
    );
  }
  for (const [name, cap] of Object.entries(dailyCaps)) {
    if (cap < limits.perRequest) {
      throw new StartupError(
        `Invalid setting ${name}: must be at least FAUCET_MAX_PER_REQUEST (${formatTokenAmount(limits.perRequest)}), or no request could ever pass it`,
      );
    }
  }

  if (cluster === 'embedded') {
    if (vars.SOLANA_RPC_URL !== undefined) {
      throw new StartupError(
        'Invalid setting SOLANA_RPC_URL: set SOLANA_CLUSTER to mainnet-beta, devnet, testnet or custom to use an RPC node (the default, embedded, runs a local chain in the server)',
      );
    }
    if (vars.TOKEN_MINT !== undefined) {
      throw new StartupError(
        'Invalid setting TOKEN_MINT: the embedded chain makes its own mint; set SOLANA_CLUSTER to use an existing one',
      );
    }
    return {
      enabled: vars.FAUCET_ENABLED,
      cluster,
      rpcUrl: null,
      secretKey: vars.FAUCET_SECRET_KEY,
      mint: null,
      limits,
    };
  }

  const rpcUrl =
    vars.SOLANA_RPC_URL ?? (cluster === 'custom' ? undefined : DEFAULT_RPC_URLS[cluster]);
  if (rpcUrl === undefined) {
    throw new StartupError(
      'Invalid setting SOLANA_RPC_URL: SOLANA_CLUSTER=custom needs the RPC URL',
    );
  }
  if (vars.FAUCET_ENABLED) {
    if (!vars.FAUCET_SECRET_KEY) {
      throw new StartupError(
        `Invalid setting FAUCET_SECRET_KEY: SOLANA_CLUSTER=${cluster} needs the faucet's secret key (or FAUCET_ENABLED=false)`,
      );
    }
    if (vars.TOKEN_MINT === undefined) {
      throw new StartupError(
        `Invalid setting TOKEN_MINT: SOLANA_CLUSTER=${cluster} needs the address of the token's mint (or FAUCET_ENABLED=false)`,
      );
    }
  }
  return {
    enabled: vars.FAUCET_ENABLED,
    cluster,
    rpcUrl,
    secretKey: vars.FAUCET_SECRET_KEY,
    mint: vars.TOKEN_MINT === undefined ? null : address(vars.TOKEN_MINT),
    limits,
  };
}
