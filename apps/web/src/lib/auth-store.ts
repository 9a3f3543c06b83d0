import { useSyncExternalStore } from 'react';
import { currentUserSchema, type CurrentUser } from '@symposia/shared';
import { STORAGE_KEYS, isStorageKey, readItem, removeItem, writeItem } from './storage';

/** A request to show the sign-in overlay, e.g. after a protected call answered 401. */
export type LoginPrompt = { message?: string };

export type AuthState = {
  token: string | null;
  user: CurrentUser | null;
  loginPrompt: LoginPrompt | null;
};

type Listener = () => void;

function readCachedUser(): CurrentUser | null {
  const raw = readItem(STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    const parsed = currentUserSchema.safeParse(JSON.parse(raw));
    // A cache written by an older version is simply refetched, not trusted.
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function cacheUser(user: CurrentUser): void {
  writeItem(STORAGE_KEYS.user, JSON.stringify(user));
  writeItem(STORAGE_KEYS.userId, user.id);
  writeItem(STORAGE_KEYS.username, user.username);
  writeItem(STORAGE_KEYS.userAvatar, user.avatar);
}

function readPersisted(): Pick<AuthState, 'token' | 'user'> {
  const token = readItem(STORAGE_KEYS.accessToken);
  return { token, user: token ? readCachedUser() : null };
}

/**
 * The signed-in session, mirrored in localStorage so a reload stays signed in.
 * A tiny external store rather than React context: the api-client (plain TypeScript) must be able
 * to end the session on a 401 and ask for the login overlay without knowing about React.
 */
export function createAuthStore() {
  let state: AuthState = { ...readPersisted(), loginPrompt: null };
  const listeners = new Set<Listener>();

  const set = (next: Partial<AuthState>) => {
    state = { ...state, ...next };
    listeners.forEach((listener) => listener());
  };

  const reloadFromStorage = () => set(readPersisted());

  return {
    getState: (): AuthState => state,

    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Starts a session in one step, so no screen ever sees a token without its user. */
    signIn(token: string, user: CurrentUser): void {
      writeItem(STORAGE_KEYS.accessToken, token);
      cacheUser(user);
      set({ token, user, loginPrompt: null });
    },

    setUser(user: CurrentUser): void {
      cacheUser(user);
      set({ user });
    },

    /** Forgets the session on this device: token and every cached piece of the user. */
    clear(): void {
      Object.values(STORAGE_KEYS).forEach(removeItem);
      set({ token: null, user: null });
    },

    requestLogin(message?: string): void {
      set({ loginPrompt: message ? { message } : {} });
    },

    dismissLogin(): void {
      if (state.loginPrompt) set({ loginPrompt: null });
    },

    /** Picks up changes another tab made to the stored session. */
    reloadFromStorage,

    listenToOtherTabs(): () => void {
      const onStorage = (event: StorageEvent) => {
        if (isStorageKey(event.key)) reloadFromStorage();
      };
      window.addEventListener('storage', onStorage);
      return () => window.removeEventListener('storage', onStorage);
    },
  };
}

export type AuthStore = ReturnType<typeof createAuthStore>;

export const authStore = createAuthStore();

export function useAuth(): AuthState {
  return useSyncExternalStore(authStore.subscribe, authStore.getState, authStore.getState);
}
