import type { Address, Blockhash, MaybeEncodedAccount, Signature, Transaction } from '@solana/kit';

/** Where the faucet pays: the in-process LiteSVM chain, or a real cluster through an RPC URL. */
export const CLUSTERS = ['embedded', 'mainnet-beta', 'devnet', 'testnet', 'custom'] as const;
export type Cluster = (typeof CLUSTERS)[number];

export interface BlockhashLifetime {
  blockhash: Blockhash;
  /** The transaction can land up to this block height; after it, it never will. */
  lastValidBlockHeight: bigint;
}

/**
 * Why a transaction failed, the same for both transports: a failure of the whole transaction
 * (e.g. `InsufficientFundsForFee`) or of one of its instructions (by index), with the program's
 * custom error code where there is one.
 */
export type ChainFailure =
  | { scope: 'transaction'; reason: string }
  | { scope: 'instruction'; index: number; reason: string; custom?: number };

/** What a signature's transaction became: landed and succeeded, landed and failed, or not seen. */
export type SignatureStatus = 'confirmed' | 'failed' | 'not-found';

/**
 * The transaction did not move anything and never will: the node refused it, its simulation or
 * execution failed, or its blockhash expired before it landed.
 */
export class TransactionRejectedError extends Error {
  override readonly name = 'TransactionRejectedError';
  constructor(
    readonly failure: ChainFailure | null,
    message: string,
  ) {
    super(message);
  }
}

/** The transaction was sent but its outcome is unknown: it may still land. */
export class TransactionUncertainError extends Error {
  override readonly name = 'TransactionUncertainError';
}

/** The chain could not be asked (network error, RPC node down); nothing was sent. */
export class ChainUnavailableError extends Error {
  override readonly name = 'ChainUnavailableError';
}

/**
 * The few things the faucet needs from a chain. Both transports implement it; the transaction
 * building in faucet.ts is shared, only reading, the blockhash and send/confirm differ.
 */
export interface ChainTransport {
  readonly kind: 'embedded' | 'rpc';
  /** Accounts at the commitment the faucet works at (confirmed), in the order asked. */
  getAccounts(addresses: Address[]): Promise<MaybeEncodedAccount[]>;
  getMinimumBalanceForRentExemption(space: bigint): Promise<bigint>;
  getLatestBlockhash(): Promise<BlockhashLifetime>;
  /**
   * Sends and waits until the transaction is confirmed. Throws TransactionRejectedError when it
   * certainly did not land (or landed and failed), TransactionUncertainError when it may still.
   */
  sendAndConfirm(transaction: Transaction, lifetime: BlockhashLifetime): Promise<void>;
  getSignatureStatus(signature: Signature): Promise<SignatureStatus>;
  close(): Promise<void>;
}
