import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS_REFUSED, MESSAGES, PASSWORD_MIN_LENGTH } from '@symposia/shared';
import { ToastHost } from '@/components/ui/toast/toast';
import { authStore, useAuth } from '@/lib/auth-store';
import { changeLanguage, i18n } from '@/lib/i18n';
import { jsonResponse, routeFetch, type RecordedRequest } from '@/testing/fetch-mock';
import { makeCurrentUser } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { MyProfile } from './my-profile';

function StoredProfile() {
  const { user } = useAuth();
  return user ? (
    <>
      <MyProfile user={user} />
      <ToastHost />
    </>
  ) : null;
}

function renderMyPage(routes: Parameters<typeof routeFetch>[0] = {}) {
  const fetch = routeFetch(routes);
  authStore.signIn('tok', makeCurrentUser());
  renderWithProviders(<StoredProfile />);
  return fetch;
}

const form = (request: RecordedRequest) =>
  Object.fromEntries(new URLSearchParams(String(request.body)));

async function openForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Settings' }));
  const dialog = screen.getByRole('dialog', { name: 'Settings' });
  await user.click(within(dialog).getByRole('button', { name: 'Change password' }));
  return within(dialog).getByRole('form', { name: 'Change password' });
}

describe('Change password in My Page settings', () => {
  it('sends the current and new password, then says the other sessions were signed out', async () => {
    const user = userEvent.setup();
    const { requests } = renderMyPage({
      'POST /auth/change_password': () =>
        jsonResponse({ status: 'success', signed_out_sessions: 2 }),
    });
    const passwordForm = await openForm(user);

    // Keyboard only: the current password field has the focus, Tab moves on, Enter submits.
    expect(within(passwordForm).getByLabelText('Current password')).toHaveFocus();
    await user.keyboard('old secret');
    await user.tab();
    await user.keyboard('a new passphrase');
    await user.tab();
    await user.keyboard('a new passphrase{Enter}');

    expect(await screen.findAllByText(MESSAGES.passwordChanged)).not.toHaveLength(0);
    expect(requests).toHaveLength(1);
    expect(new URL(requests[0]!.url, 'http://x').pathname).toBe('/api/v1/auth/change_password');
    expect(form(requests[0]!)).toEqual({
      old_password: 'old secret',
      new_password: 'a new passphrase',
    });
    expect(screen.queryByRole('form', { name: 'Change password' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change password' })).toHaveFocus();
  });

  it('checks the form with the shared schema before sending anything', async () => {
    const user = userEvent.setup();
    const { requests } = renderMyPage();
    const passwordForm = await openForm(user);

    await user.type(within(passwordForm).getByLabelText('Current password'), 'old secret');
    await user.type(within(passwordForm).getByLabelText('New password', { exact: true }), 'short');
    await user.type(within(passwordForm).getByLabelText('Confirm new password'), 'other');
    await user.click(within(passwordForm).getByRole('button', { name: 'Save password' }));

    expect(
      within(passwordForm).getByText(`must be at least ${PASSWORD_MIN_LENGTH} characters`),
    ).toBeInTheDocument();
    expect(within(passwordForm).getByText(MESSAGES.passwordsDoNotMatch)).toBeInTheDocument();
    expect(within(passwordForm).getByLabelText('New password', { exact: true })).toHaveFocus();
    expect(requests).toHaveLength(0);
  });

  it("shows the server's refusal at its field and in an error toast", async () => {
    const user = userEvent.setup();
    const common = MESSAGES.commonPassword(COMMON_PASSWORDS_REFUSED);
    renderMyPage({
      'POST /auth/change_password': () =>
        jsonResponse(
          {
            detail: `new_password: ${common}`,
            errors: [{ field: 'new_password', message: common }],
          },
          422,
        ),
    });
    const passwordForm = await openForm(user);

    await user.type(within(passwordForm).getByLabelText('Current password'), 'old secret');
    await user.type(
      within(passwordForm).getByLabelText('New password', { exact: true }),
      'password123',
    );
    await user.type(within(passwordForm).getByLabelText('Confirm new password'), 'password123');
    await user.click(within(passwordForm).getByRole('button', { name: 'Save password' }));

    expect(await screen.findByText(MESSAGES.changePasswordFailed)).toBeInTheDocument();
    expect(screen.getByText(`new_password: ${common}`)).toBeInTheDocument();
    expect(within(passwordForm).getByText(common)).toBeInTheDocument();
    expect(within(passwordForm).getByLabelText('New password', { exact: true })).toHaveValue(
      'password123',
    );
  });

  it('cancels with Escape, leaving the settings window open', async () => {
    const user = userEvent.setup();
    renderMyPage();
    await openForm(user);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('form', { name: 'Change password' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Settings' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change password' })).toHaveFocus();
  });
});

describe('Change password in Chinese', () => {
  it("shows the form and the server's refusal at its field in Chinese", async () => {
    await changeLanguage('zh-CN', false);
    const user = userEvent.setup();
    renderMyPage({
      'POST /auth/change_password': () =>
        jsonResponse(
          {
            detail: `old_password: ${MESSAGES.wrongCurrentPassword}`,
            errors: [{ field: 'old_password', message: MESSAGES.wrongCurrentPassword }],
          },
          422,
        ),
    });
    await user.click(screen.getByRole('button', { name: '设置' }));
    const dialog = screen.getByRole('dialog', { name: '设置' });
    await user.click(within(dialog).getByRole('button', { name: '修改密码' }));
    const passwordForm = within(dialog).getByRole('form', { name: '修改密码' });

    await user.type(within(passwordForm).getByLabelText('当前密码'), 'old secret');
    await user.type(within(passwordForm).getByLabelText('新密码', { exact: true }), 'password123');
    await user.type(within(passwordForm).getByLabelText('确认新密码'), 'password123');
    await user.click(within(passwordForm).getByRole('button', { name: '保存密码' }));

    const refusal = i18n.t('messages:wrongCurrentPassword');
    expect(refusal).not.toBe(MESSAGES.wrongCurrentPassword);
    expect(await within(passwordForm).findByText(refusal)).toBeInTheDocument();
    expect(screen.getByText(i18n.t('messages:changePasswordFailed'))).toBeInTheDocument();
  });
});
