import { describe, expect, it } from 'vitest';
import { makeCurrentUser } from '@/testing/fixtures';
import { authStore, createAuthStore } from './auth-store';
import { STORAGE_KEYS } from './storage';

describe('auth store', () => {
  it('stores token, cached user, userId, username and userAvatar on sign-in', () => {
    const user = makeCurrentUser({ id: 'u-7', username: 'grace', avatar: '/ipfs/abc' });

    authStore.signIn('tok', user);

    expect(window.localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('tok');
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.user)!)).toEqual(user);
    expect(window.localStorage.getItem(STORAGE_KEYS.userId)).toBe('u-7');
    expect(window.localStorage.getItem(STORAGE_KEYS.username)).toBe('grace');
    expect(window.localStorage.getItem(STORAGE_KEYS.userAvatar)).toBe('/ipfs/abc');
    expect(authStore.getState()).toMatchObject({ token: 'tok', user });
  });

  it('restores the session from storage, as after a reload', () => {
    const user = makeCurrentUser();
    authStore.signIn('tok', user);

    expect(createAuthStore().getState()).toMatchObject({ token: 'tok', user });
  });

  it('ignores a cached user that does not match the current shape', () => {
    window.localStorage.setItem(STORAGE_KEYS.accessToken, 'tok');
    window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ username: 'old' }));

    expect(createAuthStore().getState()).toMatchObject({ token: 'tok', user: null });
  });

  it('ignores a cached user stored under another version of the shared contract', () => {
    authStore.signIn('tok', makeCurrentUser());
    expect(window.localStorage.getItem(STORAGE_KEYS.userContract)).toBe(
      __SHARED_CONTRACT_VERSION__,
    );

    window.localStorage.setItem(STORAGE_KEYS.userContract, 'an older contract');

    expect(createAuthStore().getState()).toMatchObject({ token: 'tok', user: null });
  });

  it('never caches a user under a session another tab has since replaced', () => {
    const before = makeCurrentUser({ id: 'u-before', username: 'before' });
    const store = createAuthStore();
    store.signIn('tok-before', before);
    // Another tab signs out and in as someone else; this tab's /auth/me answer arrives late.
    window.localStorage.clear();
    window.localStorage.setItem(STORAGE_KEYS.accessToken, 'tok-after');

    store.setUser(makeCurrentUser({ id: 'u-before', username: 'before, renamed' }));

    expect(window.localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(store.getState()).toMatchObject({ token: 'tok-after', user: null });
    expect(createAuthStore().getState()).toMatchObject({ token: 'tok-after', user: null });
  });

  it('ignores a cached user that belongs to another token', () => {
    authStore.signIn('tok-before', makeCurrentUser());
    window.localStorage.setItem(STORAGE_KEYS.accessToken, 'tok-after');

    expect(createAuthStore().getState()).toMatchObject({ token: 'tok-after', user: null });
  });

  it('forgets everything on clear', () => {
    authStore.signIn('tok', makeCurrentUser());

    authStore.clear();

    expect(window.localStorage.length).toBe(0);
    expect(authStore.getState()).toMatchObject({ token: null, user: null });
  });

  it('opens and closes the login prompt', () => {
    authStore.requestLogin('Please login');
    expect(authStore.getState().loginPrompt).toEqual({ message: 'Please login' });

    authStore.dismissLogin();
    expect(authStore.getState().loginPrompt).toBeNull();
  });

  it('follows a logout in another tab', () => {
    authStore.signIn('tok', makeCurrentUser());
    const stop = authStore.listenToOtherTabs();

    window.localStorage.removeItem(STORAGE_KEYS.accessToken);
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.accessToken }));
    stop();

    expect(authStore.getState().token).toBeNull();
  });
});
