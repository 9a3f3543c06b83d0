import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateKeyPairSigner, getBase58Decoder } from '@solana/kit';
import { afterEach, describe, expect, it } from 'vitest';
import { StartupError } from '../startup-error.js';
import { embeddedKeyPaths, openChain, type Chain } from './index.js';
import { faucetEnvSchema, faucetSettingsFromEnv, parseSecretKey } from './settings.js';

const dirs: string[] = [];
const chains: Chain[] = [];
afterEach(async () => {
  await Promise.all(chains.splice(0).map((chain) => chain.close()));
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function dataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'symposia-chain-'));
  dirs.push(dir);
  return dir;
}

async function open(dir: string, env: Record<string, string> = {}): Promise<Chain | null> {
  const chain = await openChain(faucetSettingsFromEnv(faucetEnvSchema.parse(env)), dir);
  if (chain) chains.push(chain);
  return chain;
}

describe('openChain', () => {
  it('embedded: makes a faucet and a mint on first start, saved as solana-keygen files (0600)', async () => {
    const dir = await dataDir();
    const chain = await open(dir);
    if (!chain) throw new Error('no chain');
    expect(chain).toMatchObject({
      cluster: 'embedded',
      networkName: 'Local chain (embedded)',
      explorerTxBase: null,
    });
    const paths = embeddedKeyPaths(dir);
    for (const path of [paths.faucet, paths.mint]) {
      expect((await stat(path)).mode & 0o777).toBe(0o600);
      const bytes = JSON.parse(await readFile(path, 'utf8')) as number[];
      expect(bytes).toHaveLength(64);
    }
    expect(parseSecretKey(await readFile(paths.faucet, 'utf8'))).not.toBeNull();
    // The faucet is funded and holds the supply on first use.
    expect(await chain.tokenBalance(chain.faucetAddress)).toBe(10n ** 18n);
  });

  it('embedded: after a restart the same faucet and mint are back, funded again; other balances start over', async () => {
    const dir = await dataDir();
    const first = await open(dir);
    if (!first) throw new Error('no chain');
    const receiver = (await generateKeyPairSigner()).address;
    await (await first.prepareTransfer(receiver, 5_000_000_000n, 'restart:1')).send();
    expect(await first.tokenBalance(receiver)).toBe(5_000_000_000n);
    await first.close();

    const second = await open(dir);
    if (!second) throw new Error('no chain');
    expect(second.faucetAddress).toBe(first.faucetAddress);
    expect(second.mint).toBe(first.mint);
    expect(await second.tokenBalance(second.faucetAddress)).toBe(10n ** 18n);
    expect(await second.tokenBalance(receiver)).toBeNull();
    await (await second.prepareTransfer(receiver, 1_000_000_000n, 'restart:2')).send();
    expect(await second.tokenBalance(receiver)).toBe(1_000_000_000n);
  });

  it('embedded: uses FAUCET_SECRET_KEY as the faucet when one is given', async () => {
    const dir = await dataDir();
    const { createKeyPairSignerFromPrivateKeyBytes, getAddressEncoder } =
      await import('@solana/kit');
    const seed = Uint8Array.from({ length: 32 }, (_, i) => 200 - i);
    const signer = await createKeyPairSignerFromPrivateKeyBytes(seed);
    const bytes = new Uint8Array([...seed, ...getAddressEncoder().encode(signer.address)]);
    const chain = await open(dir, { FAUCET_SECRET_KEY: getBase58Decoder().decode(bytes) });
    expect(chain?.faucetAddress).toBe(signer.address);
  });

  it('refuses a damaged key file and a key whose halves do not match', async () => {
    const dir = await dataDir();
    const paths = embeddedKeyPaths(dir);
    await open(dir);
    await writeFile(paths.mint, '[1,2,3]');
    await expect(open(dir)).rejects.toBeInstanceOf(StartupError);
    const mismatched = new Uint8Array(64).fill(7);
    await expect(
      open(await dataDir(), { FAUCET_SECRET_KEY: JSON.stringify(Array.from(mismatched)) }),
    ).rejects.toThrow('Invalid setting FAUCET_SECRET_KEY: the key');
  });

  it('is null when the faucet is turned off, and opens an RPC cluster without contacting it', async () => {
    expect(await open(await dataDir(), { FAUCET_ENABLED: 'false' })).toBeNull();
    const signer = await import('@solana/kit').then(async (kit) => {
      const seed = Uint8Array.from({ length: 32 }, (_, i) => i + 3);
      const keyPair = await kit.createKeyPairSignerFromPrivateKeyBytes(seed);
      return {
        bytes: new Uint8Array([...seed, ...kit.getAddressEncoder().encode(keyPair.address)]),
        address: keyPair.address,
      };
    });
    const chain = await open(await dataDir(), {
      SOLANA_CLUSTER: 'devnet',
      SOLANA_RPC_URL: 'http://127.0.0.1:1',
      FAUCET_SECRET_KEY: JSON.stringify(Array.from(signer.bytes)),
      TOKEN_MINT: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
    });
    expect(chain).toMatchObject({
      cluster: 'devnet',
      networkName: 'Solana Devnet',
      faucetAddress: signer.address,
      explorerTxBase: 'https://explorer.solana.com/tx/',
    });
    expect(chain?.explorerUrl('abc')).toBe('https://explorer.solana.com/tx/abc?cluster=devnet');
  });
});
