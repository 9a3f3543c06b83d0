/**
 * The form of a username used to compare names: compatibility-normalised and lower-cased, so
 * "Ada", "ADA" and the full-width "Ａｄａ" are one name and cannot impersonate each other.
 */
export function usernameKey(username: string): string {
  return username.trim().normalize('NFKC').toLowerCase();
}
