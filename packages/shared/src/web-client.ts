/**
 * What the web client sends as it is, free of zod like web-paths.ts: signing in is offered on
 * every page, which loads no schema until a reader writes (schemas/auth.ts checks the request).
 */

/** Fixed placeholders the web client sends for the OAuth2 fields it does not use (spec §7). */
export const WEB_CLIENT_TOKEN_FIELDS = {
  grant_type: 'password',
  scope: '',
  client_id: 'symposia-web',
  client_secret: '',
} as const;
