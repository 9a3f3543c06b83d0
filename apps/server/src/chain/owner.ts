/**
 * The embedded chain shared by several processes on one database: one process owns it and sends
 * every transfer; the others hand theirs over and read balances and statuses from the database.
 *
 * Ownership is a lease row (`chain_owners`, migration 0013) taken in one statement, renewed every
 * third of CHAIN_OWNER_LEASE_SECONDS and given back on close; when its owner dies, the first
 * process to look after the lease ran out takes it (at its next renewal tick, or at once when a
 * request needs a sender). Each takeover raises the row's generation, and the owner's writes are
 * fenced by it: an owner that lost the lease (paused too long, cut off from the database) can no
 * longer write the chain's state, stops sending and drops its VM.
 *
 * The chain's state lives in the database, not in the owner: after every transaction the owner
 * saves the accounts it touched (the faucet, the mint, each receiver and its token account) and
 * its signature's outcome, before the ledger hears of it. A new owner starts a fresh LiteSVM and
 * writes those accounts into it, so balances minted and paid survive any number of takeovers; a
 * transaction whose state could not be saved counts as unconfirmed (the ledger keeps it pending,
 * reserved, and never pays it twice). Any process reads balances and signature statuses from the
 * saved accounts.
 *
 * A transfer asked of a process that does not own the chain is handed over: the ledger row is
 * already written (pending), a `chain-transfer` job names it, and the owner's transfer worker
 * (which claims only such jobs) sends it; the asking process waits on the ledger row for the
 * signature (CHAIN_TRANSFER_TIMEOUT_SECONDS).
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { lamports, type Address, type EncodedAccount, type KeyPairSigner } from '@solana/kit';
import { explorerTxBase, networkName } from './cluster.js';
import { createFaucet, FaucetTransferError, type PreparedTransfer } from './faucet.js';
import { openEmbeddedChain, type Chain, type EmbeddedChain, type TransferRelay } from './index.js';
import type { ChainTransport } from './types.js';

/** The job kind of a transfer handed over to the chain's owner: subject `faucet:<id>` or `reward:<id>`. */
export const CHAIN_TRANSFER_JOB = 'chain-transfer';

/** An account as the database keeps it (repositories/chain-repository.ts). */
export interface SavedAccount {
  address: string;
  lamports: bigint;
  program: string;
  executable: boolean;
  data: Uint8Array;
}

/** The SQL behind ownership and the saved state (repositories/chain-repository.ts). */
export interface ChainOwnerStore {
  takeOwnership(
    chain: string,
    holder: string,
    times: { now: string; until: string },
  ): Promise<number | null>;
  renewOwnership(
    chain: string,
    holder: string,
    generation: number,
    until: string,
  ): Promise<boolean>;
  releaseOwnership(chain: string, holder: string, generation: number): Promise<void>;
  save(
    chain: string,
    owner: { holder: string; generation: number },
    write: {
      accounts: SavedAccount[];
      signature?: { value: string; status: 'confirmed' | 'failed' };
    },
    at: string,
  ): Promise<boolean>;
  accounts(chain: string): Promise<SavedAccount[]>;
  accountsByAddress(chain: string, addresses: string[]): Promise<Map<string, SavedAccount>>;
  signatureStatus(chain: string, signature: string): Promise<'confirmed' | 'failed' | null>;
}

/** Where handed-over transfers are queued (the job table). */
export type HandOverQueue = (kind: string, subjectId: string) => Promise<void>;

export interface SharedChain extends Chain {
  readonly relay: TransferRelay;
  /** Whether this process owns the chain now. */
  owns(): boolean;
  /** Called with true when this process takes the chain, false when it loses or gives it up. */
  onOwnership(listener: (owned: boolean) => void): void;
  /** Starts looking (takes the chain at once if no one owns it). */
  start(): Promise<void>;
}

class OwnershipLostError extends Error {
  override readonly name = 'OwnershipLostError';
}

export function openSharedEmbeddedChain(deps: {
  faucet: KeyPairSigner;
  mint: KeyPairSigner;
  store: ChainOwnerStore;
  queue: HandOverQueue;
  now: () => Date;
  /** CHAIN_OWNER: false, this process never owns the chain (it always hands over). */
  candidate?: boolean;
  /** CHAIN_OWNER_LEASE_SECONDS. */
  leaseSeconds: number;
  /** CHAIN_TRANSFER_TIMEOUT_SECONDS, in ms. */
  transferWaitMs: number;
  log?: { info: (message: string) => void; warn: (message: string, error?: unknown) => void };
  faucetLamports?: bigint;
  supply?: bigint;
}): SharedChain {
  const { store, now, leaseSeconds } = deps;
  const chainId = `embedded:${deps.mint.address}`;
  const holder = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const iso = (offsetSeconds = 0) => new Date(now().getTime() + offsetSeconds * 1000).toISOString();
  const listeners: ((owned: boolean) => void)[] = [];
  let owned: { generation: number; chain: EmbeddedChain } | null = null;
  let taking: Promise<boolean> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const tell = (value: boolean) => {
    for (const listener of listeners) listener(value);
  };

  function stateFor(generation: number) {
    return {
      load: async () => (await store.accounts(chainId)).map(toEncoded),
      async save(
        accounts: EncodedAccount[],
        signature?: { value: string; status: 'confirmed' | 'failed' },
      ) {
        const saved = await store.save(
          chainId,
          { holder, generation },
          { accounts: accounts.map(toSaved), signature },
          iso(),
        );
        if (!saved) {
          void lose(generation);
          throw new OwnershipLostError('another process owns the chain now');
        }
      },
      signatureStatus: (signature: string) => store.signatureStatus(chainId, signature),
    };
  }

  async function lose(generation: number): Promise<void> {
    if (!owned || owned.generation !== generation) return;
    const { chain } = owned;
    owned = null;
    deps.log?.warn(`this process no longer owns the embedded chain (generation ${generation})`);
    tell(false);
    await chain.close().catch(() => undefined);
  }

  /** Takes the chain when no one owns it; true when this process owns it (now or already). */
  function tryTake(): Promise<boolean> {
    if (owned) return Promise.resolve(true);
    if (closed || deps.candidate === false) return Promise.resolve(false);
    taking ??= (async () => {
      const generation = await store.takeOwnership(chainId, holder, {
        now: iso(),
        until: iso(leaseSeconds),
      });
      if (generation === null) return false;
      const chain = openEmbeddedChain({
        faucet: deps.faucet,
        mint: deps.mint,
        faucetLamports: deps.faucetLamports,
        supply: deps.supply,
        state: stateFor(generation),
      });
      try {
        // Restored (or created) now, so the first transfer does not wait for it.
        await chain.svm();
      } catch (error) {
        await store.releaseOwnership(chainId, holder, generation).catch(() => undefined);
        await chain.close().catch(() => undefined);
        throw error;
      }
      owned = { generation, chain };
      deps.log?.info(`this process owns the embedded chain now (generation ${generation})`);
      tell(true);
      return true;
    })().finally(() => {
      taking = null;
    });
    return taking;
  }

  async function tick(): Promise<void> {
    if (closed) return;
    if (owned) {
      const { generation } = owned;
      const kept = await store.renewOwnership(chainId, holder, generation, iso(leaseSeconds));
      if (!kept) await lose(generation);
      return;
    }
    await tryTake();
  }

  /** Prepared by this process's chain while it owns it, and sent only if it still does. */
  async function ownersOnly(
    prepare: (chain: EmbeddedChain) => Promise<PreparedTransfer>,
  ): Promise<PreparedTransfer> {
    const current = owned;
    if (!current) {
      throw new FaucetTransferError(
        'chain-unavailable',
        'the Solana network could not be reached',
        'this process does not own the embedded chain',
      );
    }
    const prepared = await prepare(current.chain);
    return {
      ...prepared,
      send: async () => {
        // Sent only by the owner of the generation that prepared it.
        if (owned !== current) {
          throw new FaucetTransferError(
            'chain-unavailable',
            'the Solana network could not be reached',
            'the embedded chain changed owner before the transfer was sent',
          );
        }
        await prepared.send();
      },
    };
  }

  // Reads never need the owner: the saved accounts are the chain's state after the last
  // transaction, for every process alike.
  const reader = createFaucet({
    transport: savedStateTransport(store, chainId),
    signer: deps.faucet,
    mint: deps.mint.address,
  });

  const relay: TransferRelay = {
    waitMs: deps.transferWaitMs,
    // The owner makes sure it still is (one statement): one whose lease another process took
    // while it was paused hands over instead of sending into a chain it no longer owns.
    sendsHere: () =>
      tick().then(
        () => owned !== null,
        () => false,
      ),
    handOver: (kind, id) => deps.queue(CHAIN_TRANSFER_JOB, `${kind}:${id}`),
  };

  return {
    cluster: 'embedded',
    networkName: networkName('embedded'),
    faucetAddress: deps.faucet.address,
    mint: deps.mint.address,
    explorerTxBase: explorerTxBase('embedded'),
    explorerUrl: () => null,
    relay,
    owns: () => owned !== null,
    onOwnership: (listener) => {
      listeners.push(listener);
    },
    prepareTransfer: (receiver, units, memo) =>
      ownersOnly((chain) => chain.prepareTransfer(receiver, units, memo)),
    prepareMemo: (memo) => ownersOnly((chain) => chain.prepareMemo(memo)),
    signatureStatus: (signature) => reader.signatureStatus(signature),
    tokenBalance: (owner) => reader.tokenBalance(owner),
    async start() {
      await tryTake().catch((error: unknown) =>
        deps.log?.warn('taking the embedded chain failed; trying again later', error),
      );
      timer = setInterval(
        () => {
          tick().catch((error: unknown) =>
            deps.log?.warn('looking after the embedded chain failed', error),
          );
        },
        Math.max(500, (leaseSeconds * 1000) / 3),
      );
      timer.unref();
    },
    async close() {
      closed = true;
      clearInterval(timer);
      await taking?.catch(() => undefined);
      const current = owned;
      if (!current) return;
      owned = null;
      tell(false);
      await current.chain.close().catch(() => undefined);
      // Not given back (the database is gone): the lease runs out instead.
      await store
        .releaseOwnership(chainId, holder, current.generation)
        .catch((error: unknown) => deps.log?.warn('giving the embedded chain back failed', error));
    },
  };
}

function toEncoded(account: SavedAccount): EncodedAccount {
  return {
    address: account.address as Address,
    lamports: lamports(account.lamports),
    programAddress: account.program as Address,
    executable: account.executable,
    data: account.data,
    space: BigInt(account.data.byteLength),
  };
}

function toSaved(account: EncodedAccount): SavedAccount {
  return {
    address: account.address,
    lamports: account.lamports,
    program: account.programAddress,
    executable: account.executable,
    data: Uint8Array.from(account.data),
  };
}

/** A read-only view of the chain from its saved state: accounts and signature outcomes. */
function savedStateTransport(store: ChainOwnerStore, chainId: string): ChainTransport {
  const notHere = () => {
    throw new Error('only the chain owner sends; the saved state is read-only');
  };
  return {
    kind: 'embedded',
    async getAccounts(addresses) {
      const found = await store.accountsByAddress(chainId, addresses);
      return addresses.map((address) => {
        const account = found.get(address);
        if (!account) return { address, exists: false as const };
        return {
          address,
          exists: true as const,
          lamports: lamports(account.lamports),
          programAddress: account.program as Address,
          executable: account.executable,
          data: account.data,
          space: BigInt(account.data.byteLength),
        };
      });
    },
    getMinimumBalanceForRentExemption: async () => notHere(),
    getLatestBlockhash: async () => notHere(),
    sendAndConfirm: async () => notHere(),
    async getSignatureStatus(signature) {
      return (await store.signatureStatus(chainId, signature)) ?? 'not-found';
    },
    close: async () => undefined,
  };
}
