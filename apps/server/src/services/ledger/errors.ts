/**
 * Failures of a token transfer (services/ledger/: the faucet, reward claims) that are not the
 * caller's fault. They carry no HTTP knowledge; the error handler answers FaucetUnavailableError
 * with 503 and ChainOperationError with 502, `message` as the detail (the spec's wording, §8).
 * `logDetail` says more for the server log; it never holds a key or a URL.
 */

/** The faucet cannot pay until an operator acts: turned off, no SOL, no token account, no tokens. */
export class FaucetUnavailableError extends Error {
  override readonly name = 'FaucetUnavailableError';
  constructor(
    message: string,
    readonly logDetail?: string,
  ) {
    super(message);
  }
}

/** The chain refused or failed the transfer, or could not be reached. */
export class ChainOperationError extends Error {
  override readonly name = 'ChainOperationError';
  constructor(
    message: string,
    readonly logDetail?: string,
  ) {
    super(message);
  }
}
