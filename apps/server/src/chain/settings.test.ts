import { inspect } from 'node:util';
import { createKeyPairSignerFromBytes, getBase58Decoder } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { StartupError } from '../startup-error.js';
import { explorerTxBase, explorerTxUrl, networkName } from './cluster.js';
import { describeFailure, failureFromRpc, LITESVM_ENUM_SIZES } from './failures.js';
import {
  faucetEnvSchema,
  faucetSettingsFromEnv,
  parseSecretKey,
  SECRET_SETTINGS,
  type FaucetSettings,
} from './settings.js';
import { formatTokenAmount, parseTokenAmount, tokenAmountNumber } from './units.js';

// A fixed test key (never funded anywhere): seed 1..32 and its public key.
const SEED = Uint8Array.from({ length: 32 }, (_, i) => i + 1);
async function testKeyBytes(): Promise<Uint8Array> {
  const { createKeyPairSignerFromPrivateKeyBytes, getAddressEncoder } = await import('@solana/kit');
  const signer = await createKeyPairSignerFromPrivateKeyBytes(SEED);
  const bytes = new Uint8Array(64);
  bytes.set(SEED, 0);
  bytes.set(getAddressEncoder().encode(signer.address), 32);
  return bytes;
}

const MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

function settings(env: Record<string, string>): FaucetSettings {
  const parsed = faucetEnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new StartupError(`Invalid setting ${String(issue?.path[0])}: ${issue?.message}`);
  }
  return faucetSettingsFromEnv(parsed.data);
}

function problem(env: Record<string, string>): string {
  try {
    settings(env);
  } catch (error) {
    if (error instanceof StartupError) return error.message;
    throw error;
  }
  throw new Error('expected a StartupError');
}

describe('faucet settings', () => {
  it('defaults to the embedded chain with the documented limits', () => {
    const result = settings({});
    expect(result).toEqual({
      enabled: true,
      cluster: 'embedded',
      rpcUrl: null,
      secretKey: null,
      mint: null,
      limits: {
        perRequest: 100_000_000_000n,
        minPerRequest: 1_000_000_000n,
        perUserDaily: 300_000_000_000n,
        perAddressDaily: 300_000_000_000n,
        perIpDaily: 1_000_000_000_000n,
        globalDaily: 10_000_000_000_000n,
        requestsPerUserDaily: 10,
        requestsPerIpDaily: 30,
        requestsGlobalDaily: 1000,
      },
    });
  });

  it('reads a real cluster with its default RPC URL, key and mint', async () => {
    const bytes = await testKeyBytes();
    const result = settings({
      SOLANA_CLUSTER: 'mainnet-beta',
      FAUCET_SECRET_KEY: getBase58Decoder().decode(bytes),
      TOKEN_MINT: MINT,
      FAUCET_MAX_PER_REQUEST: '2.5',
      FAUCET_MAX_REQUESTS_PER_USER_DAILY: '3',
    });
    expect(result).toMatchObject({
      cluster: 'mainnet-beta',
      rpcUrl: 'https://api.mainnet-beta.solana.com',
      mint: MINT,
      limits: { perRequest: 2_500_000_000n, requestsPerUserDaily: 3 },
    });
    expect(result.secretKey?.bytes()).toEqual(bytes);
    expect(settings({ SOLANA_CLUSTER: 'devnet', FAUCET_ENABLED: 'false' }).rpcUrl).toBe(
      'https://api.devnet.solana.com',
    );
  });

  it('takes the key as base58 or as a solana-keygen JSON array, and nothing else', async () => {
    const bytes = await testKeyBytes();
    expect(parseSecretKey(getBase58Decoder().decode(bytes))?.bytes()).toEqual(bytes);
    expect(parseSecretKey(JSON.stringify(Array.from(bytes)))?.bytes()).toEqual(bytes);
    expect(parseSecretKey(` ${JSON.stringify(Array.from(bytes))}\n`)?.bytes()).toEqual(bytes);
    // A public address (32 bytes) is not a secret key; neither is a short array or junk.
    expect(parseSecretKey(MINT)).toBeNull();
    expect(parseSecretKey(JSON.stringify(Array.from(bytes.slice(0, 32))))).toBeNull();
    expect(parseSecretKey('[1,2,300]')).toBeNull();
    expect(parseSecretKey('0OIl')).toBeNull();
    expect(parseSecretKey('')).toBeNull();
    // The bytes make a working signer whose public half matches.
    const signer = await createKeyPairSignerFromBytes(bytes);
    expect(signer.address).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
  });

  it('never shows the key: not in JSON, not when inspected, not in the error for a bad one', async () => {
    const bytes = await testKeyBytes();
    const base58 = getBase58Decoder().decode(bytes);
    const result = settings({ FAUCET_SECRET_KEY: base58 });
    const json = JSON.stringify(result, (_key, value: unknown) =>
      typeof value === 'bigint' ? value.toString() : value,
    );
    expect(json).not.toContain(base58);
    expect(json).toContain('"secretKey":"[secret]"');
    expect(inspect(result, { depth: 5 })).not.toMatch(/\d+, \d+, \d+/);
    expect(String(result.secretKey)).toBe('[secret]');
    const message = problem({ FAUCET_SECRET_KEY: `${base58.slice(0, 20)}` });
    expect(message).toBe(
      'Invalid setting FAUCET_SECRET_KEY: must be a 64-byte secret key, in base58 or as a JSON array of 64 numbers',
    );
    expect(SECRET_SETTINGS.has('FAUCET_SECRET_KEY')).toBe(true);
    expect(SECRET_SETTINGS.has('SOLANA_RPC_URL')).toBe(true);
  });

  it('names what a cluster is missing or cannot use', () => {
    expect(problem({ SOLANA_CLUSTER: 'mainnet' })).toMatch(
      /^Invalid setting SOLANA_CLUSTER: must be one of embedded, mainnet-beta/,
    );
    expect(problem({ SOLANA_CLUSTER: 'mainnet-beta', TOKEN_MINT: MINT })).toMatch(
      /^Invalid setting FAUCET_SECRET_KEY: SOLANA_CLUSTER=mainnet-beta needs/,
    );
    expect(problem({ SOLANA_CLUSTER: 'custom', FAUCET_ENABLED: 'false' })).toMatch(
      /^Invalid setting SOLANA_RPC_URL: SOLANA_CLUSTER=custom needs/,
    );
    expect(problem({ SOLANA_RPC_URL: 'http://localhost:8899' })).toMatch(
      /^Invalid setting SOLANA_RPC_URL: set SOLANA_CLUSTER/,
    );
    expect(problem({ TOKEN_MINT: MINT })).toMatch(
      /^Invalid setting TOKEN_MINT: the embedded chain makes its own mint/,
    );
    expect(problem({ SOLANA_CLUSTER: 'devnet', SOLANA_RPC_URL: 'ftp://x' })).toBe(
      'Invalid setting SOLANA_RPC_URL: must be an http:// or https:// URL',
    );
    expect(
      problem({ SOLANA_CLUSTER: 'devnet', TOKEN_MINT: 'nope', FAUCET_ENABLED: 'false' }),
    ).toMatch(/^Invalid setting TOKEN_MINT/);
  });

  it('checks the limits: positive token amounts, at most 9 decimals, per request within every daily cap', () => {
    expect(problem({ FAUCET_MAX_PER_REQUEST: '0' })).toMatch(
      /^Invalid setting FAUCET_MAX_PER_REQUEST: must be a number of tokens/,
    );
    expect(problem({ FAUCET_MAX_PER_REQUEST: '1.0000000001' })).toMatch(
      /^Invalid setting FAUCET_MAX_PER_REQUEST/,
    );
    expect(problem({ FAUCET_MAX_GLOBAL_DAILY: '2000000' })).toMatch(
      /^Invalid setting FAUCET_MAX_GLOBAL_DAILY/,
    );
    expect(problem({ FAUCET_MAX_REQUESTS_PER_IP_DAILY: '0' })).toMatch(
      /^Invalid setting FAUCET_MAX_REQUESTS_PER_IP_DAILY/,
    );
    expect(problem({ FAUCET_MAX_PER_USER_DAILY: '50' })).toBe(
      'Invalid setting FAUCET_MAX_PER_USER_DAILY: must be at least FAUCET_MAX_PER_REQUEST (100), or no request could ever pass it',
    );
    expect(
      settings({ FAUCET_MAX_PER_REQUEST: '50', FAUCET_MAX_PER_USER_DAILY: '50' }).limits
        .perUserDaily,
    ).toBe(50_000_000_000n);
  });

  it('reads the minimum per request, which may not be 0 or above the maximum', () => {
    expect(settings({ FAUCET_MIN_PER_REQUEST: '0.5' }).limits.minPerRequest).toBe(500_000_000n);
    expect(problem({ FAUCET_MIN_PER_REQUEST: '0' })).toMatch(
      /^Invalid setting FAUCET_MIN_PER_REQUEST: must be a number of tokens greater than 0/,
    );
    expect(problem({ FAUCET_MIN_PER_REQUEST: '20', FAUCET_MAX_PER_REQUEST: '10' })).toBe(
      'Invalid setting FAUCET_MIN_PER_REQUEST: must be at most FAUCET_MAX_PER_REQUEST (10), or no request could ever pass both',
    );
  });
});

describe('token amounts', () => {
  it('converts through decimal text, exactly', () => {
    expect(parseTokenAmount('1')).toBe(1_000_000_000n);
    expect(parseTokenAmount(0.1)).toBe(100_000_000n);
    expect(parseTokenAmount('0.000000001')).toBe(1n);
    expect(parseTokenAmount(' 12.5 ')).toBe(12_500_000_000n);
    expect(parseTokenAmount('.5')).toBe(500_000_000n);
    expect(parseTokenAmount('5.')).toBe(5_000_000_000n);
    expect(parseTokenAmount(1e-7)).toBe(100n);
    expect(parseTokenAmount('2e3')).toBe(2_000_000_000_000n);
    expect(parseTokenAmount('007')).toBe(7_000_000_000n);
    // Beyond 9 decimals the digits are cut, never rounded up.
    expect(parseTokenAmount('1.9999999999')).toBe(1_999_999_999n);
    expect(parseTokenAmount('0.0000000009')).toBe(0n);
    for (const bad of [
      '',
      ' ',
      '-1',
      '+1',
      '1,000',
      'abc',
      '1e',
      'e5',
      '.',
      '0x10',
      '1e999',
      'NaN',
    ]) {
      expect(parseTokenAmount(bad), bad).toBeNull();
    }
    expect(parseTokenAmount(Number.NaN)).toBeNull();
    expect(parseTokenAmount(Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('formats the smallest unit back to tokens', () => {
    expect(formatTokenAmount(1_500_000_000n)).toBe('1.5');
    expect(formatTokenAmount(1n)).toBe('0.000000001');
    expect(formatTokenAmount(100_000_000_000n)).toBe('100');
    expect(formatTokenAmount(0n)).toBe('0');
    expect(tokenAmountNumber(12_500_000_000n)).toBe(12.5);
  });
});

describe('clusters', () => {
  it('names the network and links transactions to the explorer where it can show them', () => {
    const sig =
      '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';
    expect(networkName('mainnet-beta')).toBe('Solana Mainnet');
    expect(networkName('devnet')).toBe('Solana Devnet');
    expect(networkName('embedded')).toBe('Local chain (embedded)');
    expect(explorerTxUrl('mainnet-beta', sig)).toBe(`https://explorer.solana.com/tx/${sig}`);
    expect(explorerTxUrl('devnet', sig)).toBe(
      `https://explorer.solana.com/tx/${sig}?cluster=devnet`,
    );
    expect(explorerTxUrl('testnet', sig)).toBe(
      `https://explorer.solana.com/tx/${sig}?cluster=testnet`,
    );
    expect(explorerTxUrl('embedded', sig)).toBeNull();
    expect(explorerTxUrl('custom', sig)).toBeNull();
    expect(explorerTxBase('mainnet-beta')).toBe('https://explorer.solana.com/tx/');
    expect(explorerTxBase('embedded')).toBeNull();
  });
});

describe('chain failures', () => {
  it("knows every value of LiteSVM's error enums", () => {
    expect(LITESVM_ENUM_SIZES).toEqual({ transaction: 35, instruction: 53 });
  });

  it('reads the RPC JSON form and says it in words', () => {
    expect(failureFromRpc('InsufficientFundsForFee')).toEqual({
      scope: 'transaction',
      reason: 'InsufficientFundsForFee',
    });
    expect(failureFromRpc({ InstructionError: [2, { Custom: 1 }] })).toEqual({
      scope: 'instruction',
      index: 2,
      reason: 'Custom',
      custom: 1,
    });
    // kit's RPC client turns the numbers of an answer into bigints.
    expect(failureFromRpc({ InstructionError: [2n, { Custom: 1n }] } as never)).toEqual({
      scope: 'instruction',
      index: 2,
      reason: 'Custom',
      custom: 1,
    });
    expect(failureFromRpc({ InstructionError: [0, 'InvalidAccountData'] })).toEqual({
      scope: 'instruction',
      index: 0,
      reason: 'InvalidAccountData',
    });
    expect(failureFromRpc({ InsufficientFundsForRent: { account_index: 1 } })).toEqual({
      scope: 'transaction',
      reason: 'InsufficientFundsForRent',
    });
    expect(describeFailure({ scope: 'transaction', reason: 'InsufficientFundsForFee' })).toBe(
      'insufficient funds for fee',
    );
    expect(describeFailure({ scope: 'instruction', index: 1, reason: 'Custom', custom: 17 })).toBe(
      'custom program error 0x11',
    );
  });
});
