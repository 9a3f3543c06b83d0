import {
  getCompiledTransactionMessageDecoder,
  getSignatureFromTransaction,
  lamports,
  type Address,
  type EncodedAccount,
  type KeyPairSigner,
  type Signature,
  type Transaction,
} from '@solana/kit';
import { getCreateAccountInstruction } from '@solana-program/system';
import {
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializeMint2Instruction,
  getMintSize,
  getMintToInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token';
import { TOKEN_DECIMALS } from '@symposia/shared';
import type * as LiteSvmTypes from 'litesvm';
import type { LiteSVM } from 'litesvm';
import { associatedTokenAddress, signedTransaction } from './faucet.js';
import { failureFromLiteSvm } from './failures.js';
import {
  TransactionRejectedError,
  TransactionUncertainError,
  type ChainTransport,
} from './types.js';

/** SOL the embedded faucet starts with: enough for about 300,000 new receivers. */
export const EMBEDDED_FAUCET_LAMPORTS = 1_000n * 1_000_000_000n;
/** Tokens minted to the embedded faucet at start: 1,000,000,000 tokens. */
export const EMBEDDED_TOKEN_SUPPLY = 1_000_000_000n * 10n ** BigInt(TOKEN_DECIMALS);

/** Blocks a LiteSVM blockhash is said to stay valid; LiteSVM itself never expires it. */
const LIFETIME_BLOCKS = 150n;

type LiteSvmModule = typeof LiteSvmTypes;

/** The sysvars' owner: their accounts are the VM's own, never saved or restored. */
const SYSVAR_PROGRAM = 'Sysvar1111111111111111111111111111111111111';

/**
 * Where the embedded chain keeps its state beyond this process (chain/owner.ts: the database,
 * when several processes share the chain). Without one it lives in memory only.
 */
export interface EmbeddedChainState {
  /** The accounts saved so far; none: a new chain, to be created. */
  load(): Promise<EncodedAccount[]>;
  /**
   * Saves what a transaction (or the chain's creation) left. Throws when it cannot (this process
   * no longer owns the chain): the transaction then counts as unconfirmed.
   */
  save(
    accounts: EncodedAccount[],
    signature?: { value: Signature; status: 'confirmed' | 'failed' },
  ): Promise<void>;
  /** The outcome of a transaction an earlier owner ran, or null. */
  signatureStatus(signature: Signature): Promise<'confirmed' | 'failed' | null>;
}

/** The existing, non-program, non-sysvar accounts among `addresses`, as the VM holds them now. */
export function accountsToSave(svm: LiteSVM, addresses: readonly Address[]): EncodedAccount[] {
  const accounts: EncodedAccount[] = [];
  for (const address of new Set(addresses)) {
    const account = svm.getAccount(address);
    if (!account.exists || account.executable || account.programAddress === SYSVAR_PROGRAM) {
      continue;
    }
    accounts.push(account);
  }
  return accounts;
}

/**
 * LiteSVM loads a native library; only the embedded chain needs it, so it is imported on first
 * use and a server on a real cluster never loads it.
 */
async function loadLiteSvm(): Promise<LiteSvmModule> {
  return import('litesvm');
}

/** The in-process chain: LiteSVM with the real System, SPL Token and Associated Token programs. */
export async function createEmbeddedTransport(state?: EmbeddedChainState): Promise<{
  transport: ChainTransport;
  svm: LiteSVM;
}> {
  const { LiteSVM, FailedTransactionMetadata } = await loadLiteSvm();
  const svm = new LiteSVM();
  const messages = getCompiledTransactionMessageDecoder();
  // Saves commit in the order the transactions ran: a later snapshot of an account never gets
  // overwritten by an earlier one.
  let saving: Promise<unknown> = Promise.resolve();
  const transport: ChainTransport = {
    kind: 'embedded',
    async getAccounts(addresses) {
      return addresses.map((address) => svm.getAccount(address));
    },
    async getMinimumBalanceForRentExemption(space) {
      return svm.minimumBalanceForRentExemption(space);
    },
    async getLatestBlockhash() {
      return {
        blockhash: svm.latestBlockhash(),
        lastValidBlockHeight: svm.getClock().slot + LIFETIME_BLOCKS,
      };
    },
    async sendAndConfirm(transaction: Transaction) {
      // LiteSVM executes synchronously: once this returns, the transaction is final.
      const result = svm.sendTransaction(transaction);
      if (state) {
        // What the transaction touched (its fee payer too, when it failed) goes out before the
        // caller hears of it, so whoever owns the chain next starts from the same balances.
        const { staticAccounts } = messages.decode(transaction.messageBytes);
        const failed = result instanceof FailedTransactionMetadata;
        // Taken now, before anything else runs on the VM.
        const accounts = accountsToSave(svm, staticAccounts);
        const saved = saving.then(() =>
          state.save(accounts, {
            value: getSignatureFromTransaction(transaction),
            status: failed ? 'failed' : 'confirmed',
          }),
        );
        saving = saved.catch(() => undefined);
        try {
          await saved;
        } catch (error) {
          throw new TransactionUncertainError(
            `the chain's state could not be saved: ${(error as Error).message}`,
          );
        }
      }
      if (result instanceof FailedTransactionMetadata) {
        const failure = failureFromLiteSvm(result.err());
        throw new TransactionRejectedError(failure, `transaction failed: ${failure.reason}`);
      }
    },
    async getSignatureStatus(signature) {
      const found = svm.getTransaction(signature);
      if (!found) return (await state?.signatureStatus(signature)) ?? 'not-found';
      return found instanceof FailedTransactionMetadata ? 'failed' : 'confirmed';
    },
    async close() {
      // Memory only; nothing to release beyond the object itself.
    },
  };
  return { transport, svm };
}

/**
 * Gives the faucet SOL and creates the mint (9 decimals, the faucet as mint authority, no
 * freeze authority), the faucet's token account and the supply. The addresses come from the
 * saved keys, so after a restart the same faucet and mint appear again, with fresh balances.
 */
export async function bootstrapEmbeddedChain(
  svm: LiteSVM,
  faucet: KeyPairSigner,
  mint: KeyPairSigner,
  options: { faucetLamports?: bigint; supply?: bigint } = {},
): Promise<void> {
  const { FailedTransactionMetadata } = await loadLiteSvm();
  const airdrop = svm.airdrop(
    faucet.address,
    lamports(options.faucetLamports ?? EMBEDDED_FAUCET_LAMPORTS),
  );
  if (!airdrop || airdrop instanceof FailedTransactionMetadata) {
    throw new Error('the embedded chain could not fund the faucet');
  }
  const mintSpace = BigInt(getMintSize());
  const faucetToken = await associatedTokenAddress(faucet.address, mint.address);
  const lifetime = {
    blockhash: svm.latestBlockhash(),
    lastValidBlockHeight: svm.getClock().slot + LIFETIME_BLOCKS,
  };
  const transaction = await signedTransaction(faucet, lifetime, [
    getCreateAccountInstruction({
      payer: faucet,
      newAccount: mint,
      lamports: lamports(svm.minimumBalanceForRentExemption(mintSpace)),
      space: mintSpace,
      programAddress: TOKEN_PROGRAM_ADDRESS,
    }),
    getInitializeMint2Instruction({
      mint: mint.address,
      decimals: TOKEN_DECIMALS,
      mintAuthority: faucet.address,
    }),
    getCreateAssociatedTokenIdempotentInstruction({
      payer: faucet,
      ata: faucetToken,
      owner: faucet.address,
      mint: mint.address,
    }),
    getMintToInstruction({
      mint: mint.address,
      token: faucetToken,
      mintAuthority: faucet,
      amount: options.supply ?? EMBEDDED_TOKEN_SUPPLY,
    }),
  ]);
  const result = svm.sendTransaction(transaction);
  if (result instanceof FailedTransactionMetadata) {
    throw new Error(
      `the embedded chain could not create the mint: ${failureFromLiteSvm(result.err()).reason}`,
    );
  }
}
