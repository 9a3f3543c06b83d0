/**
 * Screens of the web app that the server sends people to, so both name them from here. Kept free
 * of zod: the web app's first load imports them (apps/web/src/config/paths.ts), and zod must load
 * only after apps/web/src/lib/zod-csp.ts has run.
 */

/** The screens that links sent by email open (issue 30). */
export const EMAIL_LINK_PATHS = {
  verifyEmail: '/verify-email',
  resetPassword: '/reset-password',
  /**
   * One-click unsubscribe's screen: a GET of a message's List-Unsubscribe link (the API's) sends
   * the browser here, with `?token=…&topic=…`, and changes nothing by itself.
   */
  unsubscribe: '/unsubscribe',
  /** My Page; `?settings=notifications` opens its Settings at the notification preferences. */
  myPage: '/mypage',
  /** A post's page: `/forum/detail/{id}`, `#comment-{id}` for one of its comments. */
  post: '/forum/detail',
  /** The Token page, where rewards are claimed. */
  token: '/token',
} as const;

/** The query that opens My Page's Settings at the notification preferences. */
export const NOTIFICATION_PREFERENCES_QUERY = { settings: 'notifications' } as const;

/**
 * The page the ORCID callback sends the browser to, with what it brings in the URL fragment
 * (which never reaches a server or a Referer): `#code=…` to trade for a session, `#linked` after a
 * member linked their iD, or `#error=…` with one of OIDC_FAILURES, a message code (issue 30).
 */
export const OIDC_WEB_PATH = '/orcid';
