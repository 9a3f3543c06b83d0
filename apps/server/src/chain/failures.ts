import type { TransactionError } from '@solana/kit';
import type { ChainFailure } from './types.js';

/**
 * Both transports report a failed transaction in their own shape: LiteSVM as native objects and
 * numeric enums, an RPC node as the JSON of Solana's TransactionError. Both become a ChainFailure,
 * so the faucet maps failures to messages once.
 */

// LiteSVM's numeric enums (litesvm/dist/internal.d.ts), in order; the values are 0, 1, 2, …
const LITESVM_TRANSACTION_ERRORS = [
  'AccountInUse',
  'AccountLoadedTwice',
  'AccountNotFound',
  'ProgramAccountNotFound',
  'InsufficientFundsForFee',
  'InvalidAccountForFee',
  'AlreadyProcessed',
  'BlockhashNotFound',
  'CallChainTooDeep',
  'MissingSignatureForFee',
  'InvalidAccountIndex',
  'SignatureFailure',
  'InvalidProgramForExecution',
  'SanitizeFailure',
  'ClusterMaintenance',
  'AccountBorrowOutstanding',
  'WouldExceedMaxBlockCostLimit',
  'UnsupportedVersion',
  'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit',
  'WouldExceedAccountDataBlockLimit',
  'TooManyAccountLocks',
  'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner',
  'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex',
  'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit',
  'MaxLoadedAccountsDataSizeExceeded',
  'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit',
  'UnbalancedTransaction',
  'ProgramCacheHitMaxLimit',
  'CommitCancelled',
] as const;

const LITESVM_INSTRUCTION_ERRORS = [
  'GenericError',
  'InvalidArgument',
  'InvalidInstructionData',
  'InvalidAccountData',
  'AccountDataTooSmall',
  'InsufficientFunds',
  'IncorrectProgramId',
  'MissingRequiredSignature',
  'AccountAlreadyInitialized',
  'UninitializedAccount',
  'UnbalancedInstruction',
  'ModifiedProgramId',
  'ExternalAccountLamportSpend',
  'ExternalAccountDataModified',
  'ReadonlyLamportChange',
  'ReadonlyDataModified',
  'DuplicateAccountIndex',
  'ExecutableModified',
  'RentEpochModified',
  'NotEnoughAccountKeys',
  'AccountDataSizeChanged',
  'AccountNotExecutable',
  'AccountBorrowFailed',
  'AccountBorrowOutstanding',
  'DuplicateAccountOutOfSync',
  'InvalidError',
  'ExecutableDataModified',
  'ExecutableLamportChange',
  'ExecutableAccountNotRentExempt',
  'UnsupportedProgramId',
  'CallDepth',
  'MissingAccount',
  'ReentrancyNotAllowed',
  'MaxSeedLengthExceeded',
  'InvalidSeeds',
  'InvalidRealloc',
  'ComputationalBudgetExceeded',
  'PrivilegeEscalation',
  'ProgramEnvironmentSetupFailure',
  'ProgramFailedToComplete',
  'ProgramFailedToCompile',
  'Immutable',
  'IncorrectAuthority',
  'AccountNotRentExempt',
  'InvalidAccountOwner',
  'ArithmeticOverflow',
  'UnsupportedSysvar',
  'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded',
  'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits',
  'BorshIoError',
] as const;

export const LITESVM_ENUM_SIZES = {
  transaction: LITESVM_TRANSACTION_ERRORS.length,
  instruction: LITESVM_INSTRUCTION_ERRORS.length,
};

type Indexed = { index: number };
type HasErr = { err: () => unknown };

function fieldlessName(names: readonly string[], value: number): string {
  return names[value] ?? `Unknown(${value})`;
}

/** LiteSVM's `FailedTransactionMetadata.err()`, whatever shape it has, as a ChainFailure. */
export function failureFromLiteSvm(error: unknown): ChainFailure {
  if (typeof error === 'number') {
    return { scope: 'transaction', reason: fieldlessName(LITESVM_TRANSACTION_ERRORS, error) };
  }
  const kind = (error as { constructor?: { name?: string } } | null)?.constructor?.name ?? '';
  if (kind === 'TransactionErrorInstructionError') {
    const { index } = error as Indexed;
    const inner = (error as HasErr).err();
    if (typeof inner === 'number') {
      return {
        scope: 'instruction',
        index,
        reason: fieldlessName(LITESVM_INSTRUCTION_ERRORS, inner),
      };
    }
    const code = (inner as { code?: unknown } | null)?.code;
    if (typeof code === 'number')
      return { scope: 'instruction', index, reason: 'Custom', custom: code };
    return { scope: 'instruction', index, reason: 'BorshIoError' };
  }
  if (kind === 'TransactionErrorInsufficientFundsForRent') {
    return { scope: 'transaction', reason: 'InsufficientFundsForRent' };
  }
  if (kind === 'TransactionErrorDuplicateInstruction') {
    return { scope: 'transaction', reason: 'DuplicateInstruction' };
  }
  if (kind === 'TransactionErrorProgramExecutionTemporarilyRestricted') {
    return { scope: 'transaction', reason: 'ProgramExecutionTemporarilyRestricted' };
  }
  return { scope: 'transaction', reason: String(error) };
}

/** The JSON TransactionError of an RPC answer (simulation, signature status) as a ChainFailure. */
export function failureFromRpc(error: TransactionError): ChainFailure {
  if (typeof error === 'string') return { scope: 'transaction', reason: error };
  if ('InstructionError' in error) {
    // kit hands numbers of RPC answers over as bigints; indexes and codes are small.
    const [rawIndex, inner] = error.InstructionError;
    const index = Number(rawIndex);
    if (typeof inner === 'string') return { scope: 'instruction', index, reason: inner };
    return { scope: 'instruction', index, reason: 'Custom', custom: Number(inner.Custom) };
  }
  const [reason] = Object.keys(error);
  return { scope: 'transaction', reason: reason ?? 'Unknown' };
}

/** Failures that mean the fee payer (the faucet) has too few lamports. */
export function isInsufficientLamports(failure: ChainFailure): boolean {
  if (failure.scope === 'transaction') {
    return (
      failure.reason === 'InsufficientFundsForFee' || failure.reason === 'InsufficientFundsForRent'
    );
  }
  return failure.reason === 'InsufficientFunds';
}

/** "InsufficientFundsForFee" → "insufficient funds for fee"; custom codes in hex as explorers show them. */
export function describeFailure(failure: ChainFailure): string {
  if (failure.scope === 'instruction' && failure.custom !== undefined) {
    return `custom program error 0x${failure.custom.toString(16)}`;
  }
  return failure.reason
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase();
}
