/**
 * Every browser-storage key the app uses (spec §3), in one place so no module invents its own.
 * Reads and writes never throw: storage can be unavailable (private mode, disabled cookies, quota),
 * and the app must still run, only without remembering anything.
 */
export const STORAGE_KEYS = {
  accessToken: 'access_token',
  user: 'user',
  userId: 'userId',
  username: 'username',
  userAvatar: 'userAvatar',
  /** Which shared contract the cached user was checked against (lib/auth-store.ts). */
  userContract: 'userContract',
  /** The token the cached user was fetched with: a user never outlives its session (auth-store). */
  userSession: 'userSession',
  /** The interface language chosen in the header (lib/i18n.ts). */
  language: 'language',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

function localStore(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readItem(key: StorageKey): string | null {
  try {
    return localStore()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(key: StorageKey, value: string): void {
  try {
    localStore()?.setItem(key, value);
  } catch (error) {
    console.warn(`Could not store ${key}`, error);
  }
}

export function removeItem(key: StorageKey): void {
  try {
    localStore()?.removeItem(key);
  } catch {
    // Nothing stored means nothing to remove.
  }
}

export function isStorageKey(key: string | null): boolean {
  return key === null || (Object.values(STORAGE_KEYS) as string[]).includes(key);
}
