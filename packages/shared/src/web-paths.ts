/**
 * Screens of the web app that the server sends people to, so both name them from here. Kept free
 * of zod: the web app's first load imports them (apps/web/src/config/paths.ts), and zod must load
 * only after apps/web/src/lib/zod-csp.ts has run.
 */

/** The screens that links sent by email open, with `?token=…` (issue 30). */
export const EMAIL_LINK_PATHS = {
  verifyEmail: '/verify-email',
  resetPassword: '/reset-password',
} as const;

/**
 * The page the ORCID callback sends the browser to, with what it brings in the URL fragment
 * (which never reaches a server or a Referer): `#code=…` to trade for a session, `#linked` after a
 * member linked their iD, or `#error=…` with one of OIDC_FAILURES, a message code (issue 30).
 */
export const OIDC_WEB_PATH = '/orcid';
