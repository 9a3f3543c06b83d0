import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionInfo } from '@symposia/shared';
import { authStore } from '@/lib/auth-store';
import { jsonResponse, neverAnswer, routeFetch } from '@/testing/fetch-mock';
import { makeCurrentUser } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { SessionSettings } from './session-settings';

function makeSession(overrides: Partial<SessionInfo> = {}): SessionInfo {
  return {
    id: 's-here',
    user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0',
    ip_address: '203.0.113.9',
    created_at: '2026-03-01T00:00:00.000Z',
    last_used_at: '2026-03-02T04:05:00.000Z',
    expires_at: '2026-04-01T00:00:00.000Z',
    current: true,
    ...overrides,
  };
}

const PHONE = makeSession({
  id: 's-phone',
  user_agent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile/15E148 Safari/604.1',
  ip_address: '198.51.100.7',
  last_used_at: null,
  current: false,
});

afterEach(() => {
  act(() => authStore.clear());
});

describe('SessionSettings', () => {
  it('lists the sessions with device, address and times; this one is marked', async () => {
    authStore.signIn('token-1', makeCurrentUser());
    routeFetch({
      'GET /auth/sessions': () => jsonResponse({ sessions: [makeSession(), PHONE] }),
    });
    renderWithProviders(<SessionSettings />);
    const rows = await screen.findAllByTestId('session-row');
    expect(rows).toHaveLength(2);
    const [here, phone] = rows as [HTMLElement, HTMLElement];
    expect(here).toHaveTextContent('Firefox on Linux');
    expect(here).toHaveTextContent('This device');
    expect(here).toHaveTextContent('Signed in 2026-03-01 08:00 · Last used 2026-03-02 12:05');
    expect(here).toHaveTextContent('From 203.0.113.9');
    // This device's session ends with Logout, not here.
    expect(within(here).queryByRole('button')).toBeNull();
    expect(phone).toHaveTextContent('Safari on iOS');
    // Never used: last used when it signed in.
    expect(phone).toHaveTextContent('Last used 2026-03-01 08:00');
  });

  it('ends one session from the keyboard and reads the list again', async () => {
    authStore.signIn('token-1', makeCurrentUser());
    let sessions = [makeSession(), PHONE];
    const { requests } = routeFetch({
      'GET /auth/sessions': () => jsonResponse({ sessions }),
      'DELETE /auth/sessions/s-phone': () => {
        sessions = [makeSession()];
        return jsonResponse({ status: 'success' });
      },
    });
    renderWithProviders(<SessionSettings />);
    const end = await screen.findByRole('button', {
      name: 'End the session of Safari on iOS, signed in 2026-03-01 08:00',
    });
    end.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('The session was ended.');
    expect(await screen.findByText('You are signed in only here.')).toBeVisible();
    expect(screen.getAllByTestId('session-row')).toHaveLength(1);
    expect(requests.filter((request) => request.method === 'DELETE')).toHaveLength(1);
  });

  it('signs out everywhere else', async () => {
    authStore.signIn('token-1', makeCurrentUser());
    let sessions = [makeSession(), PHONE, makeSession({ id: 's-3', current: false })];
    routeFetch({
      'GET /auth/sessions': () => jsonResponse({ sessions }),
      'POST /auth/sessions/revoke_others': () => {
        sessions = [makeSession()];
        return jsonResponse({ status: 'success', signed_out_sessions: 2 });
      },
    });
    renderWithProviders(<SessionSettings />);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Other sessions signed out: 2');
    expect(await screen.findByText('You are signed in only here.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).toBeNull();
  });

  it('says so while loading, and offers Retry when loading failed', async () => {
    authStore.signIn('token-1', makeCurrentUser());
    routeFetch({ 'GET /auth/sessions': neverAnswer });
    const { unmount } = renderWithProviders(<SessionSettings />);
    expect(await screen.findByText('Loading your sessions…')).toBeVisible();
    unmount();

    let fail = true;
    routeFetch({
      'GET /auth/sessions': () =>
        fail
          ? jsonResponse({ detail: 'An unexpected error occurred' }, 500)
          : jsonResponse({ sessions: [makeSession()] }),
    });
    renderWithProviders(<SessionSettings />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load your sessions.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('You are signed in only here.')).toBeVisible();
  });
});
