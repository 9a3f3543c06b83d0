import {
  createSolanaRpcFromTransport,
  generateKeyPairSigner,
  getBase64Decoder,
  getBase64Encoder,
  getSignatureFromTransaction,
  getTransactionDecoder,
  type Address,
  type RpcTransport,
  type Transaction,
} from '@solana/kit';
import { ACCOUNT_ACTIVATION_LAMPORTS } from '@symposia/shared';
import type { LiteSVM } from 'litesvm';
import { describe, expect, it } from 'vitest';
import { bootstrapEmbeddedChain, createEmbeddedTransport } from './embedded.js';
import { createFaucet, FaucetTransferError, type FaucetProblem } from './faucet.js';
import { failureFromLiteSvm } from './failures.js';
import { createRpcTransport, safeErrorText } from './rpc.js';
import type { ChainFailure } from './types.js';

/**
 * The RPC transport against a JSON-RPC node played by LiteSVM: kit's real RPC client (request
 * and response transformers, bigint handling, error decoding) and the real programs, without a
 * network. Only the node's side is imitated, and only the methods the faucet calls.
 */

type Behaviour = {
  /** sendTransaction: execute and answer, never execute (the transaction is dropped), execute
   * but lose the answer, or refuse with a JSON-RPC error. */
  send: 'normal' | 'drop' | 'lose-answer' | 'refuse';
  /** getMultipleAccounts fails as a network error would (with the URL in its message). */
  accountsDown: boolean;
  /** getSignatureStatuses never answers. */
  statusesDown: boolean;
};

function toRpcError(failure: ChainFailure): unknown {
  if (failure.scope === 'transaction') return failure.reason;
  return {
    InstructionError: [
      failure.index,
      failure.custom !== undefined ? { Custom: failure.custom } : failure.reason,
    ],
  };
}

function fakeNode(svm: LiteSVM, FailedTransactionMetadata: new (...args: never[]) => unknown) {
  const behaviour: Behaviour = { send: 'normal', accountsDown: false, statusesDown: false };
  let blockHeight = 1000;
  const calls: string[] = [];
  const decode = (wire: string): Transaction =>
    getTransactionDecoder().decode(getBase64Encoder().encode(wire));
  const failed = (value: unknown): value is { err(): unknown } =>
    value instanceof FailedTransactionMetadata;

  const methods: Record<string, (params: unknown[]) => unknown> = {
    getMultipleAccounts([addresses]) {
      if (behaviour.accountsDown) {
        throw new TypeError(
          'fetch failed: connect ECONNREFUSED https://rpc.example/?api-key=SECRET123',
        );
      }
      return {
        context: { slot: 1 },
        value: (addresses as Address[]).map((address) => {
          const account = svm.getAccount(address);
          if (!account.exists) return null;
          return {
            data: [getBase64Decoder().decode(account.data), 'base64'],
            executable: account.executable,
            lamports: Number(account.lamports),
            owner: account.programAddress,
            rentEpoch: 0,
            space: Number(account.space),
          };
        }),
      };
    },
    getMinimumBalanceForRentExemption([space]) {
      return Number(svm.minimumBalanceForRentExemption(BigInt(space as number)));
    },
    getLatestBlockhash() {
      return {
        context: { slot: 1 },
        value: { blockhash: svm.latestBlockhash(), lastValidBlockHeight: blockHeight + 150 },
      };
    },
    simulateTransaction([wire]) {
      const result = svm.simulateTransaction(decode(wire as string));
      const err = failed(result) ? toRpcError(failureFromLiteSvm(result.err())) : null;
      return {
        context: { slot: 1 },
        value: { err, logs: [], accounts: null, unitsConsumed: 0, returnData: null },
      };
    },
    sendTransaction([wire]) {
      const transaction = decode(wire as string);
      if (behaviour.send === 'refuse') {
        throw Object.assign(new Error('refused'), {
          jsonRpcError: { code: -32602, message: 'invalid transaction' },
        });
      }
      if (behaviour.send !== 'drop') svm.sendTransaction(transaction);
      if (behaviour.send === 'lose-answer') throw new TypeError('socket hang up');
      return getSignatureFromTransaction(transaction);
    },
    getSignatureStatuses([signatures]) {
      if (behaviour.statusesDown) throw new TypeError('fetch failed');
      return {
        context: { slot: 1 },
        value: (signatures as string[]).map((signature) => {
          const found = svm.getTransaction(signature as never);
          if (!found) return null;
          return {
            slot: 1,
            confirmations: null,
            err: failed(found) ? toRpcError(failureFromLiteSvm(found.err())) : null,
            confirmationStatus: 'confirmed',
          };
        }),
      };
    },
    getBlockHeight() {
      // Time passes while the faucet polls.
      blockHeight += 60;
      return blockHeight;
    },
  };

  const transport: RpcTransport = async <T>({ payload }: { payload: unknown }) => {
    const { method, params, id } = payload as { method: string; params: unknown[]; id: string };
    calls.push(method);
    const handler = methods[method];
    if (!handler)
      return { jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } } as T;
    try {
      return { jsonrpc: '2.0', id, result: handler(params) } as T;
    } catch (error) {
      const rpcError = (error as { jsonRpcError?: { code: number; message: string } }).jsonRpcError;
      if (rpcError) return { jsonrpc: '2.0', id, error: rpcError } as T;
      throw error;
    }
  };
  return { behaviour, calls, rpc: createSolanaRpcFromTransport(transport) };
}

async function setUp() {
  const { svm } = await createEmbeddedTransport();
  const { FailedTransactionMetadata } = await import('litesvm');
  const [faucetSigner, mint] = await Promise.all([
    generateKeyPairSigner(),
    generateKeyPairSigner(),
  ]);
  await bootstrapEmbeddedChain(svm, faucetSigner, mint);
  const node = fakeNode(svm, FailedTransactionMetadata as never);
  let clock = 0;
  const transport = createRpcTransport(node.rpc, {
    pollIntervalMs: 500,
    confirmTimeoutMs: 25_000,
    now: () => clock,
    sleep: async (ms) => {
      clock += ms;
    },
  });
  const faucet = createFaucet({ transport, signer: faucetSigner, mint: mint.address });
  const receiver = (await generateKeyPairSigner()).address;
  const tokens = async (owner: Address) => faucet.tokenBalance(owner);
  return { svm, node, faucet, receiver, tokens, transport };
}

async function problemOf(promise: Promise<unknown>): Promise<FaucetTransferError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(FaucetTransferError);
  return error as FaucetTransferError;
}

const expectProblem = async (promise: Promise<unknown>, problem: FaucetProblem) =>
  expect((await problemOf(promise)).problem).toBe(problem);

describe('RPC transport (kit RPC client against a LiteSVM-backed JSON-RPC node)', () => {
  it('pays a new receiver: simulate, send, poll until confirmed', async () => {
    const { svm, node, faucet, receiver, tokens } = await setUp();
    const prepared = await faucet.prepareTransfer(receiver, 3_000_000_000n, 'rpc:1');
    await prepared.send();
    expect(node.calls).toEqual([
      'getMultipleAccounts',
      'getMinimumBalanceForRentExemption',
      'getMinimumBalanceForRentExemption',
      'getLatestBlockhash',
      'simulateTransaction',
      'sendTransaction',
      'getSignatureStatuses',
    ]);
    expect(await tokens(receiver)).toBe(3_000_000_000n);
    expect(svm.getBalance(receiver)).toBe(BigInt(ACCOUNT_ACTIVATION_LAMPORTS));
    expect(await faucet.signatureStatus(prepared.signature)).toBe('confirmed');
  });

  it('names a failing instruction from the simulation, and sends nothing', async () => {
    const { svm, node, faucet, receiver, tokens } = await setUp();
    const prepared = await faucet.prepareTransfer(receiver, 1_000_000_000n, 'rpc:1');
    const faucetAccount = svm.getAccount(faucet.address);
    if (!faucetAccount.exists) throw new Error('no faucet');
    svm.setAccount({ ...faucetAccount, lamports: (890_880n + 990_880n + 5000n + 10n) as never });
    await expectProblem(prepared.send(), 'insufficient-sol');
    expect(node.calls).not.toContain('sendTransaction');
    expect(await tokens(receiver)).toBeNull();
  });

  it('finds a transaction whose send answer was lost', async () => {
    const { node, faucet, receiver, tokens } = await setUp();
    node.behaviour.send = 'lose-answer';
    const prepared = await faucet.prepareTransfer(receiver, 2_000_000_000n, 'rpc:1');
    await prepared.send();
    expect(await tokens(receiver)).toBe(2_000_000_000n);
  });

  it('gives up a transaction that never lands once its blockhash has expired: rejected, not uncertain', async () => {
    const { node, faucet, receiver, tokens } = await setUp();
    node.behaviour.send = 'drop';
    const prepared = await faucet.prepareTransfer(receiver, 2_000_000_000n, 'rpc:1');
    await expectProblem(prepared.send(), 'rejected');
    expect(node.calls).toContain('getBlockHeight');
    expect(await tokens(receiver)).toBeNull();
  });

  it('treats a JSON-RPC refusal of the send as certain', async () => {
    const { node, faucet, receiver } = await setUp();
    node.behaviour.send = 'refuse';
    const prepared = await faucet.prepareTransfer(receiver, 2_000_000_000n, 'rpc:1');
    await expectProblem(prepared.send(), 'rejected');
    expect(node.calls).not.toContain('getSignatureStatuses');
  });

  it('answers uncertain when no status can be had before the confirmation timeout', async () => {
    const { node, faucet, receiver } = await setUp();
    node.behaviour.statusesDown = true;
    const prepared = await faucet.prepareTransfer(receiver, 2_000_000_000n, 'rpc:1');
    await expectProblem(prepared.send(), 'uncertain');
  });

  it('reports an unreachable node without its URL (which may carry an API key)', async () => {
    const { node, faucet, receiver } = await setUp();
    node.behaviour.accountsDown = true;
    const error = await problemOf(faucet.prepareTransfer(receiver, 1n, 'rpc:1'));
    expect(error.problem).toBe('chain-unavailable');
    expect(error.reason).toBe('the Solana network could not be reached');
    // The log's detail keeps the node's words, without the URL.
    expect(error.detail).toContain('ECONNREFUSED');
    expect(error.detail).not.toContain('SECRET123');
    expect(error.detail).not.toContain('rpc.example');
    expect(safeErrorText(new Error('GET https://a.b/c?api-key=k failed'))).toBe(
      'GET <rpc url> failed',
    );
  });
});
