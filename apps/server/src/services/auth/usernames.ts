/**
 * The form of a username used to compare names: compatibility-normalised and lower-cased, so
 * "Ada", "ADA" and the full-width "Ａｄａ" are one name and cannot impersonate each other.
 */
export function usernameKey(username: string): string {
  return username.trim().normalize('NFKC').toLowerCase();
}

/**
 * The names ADMIN_USERNAMES lists, as keys: reserved for the operator, who creates each account
 * from the server's command line (`npm run user -- create NAME`, user-cli.ts), so nobody can
 * register or rename into a moderator's name before the operator takes it. Empty when
 * ADMIN_USERNAMES is unset.
 */
export function reservedUsernameKeys(
  adminUsernames: readonly string[] | null,
): ReadonlySet<string> {
  return new Set((adminUsernames ?? []).map(usernameKey));
}
