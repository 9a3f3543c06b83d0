import { join } from 'node:path';
import type { Address, KeyPairSigner, Signature } from '@solana/kit';
import type { LiteSVM } from 'litesvm';
import { explorerTxBase, explorerTxUrl, networkName } from './cluster.js';
import {
  accountsToSave,
  bootstrapEmbeddedChain,
  createEmbeddedTransport,
  type EmbeddedChainState,
} from './embedded.js';
import { associatedTokenAddress } from './faucet.js';
import { createFaucet, type Faucet, type PreparedTransfer } from './faucet.js';
import { loadOrCreateKeyPairFile, signerFromSecretKey } from './keys.js';
import { createRpcTransportForUrl, type RpcTransportOptions } from './rpc.js';
import type { FaucetSettings, SecretKey } from './settings.js';
import type { ChainTransport, Cluster, SignatureStatus } from './types.js';

/**
 * The faucet's view of Solana: which network, which faucet and mint, and the one operation it
 * performs. Services receive this; they never see a transport, a key or a URL.
 */
export interface Chain {
  readonly cluster: Cluster;
  readonly networkName: string;
  readonly faucetAddress: Address;
  readonly mint: Address;
  /** The base of explorer transaction links, or null (embedded chain, custom RPC). */
  readonly explorerTxBase: string | null;
  explorerUrl(signature: string): string | null;
  prepareTransfer(receiver: Address, units: bigint, memo: string): Promise<PreparedTransfer>;
  /** One memo instruction paid by the faucet's key (receipts' roots: services/receipts/). */
  prepareMemo(memo: string): Promise<PreparedTransfer>;
  signatureStatus(signature: Signature): Promise<SignatureStatus>;
  tokenBalance(owner: Address): Promise<bigint | null>;
  close(): Promise<void>;
  /**
   * Present when several processes share the chain and one of them sends every transfer (the
   * embedded chain on PostgreSQL: chain/owner.ts). Absent: this process sends its own.
   */
  readonly relay?: TransferRelay;
}

/** Transfers sent by the process that owns the chain, handed over by the others. */
export interface TransferRelay {
  /** Whether this process sends (it owns the chain, taking it now if no one does). */
  sendsHere(): Promise<boolean>;
  /**
   * Asks the owner to send the pending ledger row `id` of `kind` (services/ledger/: 'faucet',
   * 'reward'…) as a job; the caller then waits on the ledger, at most `waitMs`, for its outcome.
   */
  handOver(kind: string, id: string): Promise<void>;
  readonly waitMs: number;
}

/** The embedded chain also hands out its LiteSVM, for tests that look at or change balances. */
export interface EmbeddedChain extends Chain {
  svm(): Promise<LiteSVM>;
}

/** Where the embedded chain keeps its keys, under DATA_DIR. */
export function embeddedKeyPaths(dataDir: string): { faucet: string; mint: string } {
  return {
    faucet: join(dataDir, 'chain', 'faucet.json'),
    mint: join(dataDir, 'chain', 'mint.json'),
  };
}

function chainOf(
  cluster: Cluster,
  faucetAddress: Address,
  mint: Address,
  faucet: () => Promise<Faucet>,
  close: () => Promise<void>,
): Chain {
  return {
    cluster,
    networkName: networkName(cluster),
    faucetAddress,
    mint,
    explorerTxBase: explorerTxBase(cluster),
    explorerUrl: (signature) => explorerTxUrl(cluster, signature),
    prepareTransfer: async (receiver, units, memo) =>
      (await faucet()).prepareTransfer(receiver, units, memo),
    prepareMemo: async (memo) => (await faucet()).prepareMemo(memo),
    signatureStatus: async (signature) => (await faucet()).signatureStatus(signature),
    tokenBalance: async (owner) => (await faucet()).tokenBalance(owner),
    close,
  };
}

/**
 * The embedded chain: LiteSVM in this process. The VM starts on first use (so servers that never
 * pay do not load it), funds the faucet and creates the mint at the addresses of the given keys.
 * Without `state` it lives in memory only: a restart brings back the same faucet and mint with
 * fresh balances, while receivers' balances start over. With `state` (chain/owner.ts), every
 * transaction's accounts are saved, and a start restores them instead of creating anew.
 */
export function openEmbeddedChain(options: {
  faucet: KeyPairSigner;
  mint: KeyPairSigner;
  faucetLamports?: bigint;
  supply?: bigint;
  state?: EmbeddedChainState;
}): EmbeddedChain {
  let started: Promise<{ faucet: Faucet; svm: LiteSVM; transport: ChainTransport }> | undefined;
  const start = () => {
    started ??= (async () => {
      const { state } = options;
      const { transport, svm } = await createEmbeddedTransport(state);
      const saved = state ? await state.load() : [];
      if (saved.length > 0) {
        for (const account of saved) svm.setAccount(account);
      } else {
        await bootstrapEmbeddedChain(svm, options.faucet, options.mint, options);
        const faucetToken = await associatedTokenAddress(
          options.faucet.address,
          options.mint.address,
        );
        await state?.save(
          accountsToSave(svm, [options.faucet.address, options.mint.address, faucetToken]),
        );
      }
      return {
        svm,
        transport,
        faucet: createFaucet({ transport, signer: options.faucet, mint: options.mint.address }),
      };
    })();
    return started;
  };
  const chain = chainOf(
    'embedded',
    options.faucet.address,
    options.mint.address,
    async () => (await start()).faucet,
    async () => {
      if (started) await (await started.catch(() => null))?.transport.close();
    },
  );
  return { ...chain, svm: async () => (await start()).svm };
}

/** A real cluster through SOLANA_RPC_URL, paying from FAUCET_SECRET_KEY's account. */
export async function openRpcChain(options: {
  cluster: Cluster;
  rpcUrl: string;
  secretKey: SecretKey;
  mint: Address;
  transport?: ChainTransport;
  rpc?: RpcTransportOptions;
}): Promise<Chain> {
  const signer = await signerFromSecretKey(options.secretKey, 'FAUCET_SECRET_KEY');
  const transport = options.transport ?? createRpcTransportForUrl(options.rpcUrl, options.rpc);
  const faucet = createFaucet({ transport, signer, mint: options.mint });
  return chainOf(
    options.cluster,
    signer.address,
    options.mint,
    async () => faucet,
    () => transport.close(),
  );
}

/**
 * Opens the chain the settings describe, or returns null when the faucet is turned off. Keys are
 * read (and, for the embedded chain, created under DATA_DIR/chain) now, so a bad key stops
 * start-up; no network request is made, so an unreachable RPC node does not.
 */
export async function openChain(settings: FaucetSettings, dataDir: string): Promise<Chain | null> {
  if (!settings.enabled) return null;
  if (settings.cluster === 'embedded') {
    const paths = embeddedKeyPaths(dataDir);
    const faucet = settings.secretKey
      ? await signerFromSecretKey(settings.secretKey, 'FAUCET_SECRET_KEY')
      : await loadOrCreateKeyPairFile(paths.faucet);
    const mint = await loadOrCreateKeyPairFile(paths.mint);
    return openEmbeddedChain({ faucet, mint });
  }
  if (!settings.rpcUrl || !settings.secretKey || !settings.mint) {
    throw new Error('an RPC cluster needs SOLANA_RPC_URL, FAUCET_SECRET_KEY and TOKEN_MINT');
  }
  return openRpcChain({
    cluster: settings.cluster,
    rpcUrl: settings.rpcUrl,
    secretKey: settings.secretKey,
    mint: settings.mint,
  });
}

export { FaucetTransferError, type FaucetProblem, type PreparedTransfer } from './faucet.js';
export type { EmbeddedChainState } from './embedded.js';
export type { Cluster, SignatureStatus } from './types.js';
export { CLUSTERS } from './types.js';
export { explorerTxUrl, networkName } from './cluster.js';
export {
  faucetEnvSchema,
  faucetSettingsFromEnv,
  SECRET_SETTINGS,
  type FaucetEnv,
  type FaucetLimits,
  type FaucetSettings,
} from './settings.js';
export { formatTokenAmount, parseTokenAmount, tokenAmountNumber } from './units.js';
