import { expect, test } from './fixtures/test';
import { MESSAGES } from '@symposia/shared';
import { PASSWORD, fillAuthForm, registerViaApi, tokenViaApi, uniqueUsername } from './support';

const NEW_PASSWORD = 'a brand new passphrase';

test.describe('Change password', () => {
  test('changes the password from My Page settings; the new one signs in, the old one and other sessions do not', async ({
    page,
    request,
  }) => {
    const username = uniqueUsername('chpw');
    await registerViaApi(request, username);
    const otherSession = await tokenViaApi(request, username);

    await page.goto('/mypage');
    await fillAuthForm(page, { username, password: PASSWORD });
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { name: username, level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.getByRole('button', { name: 'Change password' }).click();
    const form = dialog.getByRole('form', { name: 'Change password' });

    // A wrong current password is refused at its field, and nothing changes.
    await form.getByLabel('Current password').fill('not my password');
    await form.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await form.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Save password' }).click();
    await expect(form.getByText(MESSAGES.wrongCurrentPassword)).toBeVisible();
    await expect(
      page.locator('.Toastify').getByText(MESSAGES.changePasswordFailed, { exact: true }),
    ).toBeVisible();

    // The keyboard alone does it: the focus is on the field at fault, Enter submits.
    await expect(form.getByLabel('Current password')).toBeFocused();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await expect(
      page.locator('.Toastify').getByText(MESSAGES.passwordChanged, { exact: true }),
    ).toBeVisible();
    await expect(form).toBeHidden();

    const revoked = await request.get('/api/v1/auth/me', {
      headers: { Authorization: `Bearer ${otherSession}` },
    });
    expect(revoked.status()).toBe(401);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('heading', { name: 'Sign In', level: 1 })).toBeVisible();

    await fillAuthForm(page, { username, password: PASSWORD });
    await page.getByRole('button', { name: 'Sign In' }).click();
    // The form's own alert (the "Password changed" toast may still be showing beside it).
    await expect(page.getByRole('form', { name: 'Sign In' }).getByRole('alert')).toHaveText(
      MESSAGES.invalidCredentials,
    );

    await fillAuthForm(page, { username, password: NEW_PASSWORD });
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { name: username, level: 1 })).toBeVisible();
  });
});
