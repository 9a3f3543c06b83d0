import { useSyncExternalStore } from 'react';
import type { CurrentUser } from '@symposia/shared';
import { STORAGE_KEYS, isStorageKey, readItem, removeItem, writeItem } from './storage';

/** A request to show the sign-in overlay, e.g. after a protected call answered 401. */
export type LoginPrompt = { message?: string };

export type AuthState = {
  token: string | null;
  user: CurrentUser | null;
  loginPrompt: LoginPrompt | null;
};

type Listener = () => void;

/**
 * The user cached by this build for this token. It was checked against the shared contract
 * (currentUserSchema) when its answer arrived; a cache written under another version of the
 * contract is simply refetched, not trusted. Comparing fingerprints keeps zod out of every page's
 * first load. A user cached for another token (a tab still signed in as someone else wrote it
 * after this session began) is refetched too.
 */
function readCachedUser(token: string): CurrentUser | null {
  const raw = readItem(STORAGE_KEYS.user);
  if (!raw || readItem(STORAGE_KEYS.userContract) !== __SHARED_CONTRACT_VERSION__) return null;
  if (readItem(STORAGE_KEYS.userSession) !== token) return null;
  try {
    const user = JSON.parse(raw) as unknown;
    return typeof user === 'object' && user !== null ? (user as CurrentUser) : null;
  } catch {
    return null;
  }
}

function cacheUser(token: string, user: CurrentUser): void {
  writeItem(STORAGE_KEYS.user, JSON.stringify(user));
  writeItem(STORAGE_KEYS.userSession, token);
  writeItem(STORAGE_KEYS.userContract, __SHARED_CONTRACT_VERSION__);
  writeItem(STORAGE_KEYS.userId, user.id);
  writeItem(STORAGE_KEYS.username, user.username);
  writeItem(STORAGE_KEYS.userAvatar, user.avatar);
}

function readPersisted(): Pick<AuthState, 'token' | 'user'> {
  const token = readItem(STORAGE_KEYS.accessToken);
  return { token, user: token ? readCachedUser(token) : null };
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
      cacheUser(token, user);
      set({ token, user, loginPrompt: null });
    },

    /**
     * The signed-in user, fresh from the server. If another tab has since replaced the stored
     * session, this answer belongs to the old one: this tab takes up the stored session instead.
     */
    setUser(user: CurrentUser): void {
      if (!state.token || readItem(STORAGE_KEYS.accessToken) !== state.token) {
        reloadFromStorage();
        return;
      }
      cacheUser(state.token, user);
      set({ user });
    },

    /** Forgets the session on this device: the token and every cached piece of the user. */
    clear(): void {
      // The interface language is the reader's, not the session's: it stays.
      Object.values(STORAGE_KEYS)
        .filter((key) => key !== STORAGE_KEYS.language)
        .forEach(removeItem);
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

/**
 * A reader who is not signed in, where a query's key names who reads (their likes, their own
 * reviews): also what the server renders its pages as (app/ssr/pages.ts).
 */
export const GUEST_READER = 'guest';

export const authStore = createAuthStore();

/** What the server renders: it never sees the token, which lives in this browser's storage. */
const SIGNED_OUT: AuthState = { token: null, user: null, loginPrompt: null };
/**
 * A visitor who is signed out here too gets the store's own state: React compares the two
 * snapshots by identity once hydrated, and a different object would render every reader of the
 * session again, the whole page at once (a long task right after hydration).
 */
const serverSnapshot = (): AuthState => {
  const state = authStore.getState();
  return state.token === null && state.user === null && state.loginPrompt === null
    ? state
    : SIGNED_OUT;
};

/**
 * The session. A page the server rendered is hydrated as the server saw it (signed out) and
 * shows the stored session in the render right after, so hydration always matches its HTML.
 */
export function useAuth(): AuthState {
  return useSyncExternalStore(authStore.subscribe, authStore.getState, serverSnapshot);
}
