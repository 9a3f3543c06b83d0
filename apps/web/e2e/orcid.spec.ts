import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures/test';
import { ownServerPort, startOwnServer, type OwnServer } from './fixtures/own-server';
import { createPost, createUser } from './fixtures/posts';
import { PASSWORD, fillAuthForm, setLocalStorage } from './support';
import { startTestProvider, type TestProvider } from '../../../scripts/oidc-test-provider.mjs';

/*
 * Sign-in with ORCID (issue 30) in the browser, against a real OpenID provider this file starts
 * (scripts/oidc-test-provider.mjs: the `oidc-provider` package on 127.0.0.1, whose logins complete
 * at once as the account a test names) and a server of its own pointed at it (OIDC_ISSUER). A new
 * researcher signs in with ORCID, chooses a username and sees their ORCID badge — on My Page, on
 * their author page and in the citation of their post; a member links their iD from My Page.
 */

const port = ownServerPort(87);
const origin = `http://127.0.0.1:${port}`;
test.use({ baseURL: origin });

const CLIENT = { clientId: 'symposia-e2e', clientSecret: 'an-e2e-client-secret' };
let provider: TestProvider;
let server: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  provider = await startTestProvider({
    ...CLIENT,
    redirectUri: `${origin}/api/v1/auth/oidc/callback`,
  });
  server = await startOwnServer(port, {
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: CLIENT.clientId,
    OIDC_CLIENT_SECRET: CLIENT.clientSecret,
    PUBLIC_ORIGIN: origin,
  });
});

test.afterAll(async () => {
  await server?.stop();
  await provider?.close();
});

test('a new researcher signs in with ORCID, chooses a username and sees the ORCID badge', async ({
  page,
  request,
}) => {
  const orcid = '0000-0002-1825-0097';
  const record = `${provider.issuer}/${orcid}`;
  provider.signInAs({ sub: orcid, given_name: 'Josiah', family_name: 'Carberry' });

  await page.goto('/mypage');
  await page.getByRole('link', { name: 'Sign in with ORCID' }).click();

  // Back from the provider: the iD is new here, so a username is asked for (the name suggested).
  await expect(page.getByRole('heading', { name: 'Choose a username', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(`${origin}/orcid`);
  await expect(page.getByText(orcid)).toBeVisible();
  const username = page.getByRole('textbox', { name: 'Username' });
  await expect(username).toHaveValue('Josiah_Carberry');
  expect(await new AxeBuilder({ page }).analyze()).toMatchObject({ violations: [] });
  const chosen = `josiah${Date.now().toString(36).slice(-6)}`;
  await username.fill(chosen);
  await page.getByRole('button', { name: 'Create account' }).click();

  // Signed in, on My Page: the badge links to the public record.
  await expect(page.getByRole('heading', { name: chosen, level: 1 })).toBeVisible();
  await expect(page).toHaveURL(`${origin}/mypage`);
  const badge = page.getByRole('link', {
    name: `ORCID iD ${orcid}, verified: open the public ORCID record`,
  });
  await expect(badge).toBeVisible();
  await expect(badge).toHaveAttribute('href', record);

  // Settings: the iD stays linked (it is how the account signs in), and there is no password.
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(
    settings.getByText('Your account signs in with ORCID, so its iD stays linked.'),
  ).toBeVisible();
  await expect(settings.getByRole('button', { name: 'Unlink' })).toHaveCount(0);
  await expect(
    settings.getByText('Your account signs in with ORCID and has no password.'),
  ).toBeVisible();
  await expect(settings.getByRole('button', { name: 'Change password' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Their post's citation shows the badge too.
  const token = await page.evaluate(() => window.localStorage.getItem('access_token'));
  expect(token).toBeTruthy();
  const me = await request.get('/api/v1/auth/me', {
    headers: { Authorization: `Bearer ${token}` },
  });
  const { id } = (await me.json()) as { id: string };
  const postId = await createPost(
    request,
    { id, username: chosen, token: token! },
    { title: 'Carberry on cats', visibility: 'public' },
  );
  await page.goto(`/forum/detail/${postId}`);
  await page.getByRole('button', { name: 'Cite' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cite this post' });
  await expect(dialog.getByTestId('orcid-badge')).toHaveAttribute('href', record);
  await page.keyboard.press('Escape');

  // Signing in with ORCID again signs in to the same account, straight to My Page.
  await page.goto('/mypage');
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('link', { name: 'Sign in with ORCID' }).click();
  await expect(page.getByRole('heading', { name: chosen, level: 1 })).toBeVisible();
  await expect(badge).toBeVisible();
});

test('a member links an ORCID iD from My Page and sees the badge on their author page', async ({
  page,
  request,
}) => {
  const orcid = '0000-0001-5109-3700';
  const member = await createUser(request, { prefix: 'orc' });
  await page.goto('/mypage');
  await fillAuthForm(page, { username: member.username, password: PASSWORD });
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: member.username, level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  provider.signInAs({ sub: orcid, given_name: 'Ada' });
  await settings.getByRole('button', { name: 'Link ORCID iD' }).click();

  // Back from the provider on My Page, told, with the badge.
  await expect(page.getByText('Your ORCID iD is linked.')).toBeVisible();
  await expect(page).toHaveURL(`${origin}/mypage`);
  const name = `ORCID iD ${orcid}, verified: open the public ORCID record`;
  await expect(page.getByRole('link', { name })).toHaveAttribute(
    'href',
    `${provider.issuer}/${orcid}`,
  );

  // Another member reads their author page: the same badge.
  const reader = await createUser(request, { prefix: 'rdr' });
  // (The stored member is read afresh for another token.)
  await setLocalStorage(page, { access_token: reader.token });
  await page.goto(`/author/${member.id}`);
  await expect(page.getByRole('link', { name })).toBeVisible();

  // Unlinked from Settings, the badge goes.
  await setLocalStorage(page, { access_token: member.token });
  await page.goto('/mypage');
  await page.getByRole('button', { name: 'Settings' }).click();
  await settings.getByRole('button', { name: 'Unlink' }).click();
  await expect(settings.getByText('Your ORCID iD was unlinked.')).toBeVisible();
  await expect(settings.getByRole('button', { name: 'Link ORCID iD' })).toBeVisible();
});
