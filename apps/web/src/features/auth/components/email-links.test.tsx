import { StrictMode } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@symposia/shared';
import { jsonResponse, neverAnswer, routeFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import { ForgotPassword } from './forgot-password';
import { ResetPassword } from './reset-password';
import { VerifyEmail } from './verify-email';

const TOKEN = 'abcdefghijklmnopqrstuvwxyz0123456789_-ABCDE';

const linkRefused = (message: string) =>
  jsonResponse(
    {
      detail: `token: ${message}`,
      errors: [{ field: 'token', message }],
    },
    422,
  );

describe('ForgotPassword', () => {
  it('sends the username or address and says the same whatever the answer holds', async () => {
    const { requests } = routeFetch({
      'POST /auth/password_reset/request': () => jsonResponse({ status: 'accepted' }, 202),
    });
    renderWithProviders(<ForgotPassword />);
    const field = screen.getByLabelText('Username or email');
    expect(field).toHaveFocus();
    // The keyboard alone: type and press Enter.
    await userEvent.type(field, 'ada@example.org{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.passwordResetRequested);
    expect(new URLSearchParams(String(requests[0]?.body)).get('username_or_email')).toBe(
      'ada@example.org',
    );
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute(
      'href',
      '/mypage',
    );
  });

  it('asks for a name before sending, and shows a refused request', async () => {
    const { requests } = routeFetch({
      'POST /auth/password_reset/request': () =>
        jsonResponse({ detail: MESSAGES.tooManyPasswordResets }, 429),
    });
    renderWithProviders(<ForgotPassword />);
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByText(MESSAGES.fieldRequired('username_or_email'))).toBeVisible();
    expect(requests).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Username or email'), 'ada');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.tooManyPasswordResets);
  });
});

describe('ResetPassword', () => {
  it('sets the new password with the token, then offers to sign in with it', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { requests } = routeFetch({
      'POST /auth/password_reset/confirm': () => new Promise((resolve) => (answer = resolve)),
    });
    renderWithProviders(<ResetPassword token={TOKEN} />);
    await userEvent.type(screen.getByLabelText('New password'), 'a brand new passphrase');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'a brand new passphrase');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    // Loading: the button says so and cannot be pressed again.
    expect(screen.getByRole('button', { name: 'Saving…' })).toBeDisabled();
    answer(jsonResponse({ status: 'success', signed_out_sessions: 2 }));

    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.passwordResetDone);
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    expect(requests[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(requests[0]?.body))).toEqual({
      token: TOKEN,
      new_password: 'a brand new passphrase',
    });
  });

  it("checks the two passwords before sending, and shows the server's refusal at its field", async () => {
    const { requests } = routeFetch({
      'POST /auth/password_reset/confirm': () =>
        jsonResponse(
          {
            detail: 'new_password: is one of the 10,000 most common passwords',
            errors: [{ field: 'new_password', message: MESSAGES.commonPassword(10_000) }],
          },
          422,
        ),
    });
    renderWithProviders(<ResetPassword token={TOKEN} />);
    await userEvent.type(screen.getByLabelText('New password'), 'password123');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'password124');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(screen.getByText(MESSAGES.passwordsDoNotMatch)).toBeVisible();
    expect(screen.getByLabelText('Confirm new password')).toHaveFocus();
    expect(requests).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('Confirm new password'));
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'password123');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(MESSAGES.commonPassword(10_000))).toBeVisible();
    expect(screen.getByLabelText('New password')).toHaveFocus();
  });

  it.each([
    ['expired', MESSAGES.emailLinkExpired],
    ['used', MESSAGES.emailLinkUsed],
  ])('says a link that is %s cannot be used, and offers a new one', async (_kind, message) => {
    routeFetch({ 'POST /auth/password_reset/confirm': () => linkRefused(message) });
    renderWithProviders(<ResetPassword token={TOKEN} />);
    await userEvent.type(screen.getByLabelText('New password'), 'a brand new passphrase');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'a brand new passphrase');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('without a token, says the link is not valid', () => {
    renderWithProviders(<ResetPassword token={null} />);
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.emailLinkInvalid);
  });
});

describe('VerifyEmail', () => {
  it('sends the token once as it opens and says the address is verified', async () => {
    const { requests } = routeFetch({
      'POST /auth/verify_email': () =>
        jsonResponse({ status: 'success', email: 'ada@example.org' }),
    });
    // Strict mode runs the effect twice, as React does in development: one request still.
    renderWithProviders(
      <StrictMode>
        <VerifyEmail token={TOKEN} />
      </StrictMode>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Verifying your email address…');
    expect(await screen.findByRole('heading', { name: 'Email address verified' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('ada@example.org');
    expect(requests).toHaveLength(1);
    expect(JSON.parse(String(requests[0]?.body))).toEqual({ token: TOKEN });
  });

  it('says why a link is refused', async () => {
    routeFetch({ 'POST /auth/verify_email': () => linkRefused(MESSAGES.emailLinkUsed) });
    renderWithProviders(<VerifyEmail token={TOKEN} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.emailLinkUsed);
    expect(
      screen.getByRole('heading', { name: 'The address could not be verified' }),
    ).toBeVisible();
  });

  it('offers to try again when no answer came', async () => {
    let calls = 0;
    routeFetch({
      'POST /auth/verify_email': (request) => {
        calls += 1;
        return calls === 1
          ? Promise.reject(new TypeError('Failed to fetch'))
          : calls === 2
            ? jsonResponse({ status: 'success', email: 'ada@example.org' })
            : neverAnswer(request);
      },
    });
    renderWithProviders(<VerifyEmail token={TOKEN} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Email address verified' })).toBeVisible(),
    );
  });
});
