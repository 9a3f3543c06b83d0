import {
  AuthenticationRequiredError,
  ForbiddenError,
  InvalidInputError,
  NotFoundError,
} from '../services/errors.js';

/**
 * Why an action is refused. `sign-in`: nobody is signed in (401). `not-found`: the object does not
 * exist or the actor may not know it does — someone else's private post, anything deleted (404).
 * `forbidden`: the actor sees the object but may not do this to it (403). `invalid`: what was
 * asked makes no sense for this object — reporting one's own post, suspending a moderator (422,
 * naming `field`).
 */
export type Denial = 'sign-in' | 'not-found' | 'forbidden' | 'invalid';

export type Decision =
  | { allowed: true }
  | {
      allowed: false;
      denial: Denial;
      /** What the person is told. */
      message: string;
      /** With `invalid`: the input field at fault. */
      field?: string;
    };

export const ALLOW: Decision = { allowed: true };

export const deny = (denial: Denial, message: string, field?: string): Decision => ({
  allowed: false,
  denial,
  message,
  ...(field !== undefined && { field }),
});

/**
 * Throws the service error of a refusal (plugins/error-handler.ts gives each its status); returns
 * when the action is allowed. Services call it with a policy's decision before they act.
 */
export function authorize(decision: Decision): void {
  if (decision.allowed) return;
  switch (decision.denial) {
    case 'sign-in':
      throw new AuthenticationRequiredError('missing');
    case 'not-found':
      throw new NotFoundError(decision.message);
    case 'forbidden':
      throw new ForbiddenError(decision.message);
    case 'invalid':
      throw new InvalidInputError([{ field: decision.field ?? 'body', message: decision.message }]);
  }
}
