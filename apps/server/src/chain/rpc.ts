import {
  createSolanaRpc,
  fetchEncodedAccounts,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  isSolanaError,
  SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR,
  type Rpc,
  type SolanaRpcApi,
  type Transaction,
} from '@solana/kit';
import { SOLANA_COMMITMENT } from '@symposia/shared';
import { failureFromRpc } from './failures.js';
import {
  ChainUnavailableError,
  TransactionRejectedError,
  TransactionUncertainError,
  type BlockhashLifetime,
  type ChainTransport,
} from './types.js';

const commitment = SOLANA_COMMITMENT;

export interface RpcTransportOptions {
  /** How long to wait for confirmation before answering "uncertain" (the API's clients wait 30 s). */
  confirmTimeoutMs?: number;
  pollIntervalMs?: number;
  /** Replaced in tests so polling takes no real time. */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

const DEFAULT_CONFIRM_TIMEOUT_MS = 20_000;
/** No single RPC call may hang a request: each is abandoned after this long. */
const CALL_TIMEOUT_MS = 10_000;
const timeout = () => ({ abortSignal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
const DEFAULT_POLL_INTERVAL_MS = 500;
/** Block height is asked every this many polls; it only matters once the blockhash is near its end. */
const BLOCK_HEIGHT_EVERY = 4;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Error text safe to show or log: RPC URLs often carry an API key in their path or query, so any
 * URL is cut out of it.
 */
export function safeErrorText(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : String(error);
  return text.replace(/\b(?:https?|wss?):\/\/\S+/gi, '<rpc url>').slice(0, 300);
}

/** The node answered with a JSON-RPC error, or refused the HTTP request: it did not take the transaction. */
function certainlyNotAccepted(error: unknown): boolean {
  if (!isSolanaError(error)) return false;
  if (isSolanaError(error, SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR)) {
    return error.context.statusCode >= 400 && error.context.statusCode < 500;
  }
  // JSON-RPC error responses become SolanaErrors whose code is the (negative) JSON-RPC code.
  return error.context.__code < 0;
}

/**
 * A real cluster through its JSON-RPC API, at confirmed commitment. Sending is simulate, send
 * (the node rebroadcasts until the blockhash expires), then poll getSignatureStatuses until the
 * transaction is confirmed, fails, or can no longer land (block height past the blockhash's
 * last valid height). Uses plain HTTP only, so no WebSocket endpoint has to be configured.
 */
export function createRpcTransport(
  rpc: Rpc<SolanaRpcApi>,
  options: RpcTransportOptions = {},
): ChainTransport {
  const confirmTimeoutMs = options.confirmTimeoutMs ?? DEFAULT_CONFIRM_TIMEOUT_MS;
  const pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  const sleep = options.sleep ?? wait;
  const now = options.now ?? Date.now;

  async function ask<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw new ChainUnavailableError(
        `the Solana RPC node did not answer: ${safeErrorText(error)}`,
      );
    }
  }

  async function confirm(transaction: Transaction, lifetime: BlockhashLifetime): Promise<void> {
    const signature = getSignatureFromTransaction(transaction);
    const deadline = now() + confirmTimeoutMs;
    for (let poll = 0; ; poll += 1) {
      const status = await rpc
        .getSignatureStatuses([signature])
        .send(timeout())
        .then((answer) => answer.value[0] ?? null)
        .catch(() => undefined);
      if (status?.err) {
        throw new TransactionRejectedError(
          failureFromRpc(status.err),
          'transaction failed on chain',
        );
      }
      if (
        status?.confirmationStatus === 'confirmed' ||
        status?.confirmationStatus === 'finalized'
      ) {
        return;
      }
      if (status === null && poll % BLOCK_HEIGHT_EVERY === BLOCK_HEIGHT_EVERY - 1) {
        const height = await rpc
          .getBlockHeight({ commitment })
          .send(timeout())
          .catch(() => undefined);
        if (height !== undefined && height > lifetime.lastValidBlockHeight) {
          // One last look: it may have landed in the very last valid block.
          const last = await rpc
            .getSignatureStatuses([signature])
            .send(timeout())
            .then((answer) => answer.value[0] ?? null)
            .catch(() => undefined);
          if (last === null) {
            throw new TransactionRejectedError(
              null,
              'the blockhash expired before the transaction landed',
            );
          }
          // Seen (not yet confirmed) or not answered: keep polling until the deadline.
        }
      }
      if (now() >= deadline) {
        throw new TransactionUncertainError(
          'no confirmation in time; the transaction may still land',
        );
      }
      await sleep(pollIntervalMs);
    }
  }

  return {
    kind: 'rpc',

    async getAccounts(addresses) {
      return ask(() => fetchEncodedAccounts(rpc, addresses, { commitment, ...timeout() }));
    },

    async getMinimumBalanceForRentExemption(space) {
      return ask(() =>
        rpc.getMinimumBalanceForRentExemption(space, { commitment }).send(timeout()),
      );
    },

    async getLatestBlockhash() {
      const { value } = await ask(() => rpc.getLatestBlockhash({ commitment }).send(timeout()));
      return value;
    },

    async sendAndConfirm(transaction, lifetime) {
      const wire = getBase64EncodedWireTransaction(transaction);
      // Simulating first names a failing instruction without paying a fee for it.
      const simulation = await ask(() =>
        rpc
          .simulateTransaction(wire, { encoding: 'base64', commitment, sigVerify: true })
          .send(timeout()),
      );
      const simulated = simulation.value.err;
      if (simulated && simulated !== 'AlreadyProcessed') {
        throw new TransactionRejectedError(
          failureFromRpc(simulated),
          'transaction simulation failed',
        );
      }
      if (!simulated) {
        try {
          await rpc
            .sendTransaction(wire, {
              encoding: 'base64',
              skipPreflight: true,
              preflightCommitment: commitment,
            })
            .send(timeout());
        } catch (error) {
          if (certainlyNotAccepted(error)) {
            throw new TransactionRejectedError(
              null,
              `the RPC node refused the transaction: ${safeErrorText(error)}`,
            );
          }
          // Lost on the way back, or the node broke after taking it: the status will tell.
        }
      }
      await confirm(transaction, lifetime);
    },

    async getSignatureStatus(signature) {
      const { value } = await ask(() =>
        rpc.getSignatureStatuses([signature], { searchTransactionHistory: true }).send(timeout()),
      );
      const status = value[0];
      if (!status) return 'not-found';
      if (status.err) return 'failed';
      return status.confirmationStatus === 'confirmed' || status.confirmationStatus === 'finalized'
        ? 'confirmed'
        : 'not-found';
    },

    async close() {
      // HTTP requests only; nothing stays open.
    },
  };
}

/** The transport for an RPC URL (e.g. https://api.mainnet-beta.solana.com). */
export function createRpcTransportForUrl(
  url: string,
  options: RpcTransportOptions = {},
): ChainTransport {
  return createRpcTransport(createSolanaRpc(url), options);
}
