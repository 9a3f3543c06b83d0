import {
  appendTransactionMessageInstructions,
  createTransactionMessage,
  getSignatureFromTransaction,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Address,
  type Blockhash,
  type Instruction,
  type KeyPairSigner,
  type MaybeEncodedAccount,
  type Signature,
} from '@solana/kit';
import {
  getTransferSolInstruction,
  SYSTEM_ERROR__RESULT_WITH_NEGATIVE_LAMPORTS,
  SYSTEM_PROGRAM_ADDRESS,
} from '@solana-program/system';
import {
  AccountState,
  decodeMint,
  decodeToken,
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTokenSize,
  getTransferCheckedInstruction,
  TOKEN_ERROR__ACCOUNT_FROZEN,
  TOKEN_ERROR__INSUFFICIENT_FUNDS,
  TOKEN_PROGRAM_ADDRESS,
  type Token,
} from '@solana-program/token';
import { ACCOUNT_ACTIVATION_LAMPORTS, TOKEN_DECIMALS } from '@symposia/shared';
import { describeFailure, isInsufficientLamports } from './failures.js';
import {
  ChainUnavailableError,
  TransactionRejectedError,
  TransactionUncertainError,
  type ChainFailure,
  type ChainTransport,
  type SignatureStatus,
} from './types.js';

/** The memo program (v2): a memo makes every faucet transaction unique and traceable to its ledger row. */
export const MEMO_PROGRAM_ADDRESS = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr' as Address;

/** Lamports per signature; the faucet's transactions carry one. */
const FEE_LAMPORTS = 5000n;

/**
 * What went wrong, in the faucet's terms. The service turns each into the spec's message and an
 * HTTP status; `reason` is a short, non-secret explanation (it may be shown after the message).
 */
export type FaucetProblem =
  /** The faucet's own system account does not exist (no SOL at all). */
  | 'source-account-missing'
  /** The faucet's associated token account of the mint does not exist. */
  | 'source-token-account-missing'
  /** The faucet has too few lamports for the fee, the activation or the token account's rent. */
  | 'insufficient-sol'
  /** The faucet's token account holds fewer tokens than asked. */
  | 'out-of-tokens'
  /** The configured mint does not exist, is not an SPL Token mint, or has other decimals. */
  | 'mint-invalid'
  /** The receiving address cannot take tokens (a program account, the faucet itself, frozen). */
  | 'receiver-invalid'
  | 'activation-failed'
  | 'token-operation-failed'
  /** The chain could not be asked; nothing was sent. */
  | 'chain-unavailable'
  /** The transaction certainly did not move anything, for another reason (e.g. it expired). */
  | 'rejected'
  /** The transaction was sent and may still land. */
  | 'uncertain';

export class FaucetTransferError extends Error {
  override readonly name = 'FaucetTransferError';
  constructor(
    readonly problem: FaucetProblem,
    /** Shown to the member after the spec's message. */
    readonly reason: string,
    /** For the server log only: what the node said (URLs already removed). */
    readonly detail: string = reason,
  ) {
    super(`${problem}: ${detail}`);
  }
}

/** One instruction of a faucet transaction, so a failure at index i can be named. */
export type TransferStep = 'activate' | 'create-token-account' | 'transfer' | 'memo';

export interface PreparedTransfer {
  /** Known before sending: the fee payer's signature is the transaction's id. */
  signature: Signature;
  steps: TransferStep[];
  /** Sends and waits for confirmation; throws FaucetTransferError. */
  send(): Promise<void>;
}

export interface Faucet {
  readonly address: Address;
  readonly mint: Address;
  /**
   * Checks the source accounts, the receiver and the balances, then builds and signs one
   * transaction: activation of a new receiver (990,880 lamports), its associated token account
   * (idempotent), `transferChecked` of `units`, and the memo. Nothing is sent yet. Throws
   * FaucetTransferError when a check fails.
   */
  prepareTransfer(receiver: Address, units: bigint, memo: string): Promise<PreparedTransfer>;
  /**
   * A transaction of one memo instruction, paid by the faucet (receipts' Merkle roots, issue 29).
   * Nothing is sent yet.
   */
  prepareMemo(memo: string): Promise<PreparedTransfer>;
  signatureStatus(signature: Signature): Promise<SignatureStatus>;
  /** Token balance of an owner's associated token account (null if it has none), in units. */
  tokenBalance(owner: Address): Promise<bigint | null>;
}

/** The memo program's instruction carrying `memo` (UTF-8), signed by no one but the payer. */
function memoInstruction(memo: string): Instruction {
  return { programAddress: MEMO_PROGRAM_ADDRESS, data: new TextEncoder().encode(memo) };
}

export async function associatedTokenAddress(owner: Address, mint: Address): Promise<Address> {
  const [ata] = await findAssociatedTokenPda({ owner, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS });
  return ata;
}

/** A version-0 transaction of `instructions` paid by `payer`, valid while `lifetime` is; signed. */
export function signedTransaction(
  payer: KeyPairSigner,
  lifetime: { blockhash: Blockhash; lastValidBlockHeight: bigint },
  instructions: readonly Instruction[],
) {
  return signTransactionMessageWithSigners(
    pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(payer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
      (m) => appendTransactionMessageInstructions(instructions, m),
    ),
  );
}

function decodeTokenAccount(account: MaybeEncodedAccount): Token | null {
  if (!account.exists || account.programAddress !== TOKEN_PROGRAM_ADDRESS) return null;
  try {
    return decodeToken(account).data;
  } catch {
    return null;
  }
}

/** Whether an existing account is a plain wallet: owned by the System Program, no data, not a program. */
function isWallet(account: MaybeEncodedAccount): boolean {
  return (
    account.exists &&
    account.programAddress === SYSTEM_PROGRAM_ADDRESS &&
    account.data.length === 0 &&
    !account.executable
  );
}

export function createFaucet(deps: {
  transport: ChainTransport;
  signer: KeyPairSigner;
  mint: Address;
}): Faucet {
  const { transport, signer, mint } = deps;
  const faucet = signer.address;
  const rent = new Map<bigint, Promise<bigint>>();
  let sourceAta: Promise<Address> | undefined;

  /** Rent-exempt minimums do not change while the process runs; asked once per size. */
  function rentExempt(space: bigint): Promise<bigint> {
    let known = rent.get(space);
    if (!known) {
      known = transport.getMinimumBalanceForRentExemption(space);
      known.catch(() => rent.delete(space));
      rent.set(space, known);
    }
    return known;
  }

  async function lookUp(addresses: Address[]) {
    try {
      return await transport.getAccounts(addresses);
    } catch (error) {
      throw unavailable(error);
    }
  }

  function checkMint(account: MaybeEncodedAccount): void {
    if (!account.exists || account.programAddress !== TOKEN_PROGRAM_ADDRESS) {
      throw new FaucetTransferError('mint-invalid', `the token mint ${mint} does not exist`);
    }
    let decimals: number;
    try {
      decimals = decodeMint(account).data.decimals;
    } catch {
      throw new FaucetTransferError('mint-invalid', `${mint} is not a token mint`);
    }
    if (decimals !== TOKEN_DECIMALS) {
      throw new FaucetTransferError(
        'mint-invalid',
        `the token mint has ${decimals} decimals, the faucet pays tokens of ${TOKEN_DECIMALS}`,
      );
    }
  }

  /** Names the failure of one instruction (or of the whole transaction) in the faucet's terms. */
  function problemOf(failure: ChainFailure | null, steps: TransferStep[]): FaucetTransferError {
    if (!failure) return new FaucetTransferError('rejected', 'the transaction did not land');
    const reason = describeFailure(failure);
    if (failure.scope === 'transaction') {
      if (isInsufficientLamports(failure))
        return new FaucetTransferError('insufficient-sol', reason);
      return new FaucetTransferError('rejected', reason);
    }
    const step = steps[failure.index];
    const lamportsShort =
      isInsufficientLamports(failure) ||
      failure.custom === SYSTEM_ERROR__RESULT_WITH_NEGATIVE_LAMPORTS;
    switch (step) {
      case 'activate':
        return lamportsShort
          ? new FaucetTransferError('insufficient-sol', reason)
          : new FaucetTransferError('activation-failed', reason);
      case 'create-token-account':
        return lamportsShort
          ? new FaucetTransferError('insufficient-sol', reason)
          : new FaucetTransferError('token-operation-failed', reason);
      case 'transfer':
        if (failure.custom === TOKEN_ERROR__INSUFFICIENT_FUNDS) {
          return new FaucetTransferError('out-of-tokens', 'the faucet has too few tokens left');
        }
        if (failure.custom === TOKEN_ERROR__ACCOUNT_FROZEN) {
          return new FaucetTransferError('token-operation-failed', 'a token account is frozen');
        }
        return new FaucetTransferError('token-operation-failed', reason);
      default:
        return new FaucetTransferError('rejected', reason);
    }
  }

  /** Signs `instructions` with a fresh blockhash; `send` sends them once and names a failure. */
  async function prepared(
    instructions: readonly Instruction[],
    steps: TransferStep[],
  ): Promise<PreparedTransfer> {
    let lifetime;
    try {
      lifetime = await transport.getLatestBlockhash();
    } catch (error) {
      throw unavailable(error);
    }
    const transaction = await signedTransaction(signer, lifetime, instructions);
    const signature = getSignatureFromTransaction(transaction);
    return {
      signature,
      steps,
      async send() {
        try {
          await transport.sendAndConfirm(transaction, lifetime);
        } catch (error) {
          if (error instanceof TransactionRejectedError) {
            // The same transaction already landed (a resend): its status is the answer.
            if (
              error.failure?.scope === 'transaction' &&
              error.failure.reason === 'AlreadyProcessed'
            ) {
              const status = await transport.getSignatureStatus(signature).catch(() => 'not-found');
              if (status === 'confirmed') return;
              if (status === 'failed')
                throw new FaucetTransferError('rejected', 'the transaction failed');
              throw new FaucetTransferError('uncertain', 'the transaction was already sent');
            }
            throw problemOf(error.failure, steps);
          }
          if (error instanceof ChainUnavailableError) {
            throw unavailable(error);
          }
          // Anything else happened after the transaction may have left: it may still land.
          const reason =
            error instanceof TransactionUncertainError ? error.message : 'no confirmation';
          throw new FaucetTransferError('uncertain', reason);
        }
      },
    };
  }

  return {
    address: faucet,
    mint,

    async prepareTransfer(receiver, units, memo) {
      if (units <= 0n) throw new RangeError('the amount must be positive');
      if (receiver === faucet) {
        throw new FaucetTransferError('receiver-invalid', "this is the faucet's own address");
      }
      sourceAta ??= associatedTokenAddress(faucet, mint);
      const [sourceTokenAddress, receiverTokenAddress] = await Promise.all([
        sourceAta,
        associatedTokenAddress(receiver, mint),
      ]);
      const [source, sourceToken, mintAccount, target, targetToken] = await lookUp([
        faucet,
        sourceTokenAddress,
        mint,
        receiver,
        receiverTokenAddress,
      ]);
      if (!source?.exists) {
        throw new FaucetTransferError('source-account-missing', `${faucet} has no account`);
      }
      const sourceTokenData = sourceToken && decodeTokenAccount(sourceToken);
      if (!sourceTokenData || sourceTokenData.mint !== mint || sourceTokenData.owner !== faucet) {
        throw new FaucetTransferError(
          'source-token-account-missing',
          `${faucet} has no token account of ${mint}`,
        );
      }
      if (mintAccount) checkMint(mintAccount);
      if (sourceTokenData.state === AccountState.Frozen) {
        throw new FaucetTransferError(
          'token-operation-failed',
          "the faucet's token account is frozen",
        );
      }
      if (sourceTokenData.amount < units) {
        throw new FaucetTransferError('out-of-tokens', 'the faucet has too few tokens left');
      }

      const activate = !target?.exists;
      if (target?.exists && !isWallet(target)) {
        throw new FaucetTransferError(
          'receiver-invalid',
          'the address belongs to a program or data account, not to a wallet',
        );
      }
      const createTokenAccount = !targetToken?.exists;
      if (targetToken?.exists) {
        const data = decodeTokenAccount(targetToken);
        if (!data || data.mint !== mint || data.owner !== receiver) {
          throw new FaucetTransferError(
            'receiver-invalid',
            'its token account is not of this token',
          );
        }
        if (data.state === AccountState.Frozen) {
          throw new FaucetTransferError('receiver-invalid', 'its token account is frozen');
        }
      }

      // What the transaction costs the faucet, and the faucet must stay rent-exempt itself.
      let rentForTokenAccount: bigint;
      let reserve: bigint;
      try {
        [rentForTokenAccount, reserve] = await Promise.all([
          rentExempt(BigInt(getTokenSize())),
          rentExempt(0n),
        ]);
      } catch (error) {
        throw unavailable(error);
      }
      const needed =
        FEE_LAMPORTS +
        reserve +
        (activate ? BigInt(ACCOUNT_ACTIVATION_LAMPORTS) : 0n) +
        (createTokenAccount ? rentForTokenAccount : 0n);
      if (source.lamports < needed) {
        throw new FaucetTransferError(
          'insufficient-sol',
          `the faucet has ${source.lamports} lamports and needs ${needed}`,
        );
      }

      const steps: TransferStep[] = [];
      const instructions: Instruction[] = [];
      if (activate) {
        steps.push('activate');
        instructions.push(
          getTransferSolInstruction({
            source: signer,
            destination: receiver,
            amount: lamports(BigInt(ACCOUNT_ACTIVATION_LAMPORTS)),
          }),
        );
      }
      if (createTokenAccount) {
        steps.push('create-token-account');
        instructions.push(
          getCreateAssociatedTokenIdempotentInstruction({
            payer: signer,
            ata: receiverTokenAddress,
            owner: receiver,
            mint,
          }),
        );
      }
      steps.push('transfer');
      instructions.push(
        getTransferCheckedInstruction({
          source: sourceTokenAddress,
          mint,
          destination: receiverTokenAddress,
          authority: signer,
          amount: units,
          decimals: TOKEN_DECIMALS,
        }),
      );
      steps.push('memo');
      instructions.push(memoInstruction(memo));
      return prepared(instructions, steps);
    },

    async prepareMemo(memo) {
      return prepared([memoInstruction(memo)], ['memo']);
    },

    async signatureStatus(signature) {
      return transport.getSignatureStatus(signature);
    },

    async tokenBalance(owner) {
      const [account] = await transport.getAccounts([await associatedTokenAddress(owner, mint)]);
      const data = account && decodeTokenAccount(account);
      return data ? data.amount : null;
    },
  };
}

/** The chain could not be asked: a plain reason for the member, the node's words for the log. */
function unavailable(error: unknown): FaucetTransferError {
  const detail =
    error instanceof ChainUnavailableError
      ? error.message
      : `${(error as Error)?.name ?? 'Error'}: the Solana network could not be reached`;
  return new FaucetTransferError(
    'chain-unavailable',
    'the Solana network could not be reached',
    detail,
  );
}
