import { z } from 'zod';
import { OIDC_CALLBACK_FIELD_MAX_LENGTH, OIDC_CODE_MAX_LENGTH } from '../limits.js';
import { MESSAGES } from '../messages.js';
import { usernameSchema } from './auth.js';

/**
 * Sign-in with ORCID over OpenID Connect (issue 30). The browser goes to
 * GET /auth/oidc/authorize, the provider sends it back to GET /auth/oidc/callback, and the
 * callback sends it on to the web app's /orcid page with a one-time code in the URL fragment
 * (never a token in a query string); the page trades the code for a session (POST
 * /auth/oidc/session) or, for an iD no account holds yet, for a new account under a username the
 * person chooses (POST /auth/oidc/register).
 */

const ORCID_PATTERN = /^\d{4}-\d{4}-\d{4}-\d{3}[\dX]$/;

/**
 * Whether an ORCID iD's last character is the check digit of the other fifteen (ISO 7064 MOD
 * 11-2, as ORCID computes it; 10 is written X).
 */
export function orcidChecksumValid(orcid: string): boolean {
  if (!ORCID_PATTERN.test(orcid)) return false;
  const digits = orcid.replace(/-/g, '');
  let total = 0;
  for (const digit of digits.slice(0, 15)) total = (total + Number(digit)) * 2;
  const result = (12 - (total % 11)) % 11;
  return digits[15] === (result === 10 ? 'X' : String(result));
}

/** An ORCID iD as ORCID writes it (`0000-0002-1825-0097`), its check digit right. */
export const orcidSchema = z
  .string()
  .regex(ORCID_PATTERN, { message: MESSAGES.orcidInvalid })
  .refine(orcidChecksumValid, { message: MESSAGES.orcidInvalid });

/** GET /auth/oidc: whether this server offers sign-in with ORCID (OIDC_CLIENT_ID is set). */
export const oidcSettingsSchema = z.object({ enabled: z.boolean() });
export type OidcSettings = z.infer<typeof oidcSettingsSchema>;

const callbackField = z.string().max(OIDC_CALLBACK_FIELD_MAX_LENGTH).optional();

/**
 * GET /auth/oidc/callback: the provider's authorization response (RFC 6749 §4.1.2, RFC 9207's
 * `iss`), every field bounded; which are needed is the service's to say, so a missing or odd one
 * sends the browser to the web app's explanation rather than to a bare 422.
 */
export const oidcCallbackQuerySchema = z.object({
  code: callbackField,
  state: callbackField,
  iss: callbackField,
  error: callbackField,
  error_description: callbackField,
});
export type OidcCallbackQuery = z.infer<typeof oidcCallbackQuerySchema>;

const oneTimeCode = z
  .string({ message: MESSAGES.fieldRequired('code') })
  .min(1, { message: MESSAGES.fieldRequired('code') })
  .max(OIDC_CODE_MAX_LENGTH, { message: MESSAGES.maxLength(OIDC_CODE_MAX_LENGTH) });

/** POST /auth/oidc/session: the one-time code of the callback's URL fragment. */
export const oidcSessionBodySchema = z.object({ code: oneTimeCode });
export type OidcSessionBody = z.infer<typeof oidcSessionBodySchema>;

/**
 * Its answer: a session for the member whose ORCID iD signed in, or — the iD is no account's
 * yet — the iD and a suggested username, the code staying good for POST /auth/oidc/register.
 */
export const oidcSessionSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('signed-in'),
    access_token: z.string(),
    token_type: z.literal('bearer'),
    expires_in: z.number().int(),
  }),
  z.object({
    status: z.literal('choose-username'),
    orcid: z.string(),
    suggested_username: z.string(),
  }),
]);
export type OidcSession = z.infer<typeof oidcSessionSchema>;

/** POST /auth/oidc/register: the code and the username chosen (the registration rules). */
export const oidcRegisterBodySchema = z.object({ code: oneTimeCode, username: usernameSchema });
export type OidcRegisterBody = z.infer<typeof oidcRegisterBodySchema>;

/** POST /auth/oidc/link: where to send the browser to prove the iD to link. */
export const oidcLinkStartSchema = z.object({ authorization_url: z.string() });
export type OidcLinkStart = z.infer<typeof oidcLinkStartSchema>;

/** DELETE /auth/oidc/link. */
export const oidcUnlinkSchema = z.object({ status: z.literal('success') });

export const OIDC_FAILURES = [
  'oidcDisabled',
  'oidcFlowInvalid',
  'oidcProviderRefused',
  'oidcAnswerInvalid',
  'oidcUnavailable',
  'orcidLinkedElsewhere',
  'orcidAlreadyLinked',
] as const satisfies readonly (keyof typeof MESSAGES)[];
export type OidcFailure = (typeof OIDC_FAILURES)[number];
