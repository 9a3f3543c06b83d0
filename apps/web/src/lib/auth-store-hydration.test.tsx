import { act } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { makeCurrentUser } from '@/testing/fixtures';
import { authStore, useAuth } from './auth-store';

/*
 * A page the server rendered (signed out) is hydrated by main.tsx: a reader signed out here
 * too must not render again once hydrated (the whole page at once, a long task), and a member
 * must see their session in the render right after.
 */

let renders: (string | null)[] = [];
function Reader() {
  const { token } = useAuth();
  renders.push(token);
  return <p>{token ?? 'signed out'}</p>;
}

let root: Root | null = null;
afterEach(() => {
  if (root) act(() => root?.unmount());
  root = null;
  authStore.clear();
  document.body.innerHTML = '';
});

/** <Reader/> rendered as the server does (signed out), then hydrated in this browser. */
function hydrated() {
  const container = document.createElement('div');
  authStore.clear();
  container.innerHTML = renderToString(<Reader />);
  document.body.append(container);
  return container;
}

describe('useAuth through hydration', () => {
  it('a signed-out visitor renders once: the page is not rendered again after hydration', async () => {
    const container = hydrated();
    renders = [];
    const errors: unknown[] = [];
    root = await act(async () =>
      hydrateRoot(container, <Reader />, { onRecoverableError: (error) => errors.push(error) }),
    );
    expect(errors).toEqual([]);
    expect(renders).toEqual([null]);
    expect(container.textContent).toBe('signed out');
  });

  it('a member hydrates as the server rendered, then shows their session', async () => {
    const container = hydrated();
    authStore.signIn('tok', makeCurrentUser());
    renders = [];
    const errors: unknown[] = [];
    root = await act(async () =>
      hydrateRoot(container, <Reader />, { onRecoverableError: (error) => errors.push(error) }),
    );
    expect(errors).toEqual([]);
    expect(renders).toEqual([null, 'tok']);
    expect(container.textContent).toBe('tok');
  });
});
