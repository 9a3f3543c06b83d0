export {
  createLedger,
  type KindLedger,
  type Ledger,
  type Reserved,
  type Reserving,
  type TransferKind,
  type TransferResult,
} from './ledger.js';
export { ChainOperationError, FaucetUnavailableError } from './errors.js';
export { errorFor, failureOf, isAnswer, type Failure } from './failures.js';
export {
  createBalanceLedger,
  type BalanceLedger,
  type BalanceMoves,
  type BalanceSide,
} from './balances.js';
