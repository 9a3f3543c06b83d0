import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@symposia/shared';
import { authStore } from '@/lib/auth-store';
import { jsonResponse, routeFetch } from '@/testing/fetch-mock';
import { makeCurrentUser } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { OrcidHandoff, orcidOutcomeOf } from './orcid-handoff';

const user = makeCurrentUser({ username: 'josiah', orcid: '0000-0002-1825-0097' });
const session = {
  status: 'signed-in',
  access_token: 'tok-9',
  token_type: 'bearer',
  expires_in: 60,
};

afterEach(() => {
  act(() => authStore.clear());
});

function handoff(hash: string) {
  const onSignedIn = vi.fn();
  const onLinked = vi.fn();
  renderWithProviders(
    <OrcidHandoff
      outcome={orcidOutcomeOf(hash)}
      onSignedIn={onSignedIn}
      onLinked={onLinked}
      signInHref="/mypage"
    />,
  );
  return { onSignedIn, onLinked };
}

describe('OrcidHandoff', () => {
  it('reads the fragment: a code, a link, a known failure, anything else as an unknown flow', () => {
    expect(orcidOutcomeOf('#code=abc')).toEqual({ code: 'abc' });
    expect(orcidOutcomeOf('#linked=1')).toEqual({ linked: true });
    expect(orcidOutcomeOf('#error=orcidLinkedElsewhere')).toEqual({
      error: 'orcidLinkedElsewhere',
    });
    expect(orcidOutcomeOf('#error=internalError')).toEqual({ error: 'oidcFlowInvalid' });
    expect(orcidOutcomeOf('')).toEqual({ error: 'oidcFlowInvalid' });
  });

  it('trades the code for a session once, stores it with its member, and goes on', async () => {
    const { requests } = routeFetch({
      'POST /auth/oidc/session': () => jsonResponse(session),
      'GET /auth/me': () => jsonResponse(user),
    });
    const { onSignedIn } = handoff('#code=one-time');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(authStore.getState()).toMatchObject({ token: 'tok-9', user });
    const trades = requests.filter((request) => request.url.endsWith('/auth/oidc/session'));
    expect(trades).toHaveLength(1);
    expect(Object.fromEntries(new URLSearchParams(String(trades[0]?.body)))).toEqual({
      code: 'one-time',
    });
  });

  it('asks a new iD for a username, says why one is refused, and signs in with the next', async () => {
    const { requests } = routeFetch({
      'POST /auth/oidc/session': () =>
        jsonResponse({
          status: 'choose-username',
          orcid: '0000-0002-1825-0097',
          suggested_username: 'Josiah_Carberry',
        }),
      'POST /auth/oidc/register': (request) =>
        new URLSearchParams(String(request.body)).get('username') === 'taken'
          ? jsonResponse({ detail: MESSAGES.usernameTaken }, 409)
          : jsonResponse({ access_token: 'tok-new', token_type: 'bearer', expires_in: 60 }, 201),
      'GET /auth/me': () => jsonResponse(user),
    });
    const { onSignedIn } = handoff('#code=new-id');
    expect(await screen.findByRole('heading', { name: 'Choose a username' })).toBeVisible();
    expect(screen.getByText(/0000-0002-1825-0097/)).toBeVisible();
    const field = screen.getByLabelText('Username');
    expect(field).toHaveValue('Josiah_Carberry');

    await userEvent.clear(field);
    await userEvent.type(field, 'no spaces');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(MESSAGES.usernameCharacters)).toBeVisible();

    await userEvent.clear(field);
    await userEvent.type(field, 'taken');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(MESSAGES.usernameTaken)).toBeVisible();
    expect(onSignedIn).not.toHaveBeenCalled();

    await userEvent.clear(field);
    await userEvent.type(field, 'josiah');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(authStore.getState().token).toBe('tok-new');
    const sent = requests.filter((request) => request.url.endsWith('/auth/oidc/register'));
    expect(Object.fromEntries(new URLSearchParams(String(sent.at(-1)?.body)))).toEqual({
      code: 'new-id',
      username: 'josiah',
    });
  });

  it('says what went wrong, in the reader’s words, and offers to try again', async () => {
    routeFetch({});
    handoff('#error=orcidLinkedElsewhere');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.orcidLinkedElsewhere);
    expect(screen.getByRole('link', { name: 'Sign in with ORCID again' })).toHaveAttribute(
      'href',
      '/api/v1/auth/oidc/authorize',
    );
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute(
      'href',
      '/mypage',
    );
  });

  it('tells a used code as such', async () => {
    routeFetch({
      'POST /auth/oidc/session': () =>
        jsonResponse(
          {
            detail: `code: ${MESSAGES.oidcHandoffInvalid}`,
            errors: [{ field: 'code', message: MESSAGES.oidcHandoffInvalid }],
          },
          422,
        ),
    });
    const { onSignedIn } = handoff('#code=used');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.oidcHandoffInvalid);
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('hands a link on at once', async () => {
    routeFetch({});
    const { onLinked } = handoff('#linked=1');
    await waitFor(() => expect(onLinked).toHaveBeenCalledTimes(1));
  });
});
