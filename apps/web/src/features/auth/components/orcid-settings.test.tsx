import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { jsonResponse, routeFetch } from '@/testing/fetch-mock';
import { makeCurrentUser } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { OrcidSettings } from './orcid-settings';

const ORCID = '0000-0002-1825-0097';
const linked = { orcid: ORCID, orcid_url: `https://orcid.org/${ORCID}` };

afterEach(() => {
  act(() => authStore.clear());
  vi.unstubAllGlobals();
});

describe('OrcidSettings', () => {
  it('starts a link by sending the browser to the provider', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { requests } = routeFetch({
      'GET /auth/oidc': () => jsonResponse({ enabled: true }),
      'POST /auth/oidc/link': () =>
        jsonResponse({ authorization_url: 'https://orcid.org/oauth/authorize?state=s' }),
    });
    renderWithProviders(<OrcidSettings user={makeCurrentUser()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Link ORCID iD' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://orcid.org/oauth/authorize?state=s'),
    );
    expect(requests.map((request) => `${request.method} ${request.url}`)).toContain(
      'POST /api/v1/auth/oidc/link',
    );
  });

  it('shows a linked iD as its badge and unlinks it', async () => {
    const member = makeCurrentUser(linked);
    authStore.signIn('tok', member);
    routeFetch({
      'GET /auth/oidc': () => jsonResponse({ enabled: true }),
      'DELETE /auth/oidc/link': () => jsonResponse({ status: 'success' }),
      'GET /auth/me': () => jsonResponse({ ...member, orcid: null, orcid_url: null }),
    });
    renderWithProviders(<OrcidSettings user={member} />);
    expect(screen.getByTestId('orcid-badge')).toHaveAttribute('href', linked.orcid_url);
    await userEvent.click(screen.getByRole('button', { name: 'Unlink' }));
    expect(await screen.findByText('Your ORCID iD was unlinked.')).toBeVisible();
    expect(authStore.getState().user?.orcid).toBeNull();
  });

  it('keeps the iD of an account that signs in only with ORCID, and says why', async () => {
    routeFetch({ 'GET /auth/oidc': () => jsonResponse({ enabled: true }) });
    renderWithProviders(<OrcidSettings user={makeCurrentUser({ ...linked, orcid_only: true })} />);
    expect(
      screen.getByText('Your account signs in with ORCID, so its iD stays linked.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Unlink' })).toBeNull();
  });

  it('is not shown while the server offers no ORCID and nothing is linked', async () => {
    const { requests } = routeFetch({ 'GET /auth/oidc': () => jsonResponse({ enabled: false }) });
    const { container } = renderWithProviders(<OrcidSettings user={makeCurrentUser()} />);
    await waitFor(() => expect(requests).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container).toBeEmptyDOMElement();
  });
});
