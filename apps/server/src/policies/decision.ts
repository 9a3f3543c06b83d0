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
