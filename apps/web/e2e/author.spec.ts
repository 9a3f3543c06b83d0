import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { MESSAGES } from '@symposia/shared';
import { PASSWORD, fillAuthForm, hydrated, setLocalStorage } from './support';
import { createPost, createUser, likeViaApi, type TestUser } from './fixtures/posts';

// --- Helpers ----------------------------------------------------------------------------------

type Flags = {
  profile: boolean;
  posts: boolean;
  activities: boolean;
  statistics: boolean;
  contact: boolean;
};

const ALL_PUBLIC: Flags = {
  profile: true,
  posts: true,
  activities: true,
  statistics: true,
  contact: true,
};
const ALL_HIDDEN: Flags = {
  profile: false,
  posts: false,
  activities: false,
  statistics: false,
  contact: false,
};

async function modifyViaApi(
  request: APIRequestContext,
  user: TestUser,
  call: string,
  form: Record<string, string>,
): Promise<void> {
  const response = await request.post(`/api/v1/modify/${call}`, {
    headers: { Authorization: `Bearer ${user.token}` },
    form: { user_id: user.id, ...form },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function setPrivacy(request: APIRequestContext, user: TestUser, flags: Flags) {
  await modifyViaApi(
    request,
    user,
    'modify_settings',
    Object.fromEntries(
      Object.entries(flags).map(([flag, value]) => [`new_public_${flag}`, String(value)]),
    ),
  );
}

/** An author with a full profile: title, bio, tags, website, email and phone. */
async function createAuthor(request: APIRequestContext, prefix: string): Promise<TestUser> {
  const author = await createUser(request, { prefix });
  await modifyViaApi(request, author, 'modify_profile', {
    nickname: 'Dr. Lin Wen',
    tags: 'quantum optics, photonics,metrology',
  });
  await modifyViaApi(request, author, 'modify_title', { new_title: 'Senior Physicist' });
  await modifyViaApi(request, author, 'modify_bio', { new_bio: 'Builds single-photon sources.' });
  await modifyViaApi(request, author, 'modify_url', { new_url: 'https://example.org/lin' });
  await modifyViaApi(request, author, 'modify_email', {
    new_email: `${author.username}@example.org`,
  });
  await modifyViaApi(request, author, 'modify_phone', { new_phone: '+86 10 5555 0100' });
  return author;
}

async function signIn(page: Page, user: TestUser): Promise<void> {
  await setLocalStorage(page, { access_token: user.token });
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  return page.getByRole('tabpanel', { name });
}

async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
}

const HIDDEN = [
  ['Profile', 'Profile Hidden', 'This user has chosen to keep their profile private.'],
  ['Posts', 'Posts Hidden', 'This user has chosen to keep their posts private.'],
  ['Activity', 'Activity Hidden', 'This user has chosen to keep their activity private.'],
  ['Statistics', 'Statistics Hidden', 'This user has chosen to keep their statistics private.'],
] as const;

// --- Tests ------------------------------------------------------------------------------------

test.describe('author profile', () => {
  test('with every section public: header, badges, posts with View, activity, statistics, Connect', async ({
    page,
    request,
  }) => {
    const author = await createAuthor(request, 'aup');
    const reader = await createUser(request, { prefix: 'aur' });
    const postId = await createPost(request, author, { title: 'Photon statistics' });
    await createPost(request, author, { title: 'Hidden lab notes', visibility: 'private' });
    await likeViaApi(request, reader, postId);
    await setPrivacy(request, author, ALL_PUBLIC);
    await signIn(page, reader);

    await page.goto(`/author/${author.id}`);

    await expect(page.getByRole('heading', { name: 'Dr. Lin Wen', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('Dr. Lin Wen · Symposia');
    await expect(page.getByText(`@${author.username}`)).toBeVisible();
    await expect(page.getByText('Senior Physicist')).toBeVisible();
    const contact = page.getByRole('list', { name: 'Contact', exact: true });
    await expect(contact.getByText(`${author.username}@example.org`)).toBeVisible();
    await expect(contact.getByText('+86 10 5555 0100')).toBeVisible();
    await expect(contact.getByRole('link', { name: 'https://example.org/lin' })).toHaveAttribute(
      'href',
      'https://example.org/lin',
    );
    await expect(
      page.getByRole('list', { name: 'Badges', exact: true }).getByRole('listitem'),
    ).toHaveText(['quantum optics', 'photonics', 'metrology']);

    const profile = page.getByRole('tabpanel', { name: 'Profile' });
    await expect(profile.getByText('Builds single-photon sources.')).toBeVisible();
    await expect(
      profile.getByRole('list', { name: 'Expertise' }).getByRole('listitem'),
    ).toHaveCount(3);

    const posts = await openTab(page, 'Posts');
    await expect(posts.getByRole('heading', { name: 'Photon statistics' })).toBeVisible();
    await expect(posts.getByText('Hidden lab notes')).toHaveCount(0);
    await expect(posts.getByText('1 like', { exact: true })).toBeVisible();

    const activity = await openTab(page, 'Activity');
    await expect(activity.getByRole('link', { name: 'Photon statistics' })).toHaveAttribute(
      'href',
      `/forum/detail/${postId}`,
    );

    const statistics = await openTab(page, 'Statistics');
    await expect(statistics.getByRole('definition')).toHaveText(['1', '0', '1', '0', '0', '0']);

    const connect = page.getByRole('region', { name: 'Connect' });
    await expect(connect.getByRole('link', { name: 'Email' })).toHaveAttribute(
      'href',
      `mailto:${author.username}@example.org`,
    );
    await expect(connect.getByRole('link', { name: 'Call' })).toHaveAttribute(
      'href',
      'tel:+861055550100',
    );
    await expect(connect.getByRole('link', { name: 'Website' })).toHaveAttribute(
      'href',
      'https://example.org/lin',
    );

    await openTab(page, 'Posts');
    await page.getByRole('link', { name: 'View Photon statistics' }).click();
    await expect(page).toHaveURL(new RegExp(`/forum/detail/${postId}$`));
    await expect(page.getByRole('heading', { name: 'Photon statistics', level: 1 })).toBeVisible();
  });

  test('with every section hidden: the hidden notices with their exact texts, no Connect', async ({
    page,
    request,
  }) => {
    const author = await createAuthor(request, 'auh');
    const reader = await createUser(request, { prefix: 'aur' });
    await createPost(request, author, { title: 'Kept to myself' });
    await setPrivacy(request, author, ALL_HIDDEN);
    await signIn(page, reader);

    await page.goto(`/author/${author.id}`);

    await expect(page.getByRole('heading', { name: 'Dr. Lin Wen', level: 1 })).toBeVisible();
    for (const [tab, title, text] of HIDDEN) {
      const panel = await openTab(page, tab);
      await expect(panel.getByRole('heading', { name: title })).toBeVisible();
      await expect(panel.getByText(text, { exact: true })).toBeVisible();
    }
    await expect(page.getByText('Senior Physicist')).toHaveCount(0);
    await expect(page.getByText('Kept to myself')).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Contact', exact: true })).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Badges', exact: true })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Connect' })).toHaveCount(0);
  });

  test("the author sees their own private sections; public but empty ones say 'No Posts Yet' and 'No Recent Activity'", async ({
    page,
    request,
  }) => {
    const empty = await createUser(request, { prefix: 'aue' });
    await setPrivacy(request, empty, { ...ALL_PUBLIC, contact: false });
    const reader = await createUser(request, { prefix: 'aur' });
    await signIn(page, reader);

    await page.goto(`/author/${empty.id}`);
    await expect(
      (await openTab(page, 'Posts')).getByRole('heading', { name: 'No Posts Yet' }),
    ).toBeVisible();
    await expect(
      (await openTab(page, 'Activity')).getByRole('heading', { name: 'No Recent Activity' }),
    ).toBeVisible();

    // The author looking at themself sees what others cannot.
    const author = await createAuthor(request, 'aus');
    await setPrivacy(request, author, ALL_HIDDEN);
    await signIn(page, author);
    await page.goto(`/author/${author.id}`);
    await expect(page.getByText('Builds single-photon sources.')).toBeVisible();
    await expect(page.getByText('Profile Hidden')).toHaveCount(0);
    await expect(
      page.getByText('Only you can see this section; it is hidden from other members.'),
    ).toBeVisible();
  });

  test('Back returns to the page the reader came from, or to the forum', async ({
    page,
    request,
  }) => {
    const author = await createUser(request, { prefix: 'aub' });
    const reader = await createUser(request, { prefix: 'aur' });
    const postId = await createPost(request, author, { title: 'Where I came from' });
    const authorHeading = (on: Page) =>
      on.getByRole('heading', { name: author.username, level: 1 });
    await signIn(page, reader);

    await page.goto(`/forum/detail/${postId}`);
    await expect(page.getByRole('heading', { name: 'Where I came from' })).toBeVisible();
    await page.locator(`a[href="/author/${author.id}"]`).first().click();
    await expect(page).toHaveURL(new RegExp(`/author/${author.id}$`));
    // The post's own Back (to the forum) stays on screen until the profile replaces it.
    await expect(authorHeading(page)).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(new RegExp(`/forum/detail/${postId}$`));

    // A link the browser follows itself (as before the page has hydrated) loads the next page
    // anew: Back still returns to the post.
    await hydrated(page);
    await page.evaluate((href) => window.location.assign(href), `/author/${author.id}`);
    await expect(page).toHaveURL(new RegExp(`/author/${author.id}$`));
    await expect(authorHeading(page)).toBeVisible();
    await hydrated(page);
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(new RegExp(`/forum/detail/${postId}$`));

    // Opened directly in a new tab, with nothing of ours before it: Back goes to the forum.
    const direct = await page.context().newPage();
    await direct.goto(`/author/${author.id}`);
    await expect(authorHeading(direct)).toBeVisible();
    await hydrated(direct);
    await direct.getByRole('button', { name: 'Back' }).click();
    await expect(direct).toHaveURL(/\/forum$/);
  });

  test(`a signed-out visit opens the login overlay: '${MESSAGES.loginToViewAuthor}'`, async ({
    page,
    request,
  }) => {
    const author = await createUser(request, { prefix: 'auo' });
    const reader = await createUser(request, { prefix: 'aur' });

    await page.goto(`/author/${author.id}`);

    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(MESSAGES.loginToViewAuthor);

    await fillAuthForm(dialog, { username: reader.username, password: PASSWORD });
    await dialog.getByRole('button', { name: 'Sign In' }).click();

    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: author.username, level: 1 })).toBeVisible();
  });

  test(`an unknown author says '${MESSAGES.authorLoadFailed}' with Back to Forum`, async ({
    page,
    request,
  }) => {
    const reader = await createUser(request, { prefix: 'aur' });
    await signIn(page, reader);

    await page.goto('/author/no-such-author');

    await expect(
      page.getByRole('heading', { name: MESSAGES.authorLoadFailed, level: 1 }),
    ).toBeVisible();
    await expect(page.getByText(MESSAGES.userNotFound)).toBeVisible();
    await page.getByRole('button', { name: 'Back to Forum' }).click();
    await expect(page).toHaveURL(/\/forum$/);
  });

  test('passes axe; screenshots at 390 and 1280', async ({ browser, request }, testInfo) => {
    const author = await createAuthor(request, 'aux');
    const reader = await createUser(request, { prefix: 'aur' });
    await createPost(request, author, { title: 'Cavity QED in practice' });
    await setPrivacy(request, author, { ...ALL_PUBLIC, statistics: false });
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, reader);
    await page.goto(`/author/${author.id}`);
    await expect(page.getByRole('heading', { name: 'Dr. Lin Wen', level: 1 })).toBeVisible();

    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.getByRole('tab', { name: 'Profile' }).click();
      await expectNoSeriousAxeViolations(page);
      await page.screenshot({
        path: testInfo.outputPath(`author-${width}.png`),
        fullPage: true,
      });
      for (const tab of ['Posts', 'Activity', 'Statistics']) {
        await page.getByRole('tab', { name: tab }).click();
        await expectNoSeriousAxeViolations(page);
      }
    }
    await context.close();
  });
});
