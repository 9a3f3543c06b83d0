import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@symposia/shared';
import { authStore } from '@/lib/auth-store';
import { STORAGE_KEYS } from '@/lib/storage';
import { jsonResponse, routeFetch } from '@/testing/fetch-mock';
import { makeCurrentUser } from '@/testing/fixtures';
import { createTestQueryClient } from '@/testing/render';
import { AppProvider } from './provider';
import { AppRouter } from './router';

const user = makeCurrentUser({ username: 'ada', title: 'Analyst', email: 'ada@example.org' });

function renderAppAt(path: string) {
  window.history.pushState({}, '', path);
  return render(
    <AppProvider queryClient={createTestQueryClient()}>
      <AppRouter />
    </AppProvider>,
  );
}

/** A token only, as after a reload when the cached user was lost. */
function storeTokenOnly(token = 'tok') {
  window.localStorage.setItem(STORAGE_KEYS.accessToken, token);
  authStore.reloadFromStorage();
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('My Page', () => {
  it('shows the login screen without an access token', async () => {
    routeFetch({});
    renderAppAt('/mypage');

    // My Page's module loads on first use (it now brings the linked-wallets card too).
    expect(await screen.findByRole('heading', { name: 'Sign In', level: 1 })).toBeInTheDocument();
  });

  it('uses the cached user without asking the server', async () => {
    // The wallet card asks for the member's linked wallets, and nothing else is asked.
    const { requests } = routeFetch({ 'GET /wallets': () => jsonResponse({ wallets: [] }) });
    authStore.signIn('tok', user);
    renderAppAt('/mypage');

    expect(await screen.findByRole('heading', { name: 'ada', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Analyst', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByText('ada@example.org')).toBeInTheDocument();
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(new URL(requests[0]!.url, 'http://x').pathname).toBe('/api/v1/wallets');
  });

  it('fetches the user when only a token is stored, behind the loading screen', async () => {
    routeFetch({
      'GET /auth/me': () => jsonResponse(user),
      'GET /wallets': () => jsonResponse({ wallets: [] }),
    });
    storeTokenOnly();
    renderAppAt('/mypage');

    expect(await screen.findByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'ada', level: 1 })).toBeInTheDocument();
    expect(authStore.getState().user).toEqual(user);
    expect(window.localStorage.getItem(STORAGE_KEYS.username)).toBe('ada');
  });

  it("offers Retry when loading fails: 'Failed to load user data. Please try again.'", async () => {
    let answer = jsonResponse({ detail: MESSAGES.internalError }, 500);
    routeFetch({ 'GET /auth/me': () => answer });
    storeTokenOnly();
    renderAppAt('/mypage');

    expect(await screen.findByText(MESSAGES.myPageLoadFailed)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.internalError)).toBeInTheDocument();

    answer = jsonResponse(user);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('heading', { name: 'ada', level: 1 })).toBeInTheDocument();
  });

  it('shows the global error screen for an answer that breaks the contract; Retry recovers', async () => {
    let body: unknown = { unexpected: true };
    routeFetch({ 'GET /auth/me': () => jsonResponse(body) });
    storeTokenOnly();
    renderAppAt('/mypage');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.invalidResponse('GET', '/auth/me'));
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();

    body = user;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('heading', { name: 'ada', level: 1 })).toBeInTheDocument();
  });

  it('opens the login overlay when the stored token is rejected', async () => {
    routeFetch({
      'GET /auth/me': () => jsonResponse({ detail: MESSAGES.notAuthenticated }, 401),
    });
    storeTokenOnly('expired');
    renderAppAt('/mypage');

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(MESSAGES.sessionExpired)).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
  });

  it('logs out on the server, then shows the login screen', async () => {
    const { requests } = routeFetch({
      'POST /auth/logout': () => jsonResponse({ status: 'success' }),
    });
    authStore.signIn('tok', user);
    renderAppAt('/mypage');

    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { name: 'Sign In', level: 1 })).toBeInTheDocument();
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer tok');
    expect(window.localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });

  it('logs out on this device even when the server call fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    routeFetch({ 'POST /auth/logout': () => Promise.reject(new TypeError('offline')) });
    authStore.signIn('tok', user);
    renderAppAt('/mypage');

    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { name: 'Sign In', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(authStore.getState().token).toBeNull());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('/register', () => {
  it('opens the login screen in Register mode', async () => {
    routeFetch({});
    renderAppAt('/register');

    expect(await screen.findByRole('heading', { name: 'Register', level: 1 })).toBeInTheDocument();
    expect(screen.getByLabelText('Email', { exact: false })).toHaveAttribute('type', 'email');
    await waitFor(() => expect(document.title).toBe('Register · Symposia'));
  });
});

describe('/upload', () => {
  it('shows the login screen without an access token', async () => {
    routeFetch({});
    renderAppAt('/upload');
    expect(await screen.findByRole('heading', { name: 'Sign In', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Decentralized Storage on IPFS · Symposia'));
  });

  it('shows the upload form when signed in', async () => {
    routeFetch({});
    authStore.signIn('tok', user);
    renderAppAt('/upload');
    expect(
      await screen.findByRole('heading', { name: 'Decentralized Storage on IPFS', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Choose files')).toHaveAttribute('type', 'file');
  });
});

describe('routes', () => {
  it('/forum shows the Community Forum and its posts', async () => {
    routeFetch({ 'GET /media/list': () => jsonResponse([]) });
    renderAppAt('/forum');
    expect(
      await screen.findByRole('heading', { name: 'Community Forum', level: 1 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('No posts found')).toBeInTheDocument();
    expect(document.title).toBe('Community Forum · Symposia');
  });

  it('/token shows Token Management: the wallet prompt, Get Tokens, rewards and leaderboard', async () => {
    routeFetch({
      'GET /rewards/leaderboard': () => jsonResponse({ epoch: null, entries: [] }),
      'GET /token/info': () =>
        jsonResponse({
          enabled: true,
          network_name: 'Local chain (embedded)',
          cluster: 'embedded',
          mint: 'So11111111111111111111111111111111111111112',
          decimals: 9,
          limits: {
            per_request: 100,
            per_user_daily: 500,
            per_address_daily: 500,
            per_ip_daily: 1000,
            global_daily: 100000,
          },
          explorer_tx_url: null,
        }),
    });
    renderAppAt('/token');

    expect(
      await screen.findByRole('heading', { name: 'Token Management', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Connect Your Wallet', level: 2 })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Get Tokens', level: 2 })).toBeVisible();
    expect(screen.getByLabelText('Receiving address')).toBeInTheDocument();
    expect(await screen.findByText('Up to 100 tokens per request.')).toBeInTheDocument();
    // Signed out: the rewards card invites to sign in; the leaderboard shows anyway.
    expect(screen.getByRole('heading', { name: 'Your rewards', level: 2 })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(await screen.findByText(/No epoch has ended yet/)).toBeVisible();
    expect(document.title).toBe('Token Management · Symposia');
  });

  it("the header offers 'Connect Wallet' on every page", async () => {
    routeFetch({ 'GET /media/list': () => jsonResponse([]) });
    renderAppAt('/forum');

    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('button', { name: 'Connect Wallet' })).toBeInTheDocument();
  });

  it('shows a not-found page for unknown addresses', async () => {
    routeFetch({});
    renderAppAt('/no/such/page');

    expect(
      await screen.findByRole('heading', { name: MESSAGES.pageNotFoundTitle, level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
  });

  it('has the footer with copyright and placeholder links', async () => {
    routeFetch({});
    renderAppAt('/');

    const footer = await screen.findByRole('contentinfo');
    expect(footer).toHaveTextContent(/© \d{4} Symposia\. All rights reserved\./);
    for (const label of ['Privacy Policy', 'Terms of Use', 'Contact Us']) {
      expect(within(footer).getByText(label)).toBeInTheDocument();
    }
  });
});
