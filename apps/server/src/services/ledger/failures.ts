import { MESSAGES } from '@symposia/shared';
import { FaucetTransferError } from '../../chain/index.js';
import type { TransferErrorKind } from '../../repositories/ledger-repository.js';
import { InvalidInputError } from '../errors.js';
import { ChainOperationError, FaucetUnavailableError } from './errors.js';

/** A failed transfer as the member is told it, and whether nothing can have been sent. */
export interface Failure {
  kind: TransferErrorKind;
  message: string;
  definitive: boolean;
  logDetail: string;
}

/**
 * Turns the chain's verdict into the spec's message (§8), the kind of failure (which decides the
 * HTTP status) and whether it is final. `phase` tells a lookup that failed before anything was
 * built (the receiving account could not be verified) from a send that could not be finished.
 */
export function failureOf(error: unknown, phase: 'prepare' | 'send'): Failure {
  if (!(error instanceof FaucetTransferError)) {
    const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    // Before sending nothing can have left; after, an unknown error may hide a sent transaction.
    return {
      kind: 'chain',
      message: MESSAGES.tokenTransferFailed,
      definitive: phase === 'prepare',
      logDetail: detail,
    };
  }
  const { problem, reason } = error;
  const logDetail = `${problem}: ${error.detail}`;
  const final = (kind: TransferErrorKind, message: string): Failure => ({
    kind,
    message,
    definitive: true,
    logDetail,
  });
  switch (problem) {
    case 'source-account-missing':
      return final('unavailable', MESSAGES.sourceAccountMissing);
    case 'source-token-account-missing':
      return final('unavailable', MESSAGES.sourceTokenAccountMissing);
    case 'insufficient-sol':
      return final('unavailable', MESSAGES.insufficientSol);
    case 'out-of-tokens':
    case 'mint-invalid':
      return final('unavailable', MESSAGES.tokenOperationFailed(reason));
    case 'receiver-invalid':
      return final('invalid', MESSAGES.accountVerificationFailed(reason));
    case 'activation-failed':
      return final('chain', MESSAGES.accountActivationFailed(reason));
    case 'token-operation-failed':
      return final('chain', MESSAGES.tokenOperationFailed(reason));
    case 'chain-unavailable':
      return final(
        'chain',
        phase === 'prepare'
          ? MESSAGES.accountVerificationFailed(reason)
          : MESSAGES.tokenTransferFailed,
      );
    case 'rejected':
      return final('chain', MESSAGES.tokenTransferFailed);
    case 'uncertain':
      return { kind: 'chain', message: MESSAGES.tokenTransferFailed, definitive: false, logDetail };
  }
}

/** Whether a transfer's error is its outcome as the member is told it (recorded in the ledger). */
export function isAnswer(error: unknown): boolean {
  return (
    error instanceof FaucetUnavailableError ||
    error instanceof ChainOperationError ||
    error instanceof InvalidInputError
  );
}

/** The error a failure of `kind` is answered with (a retry gets the same one from the ledger). */
export function errorFor(kind: TransferErrorKind, message: string, logDetail?: string): Error {
  switch (kind) {
    case 'unavailable':
      return new FaucetUnavailableError(message, logDetail);
    case 'invalid':
      return new InvalidInputError([{ field: 'address', message }]);
    case 'chain':
      return new ChainOperationError(message, logDetail);
  }
}
