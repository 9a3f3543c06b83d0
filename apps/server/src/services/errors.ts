import { MESSAGES } from '@symposia/shared';

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

/** A rate limit refused the request; `detail` is what the person is told. */
export class TooManyAttemptsError extends Error {
  override readonly name = 'TooManyAttemptsError';
  constructor(
    readonly retryAfterSeconds: number,
    readonly detail: string = MESSAGES.tooManyLoginAttempts,
  ) {
    super(`too many attempts; retry after ${retryAfterSeconds} s`);
  }
}

/** The object does not exist, or the caller may not know it does (someone else's private post). */
export class NotFoundError extends Error {
  override readonly name = 'NotFoundError';
}

/** Input that breaks a rule, named by field, as a 422 would name it. */
export class InvalidInputError extends Error {
  override readonly name = 'InvalidInputError';
  constructor(readonly errors: { field: string; message: string }[]) {
    super(errors[0] ? `${errors[0].field}: ${errors[0].message}` : 'invalid input');
  }
}

/**
 * An upload broke one of the spec's limits, or the member's storage quota (USER_STORAGE_QUOTA_BYTES);
 * `kind` says which.
 */
export class UploadLimitError extends Error {
  override readonly name = 'UploadLimitError';
  constructor(
    readonly kind: 'too-many-files' | 'file-too-large' | 'no-files' | 'quota-exceeded',
    message: string,
  ) {
    super(message);
  }
}

/** The upload's body ended or broke before it was complete (a dropped connection, a cut form). */
export class UploadInterruptedError extends Error {
  override readonly name = 'UploadInterruptedError';
}

/** The caller is known but may not act on this object (another member's profile). */
export class ForbiddenError extends Error {
  override readonly name = 'ForbiddenError';
}

/** A file of a kind this call does not take (a text file sent as an avatar). */
export class UnsupportedFileError extends Error {
  override readonly name = 'UnsupportedFileError';
}
