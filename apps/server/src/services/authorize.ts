import type { Decision } from '../policies/index.js';
import {
  AuthenticationRequiredError,
  ForbiddenError,
  InvalidInputError,
  NotFoundError,
} from './errors.js';

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
