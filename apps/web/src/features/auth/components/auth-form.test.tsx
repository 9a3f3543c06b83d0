import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES, PASSWORD_MIN_LENGTH, WEB_CLIENT_TOKEN_FIELDS } from '@symposia/shared';
import { authStore } from '@/lib/auth-store';
import { changeLanguage, i18n } from '@/lib/i18n';
import { jsonResponse, routeFetch } from '@/testing/fetch-mock';
import { makeCurrentUser } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { AuthForm } from './auth-form';

const user = makeCurrentUser({ username: 'ada' });
const tokenAnswer = { access_token: 'tok-1', token_type: 'bearer', expires_in: 3600 };
const invalidGrant = {
  error: 'invalid_grant',
  error_description: MESSAGES.invalidCredentials,
  detail: MESSAGES.invalidCredentials,
};

const field = (label: string) => screen.getByLabelText(label, { exact: false });

/** The form's own calls, without the question whether ORCID is offered (GET /auth/oidc). */
const formCalls = <T extends { url: string }>(requests: T[]) =>
  requests.filter((request) => !request.url.endsWith('/auth/oidc'));

async function fillIn(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    await userEvent.type(field(label), value);
  }
}

describe('AuthForm', () => {
  it('signs in: token, then the user with it, then both are stored', async () => {
    const { requests } = routeFetch({
      'POST /auth/token': () => jsonResponse(tokenAnswer),
      'GET /auth/me': () => jsonResponse(user),
    });
    const onSuccess = vi.fn();
    renderWithProviders(<AuthForm onSuccess={onSuccess} />);

    await fillIn({ Username: 'ada', Password: 'correct horse' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(user));
    const sent = new URLSearchParams(String(formCalls(requests)[0]?.body));
    expect(Object.fromEntries(sent)).toEqual({
      ...WEB_CLIENT_TOKEN_FIELDS,
      username: 'ada',
      password: 'correct horse',
    });
    expect(formCalls(requests)[1]?.headers.get('Authorization')).toBe('Bearer tok-1');
    expect(authStore.getState()).toMatchObject({ token: 'tok-1', user });
  });

  it('offers Sign in with ORCID only when the server does', async () => {
    routeFetch({ 'GET /auth/oidc': () => jsonResponse({ enabled: true }) });
    const { unmount } = renderWithProviders(<AuthForm />);
    const orcid = await screen.findByRole('link', { name: 'Sign in with ORCID' });
    expect(orcid).toHaveAttribute('href', '/api/v1/auth/oidc/authorize');
    unmount();

    const { requests } = routeFetch({ 'GET /auth/oidc': () => jsonResponse({ enabled: false }) });
    renderWithProviders(<AuthForm />);
    await waitFor(() =>
      expect(requests.map((request) => request.url)).toContain('/api/v1/auth/oidc'),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('link', { name: 'Sign in with ORCID' })).toBeNull();
  });

  it("says 'Invalid username or password' for wrong credentials", async () => {
    routeFetch({ 'POST /auth/token': () => jsonResponse(invalidGrant, 400) });
    renderWithProviders(<AuthForm />);

    await fillIn({ Username: 'ada', Password: 'wrong password' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.invalidCredentials);
    expect(authStore.getState().token).toBeNull();
  });

  it('requires username and password before calling the server', async () => {
    const { requests } = routeFetch({});
    renderWithProviders(<AuthForm />);

    expect(field('Username')).toBeRequired();
    expect(field('Password')).toBeRequired();
    // Submit past the browser's own check, as a browser without constraint validation would.
    await userEvent.type(field('Username'), '   ');
    fireEvent.submit(screen.getByRole('button', { name: 'Sign In' }).closest('form')!);

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.missingCredentials);
    expect(screen.getByText('username is required')).toBeInTheDocument();
    expect(screen.getByText('password is required')).toBeInTheDocument();
    expect(formCalls(requests)).toHaveLength(0);
  });

  it('toggling between Sign In and Register clears the form and the error', async () => {
    routeFetch({ 'POST /auth/token': () => jsonResponse(invalidGrant, 400) });
    renderWithProviders(<AuthForm />);
    await fillIn({ Username: 'ada', Password: 'wrong password' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByRole('alert');

    await userEvent.click(screen.getByRole('button', { name: 'Register' }));

    expect(screen.getByRole('heading', { name: 'Register' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(field('Username')).toHaveValue('');
    expect(field('Password')).toHaveValue('');
    expect(field('Email')).toHaveAttribute('type', 'email');
    expect(field('Email')).not.toBeRequired();
    expect(field('Phone')).not.toBeRequired();

    await fillIn({ Username: 'grace', Email: 'grace@example.org' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(field('Username')).toHaveValue('');
    expect(screen.queryByLabelText('Email', { exact: false })).not.toBeInTheDocument();
  });

  it('registers, then signs the new member in at once', async () => {
    const { requests } = routeFetch({
      'POST /auth/register': () => jsonResponse(user, 201),
      'POST /auth/token': () => jsonResponse(tokenAnswer),
      'GET /auth/me': () => jsonResponse(user),
    });
    renderWithProviders(<AuthForm initialMode="register" />);

    await fillIn({ Username: 'ada', Password: 'correct horse', Email: 'ada@example.org' });
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));

    await waitFor(() => expect(authStore.getState().token).toBe('tok-1'));
    const registered = Object.fromEntries(
      new URLSearchParams(String(formCalls(requests)[0]?.body)),
    );
    // The optional phone was left empty, so it is not sent at all.
    expect(registered).toEqual({
      username: 'ada',
      password: 'correct horse',
      email: 'ada@example.org',
    });
    expect(formCalls(requests).map((r) => r.url)).toEqual([
      '/api/v1/auth/register',
      '/api/v1/auth/token',
      '/api/v1/auth/me',
    ]);
  });

  it("shows 'Registration failed, please try again' with the server's reason", async () => {
    routeFetch({
      'POST /auth/register': () => jsonResponse({ detail: MESSAGES.usernameTaken }, 409),
    });
    renderWithProviders(<AuthForm initialMode="register" />);

    await fillIn({ Username: 'ada', Password: 'correct horse' });
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.registrationFailed);
    expect(alert).toHaveTextContent(MESSAGES.usernameTaken);
  });

  it('offers to sign in when the account was created but signing in failed', async () => {
    routeFetch({
      'POST /auth/register': () => jsonResponse(user, 201),
      'POST /auth/token': () => jsonResponse({ detail: MESSAGES.tooManyLoginAttempts }, 429),
    });
    renderWithProviders(<AuthForm initialMode="register" />);

    await fillIn({ Username: 'ada', Password: 'correct horse' });
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(field('Username')).toHaveValue('ada');
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.tooManyLoginAttempts);
    expect(authStore.getState().token).toBeNull();
  });

  it('checks the shared registration rules before calling the server', async () => {
    const { requests } = routeFetch({});
    renderWithProviders(<AuthForm initialMode="register" />);

    await fillIn({ Username: 'ada', Password: 'short' });
    fireEvent.submit(screen.getByRole('button', { name: 'Register' }).closest('form')!);

    expect(
      await screen.findByText(`must be at least ${PASSWORD_MIN_LENGTH} characters`),
    ).toBeInTheDocument();
    expect(field('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(formCalls(requests)).toHaveLength(0);
  });

  it('says why signing in is asked for', () => {
    renderWithProviders(<AuthForm message={MESSAGES.loginToComment} />);

    expect(screen.getByText(MESSAGES.loginToComment)).toBeInTheDocument();
  });
});

describe('AuthForm in Chinese', () => {
  it('signs in and registers in Chinese', async () => {
    await changeLanguage('zh-CN', false);
    renderWithProviders(<AuthForm />);

    expect(screen.getByRole('heading', { name: '登录' })).toBeInTheDocument();
    expect(screen.getByText('欢迎回来，登录后继续。')).toBeInTheDocument();
    expect(field('用户名')).toBeRequired();
    expect(field('密码')).toBeRequired();
    expect(screen.getByText('第一次来 Symposia？')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '注册' }));
    expect(screen.getByRole('heading', { name: '注册' })).toBeInTheDocument();
    expect(field('邮箱')).toHaveAttribute('type', 'email');
    expect(field('电话')).toHaveAttribute('type', 'tel');
    expect(screen.getByText(`至少 ${PASSWORD_MIN_LENGTH} 个字符。`)).toBeInTheDocument();
  });

  it("says why signing in is asked for, and the server's refusal, in Chinese", async () => {
    await changeLanguage('zh-CN', false);
    routeFetch({ 'POST /auth/token': () => jsonResponse(invalidGrant, 400) });
    renderWithProviders(<AuthForm message={MESSAGES.loginToComment} />);
    const reason = i18n.t('messages:loginToComment');
    expect(reason).not.toBe(MESSAGES.loginToComment);
    expect(screen.getByText(reason)).toBeInTheDocument();

    await fillIn({ 用户名: 'ada', 密码: 'wrong password' });
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      i18n.t('messages:invalidCredentials'),
    );
  });
});
