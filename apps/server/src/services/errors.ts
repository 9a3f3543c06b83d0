/**
 * Failures the services report. They carry no HTTP knowledge; plugins/error-handler.ts maps each
 * to its status and body.
 */

export class ConflictError extends Error {
  override readonly name = 'ConflictError';
}

export class InvalidCredentialsError extends Error {
  override readonly name = 'InvalidCredentialsError';
}

/** Why a request has no signed-in user: no token at all, or a token that cannot be used. */
export type AuthFailure = 'missing' | 'invalid' | 'expired' | 'revoked';

export class AuthenticationRequiredError extends Error {
  override readonly name = 'AuthenticationRequiredError';
  constructor(readonly reason: AuthFailure) {
    super(`authentication required (${reason})`);
  }
}

export class TooManyAttemptsError extends Error {
  override readonly name = 'TooManyAttemptsError';
  constructor(readonly retryAfterSeconds: number) {
    super(`too many attempts; retry after ${retryAfterSeconds} s`);
  }
}
