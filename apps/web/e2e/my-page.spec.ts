import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Browser, type Page, type TestInfo } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { MESSAGES, MY_PAGE_LIST_PAGE_SIZE, type CurrentUser } from '@symposia/shared';
import { setLocalStorage, uniqueUsername } from './support';
import { createPost, createUser, files, likeViaApi, type TestUser } from './fixtures/posts';

// --- Helpers ----------------------------------------------------------------------------------

/** Signs `page` in with a token only, so My Page loads the user from the server (no cache). */
async function signInWithToken(page: Page, user: TestUser): Promise<void> {
  await setLocalStorage(page, { access_token: user.token });
  await page.evaluate(() => window.localStorage.removeItem('user'));
}

async function openMyPage(page: Page, user: TestUser): Promise<void> {
  await signInWithToken(page, user);
  await page.goto('/mypage');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(user.username);
}

async function meViaApi(request: APIRequestContext, user: TestUser): Promise<CurrentUser> {
  const response = await request.get('/api/v1/auth/me', {
    headers: { Authorization: `Bearer ${user.token}` },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as CurrentUser;
}

async function commentViaApi(
  request: APIRequestContext,
  user: TestUser,
  postId: string,
  content: string,
): Promise<void> {
  const response = await request.post('/api/v1/comments/create', {
    headers: { Authorization: `Bearer ${user.token}` },
    data: { postId, content, imageUrl: '' },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Waits for the answer of one /modify call the page makes. */
function modifyAnswer(page: Page, call: string) {
  return page.waitForResponse(
    (response) =>
      response.url().includes(`/api/v1/modify/${call}`) && response.request().method() === 'POST',
  );
}

function toast(page: Page, title: string) {
  return page.locator('.Toastify').getByText(title, { exact: true });
}

async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
}

/** A new signed-in browser, as a different person on another computer. */
async function browserFor(browser: Browser, user: TestUser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInWithToken(page, user);
  return { context, page };
}

async function screenshotAt(page: Page, testInfo: TestInfo, name: string, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
}

// --- Tests ------------------------------------------------------------------------------------

test.describe('My Page', () => {
  test('edits username, title and website with Enter, the bio with Ctrl+Enter; Escape cancels; all persist', async ({
    page,
    request,
  }) => {
    const owner = await createUser(request, { prefix: 'mp' });
    await openMyPage(page, owner);

    // Title: Enter saves.
    await page.getByRole('button', { name: 'Edit title' }).click();
    const titleInput = page.getByRole('textbox', { name: 'Title' });
    await expect(titleInput).toBeFocused();
    await expect(titleInput).toHaveAttribute('maxlength', '40');
    await titleInput.fill('Quantum Analyst');
    let saved = modifyAnswer(page, 'modify_title');
    await titleInput.press('Enter');
    expect((await saved).status()).toBe(200);
    await expect(page.getByText('Quantum Analyst', { exact: true })).toBeVisible();

    // Title: Escape cancels.
    await page.getByRole('button', { name: 'Edit title' }).click();
    await page.getByRole('textbox', { name: 'Title' }).fill('Discard me');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveCount(0);
    await expect(page.getByText('Quantum Analyst', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit title' })).toBeFocused();

    // Website: Enter saves.
    await page.getByRole('button', { name: 'Edit website' }).click();
    await page.getByRole('textbox', { name: 'Website' }).fill('https://example.org/lab');
    saved = modifyAnswer(page, 'modify_url');
    await page.keyboard.press('Enter');
    expect((await saved).status()).toBe(200);
    await expect(page.getByRole('link', { name: 'https://example.org/lab' })).toBeVisible();

    // Bio: Enter is a new line, Ctrl+Enter saves.
    await page.getByRole('button', { name: 'Edit bio' }).click();
    const bio = page.getByRole('textbox', { name: 'Bio' });
    await expect(bio).toHaveAttribute('maxlength', '500');
    await bio.fill('');
    await bio.pressSequentially('Studies entanglement.');
    await bio.press('Enter');
    await bio.pressSequentially('Second line.');
    saved = modifyAnswer(page, 'modify_bio');
    await bio.press('Control+Enter');
    expect((await saved).status()).toBe(200);
    await expect(page.getByText(/Studies entanglement\.\s+Second line\./)).toBeVisible();

    // Bio: Escape cancels.
    await page.getByRole('button', { name: 'Edit bio' }).click();
    await page.getByRole('textbox', { name: 'Bio' }).fill('Not this');
    await page.keyboard.press('Escape');
    await expect(page.getByText(/Studies entanglement/)).toBeVisible();

    // Username: Enter saves through modify_profile.
    const newName = uniqueUsername('mpn');
    await page.getByRole('button', { name: 'Edit username' }).click();
    const username = page.getByRole('textbox', { name: 'Username' });
    await expect(username).toHaveAttribute('maxlength', '20');
    await username.fill(newName);
    saved = modifyAnswer(page, 'modify_profile');
    await username.press('Enter');
    expect((await saved).status()).toBe(200);
    await expect(page.getByRole('heading', { name: newName, level: 1 })).toBeVisible();

    // A reload without the cached user reads everything back from the server.
    await page.evaluate(() => window.localStorage.removeItem('user'));
    await page.reload();
    await expect(page.getByRole('heading', { name: newName, level: 1 })).toBeVisible();
    await expect(page.getByText('Quantum Analyst', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'https://example.org/lab' })).toBeVisible();
    await expect(page.getByText(/Studies entanglement\.\s+Second line\./)).toBeVisible();

    const me = await meViaApi(request, owner);
    expect(me).toMatchObject({
      username: newName,
      title: 'Quantum Analyst',
      url: 'https://example.org/lab',
      bio: 'Studies entanglement.\nSecond line.',
    });
  });

  test("a failed save restores the old value with 'failed to update title' and its details", async ({
    page,
    request,
  }) => {
    const owner = await createUser(request, { prefix: 'mpf' });
    await openMyPage(page, owner);
    const before = (await meViaApi(request, owner)).title;
    await page.route('**/api/v1/modify/modify_title', (route) =>
      route.fulfill({ status: 500, json: { detail: MESSAGES.internalError } }),
    );

    await page.getByRole('button', { name: 'Edit title' }).click();
    await page.getByRole('textbox', { name: 'Title' }).fill('Never saved');
    await page.keyboard.press('Enter');

    await expect(toast(page, MESSAGES.updateFailed('title'))).toBeVisible();
    await expect(page.locator('.Toastify').getByText(MESSAGES.internalError)).toBeVisible();
    await expect(page.getByText(before, { exact: true })).toBeVisible();
    await expect(page.getByText('Never saved')).toHaveCount(0);
  });

  test("the server's refusal of a website restores it with 'failed to update url'", async ({
    page,
    request,
  }) => {
    const owner = await createUser(request, { prefix: 'mpu' });
    await openMyPage(page, owner);

    await page.getByRole('button', { name: 'Edit website' }).click();
    await page.getByRole('textbox', { name: 'Website' }).fill('ftp://example.org/files');
    await page.keyboard.press('Enter');

    await expect(toast(page, MESSAGES.updateFailed('url'))).toBeVisible();
    await expect(page.locator('.Toastify').getByText(/^new_url: /)).toBeVisible();
    await expect(page.getByText('ftp://example.org/files')).toHaveCount(0);
  });

  test("a username that is taken says 'failed to update username' and keeps the old one", async ({
    page,
    request,
  }) => {
    const owner = await createUser(request, { prefix: 'mpt' });
    const other = await createUser(request, { prefix: 'mpo' });
    await openMyPage(page, owner);

    await page.getByRole('button', { name: 'Edit username' }).click();
    await page.getByRole('textbox', { name: 'Username' }).fill(other.username);
    await page.keyboard.press('Enter');

    await expect(toast(page, MESSAGES.updateFailed('username'))).toBeVisible();
    await expect(page.locator('.Toastify').getByText(MESSAGES.usernameTaken)).toBeVisible();
    await expect(page.getByRole('heading', { name: owner.username, level: 1 })).toBeVisible();
  });

  test('uploads a PNG as the avatar, and refuses a text file with a toast', async ({
    page,
    request,
  }) => {
    const owner = await createUser(request, { prefix: 'mpa' });
    await openMyPage(page, owner);
    const fileInput = page.getByLabel('Avatar image file');
    await expect(fileInput).toHaveAttribute('accept', 'image/*');
    await expect(page.getByRole('button', { name: 'Change avatar' })).toBeVisible();

    let avatarCalls = 0;
    page.on('request', (req) => {
      if (req.url().includes('/modify/modify_avatar')) avatarCalls += 1;
    });

    await fileInput.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not an image'),
    });
    await expect(toast(page, MESSAGES.avatarInvalidTypeToastTitle)).toBeVisible();
    await expect(
      page.locator('.Toastify').getByText(MESSAGES.avatarInvalidTypeToastDetails),
    ).toBeVisible();
    expect(avatarCalls).toBe(0);

    const png = files.png('me.png', [120, 40, 90]);
    const saved = modifyAnswer(page, 'modify_avatar');
    await fileInput.setInputFiles({ name: png.name, mimeType: png.mimeType, buffer: png.buffer });
    expect((await saved).status()).toBe(200);

    const avatar = page.getByAltText(`${owner.username}'s avatar`);
    await expect(avatar).toHaveAttribute('src', /^\/ipfs\/[a-z0-9]+$/);
    // The gateway really serves the image.
    await expect
      .poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    expect((await meViaApi(request, owner)).avatar).toMatch(/^\/ipfs\//);

    await page.reload();
    await expect(page.getByAltText(`${owner.username}'s avatar`)).toHaveAttribute(
      'src',
      /^\/ipfs\//,
    );
  });

  test("a refused avatar upload says 'failed to update avatar'", async ({ page, request }) => {
    const owner = await createUser(request, { prefix: 'mpr' });
    await openMyPage(page, owner);
    await page.route('**/api/v1/modify/modify_avatar', (route) =>
      route.fulfill({ status: 413, json: { detail: MESSAGES.avatarTooManyPixels } }),
    );

    const png = files.png();
    await page
      .getByLabel('Avatar image file')
      .setInputFiles({ name: png.name, mimeType: png.mimeType, buffer: png.buffer });

    await expect(toast(page, MESSAGES.updateFailed('avatar'))).toBeVisible();
    await expect(page.locator('.Toastify').getByText(MESSAGES.avatarTooManyPixels)).toBeVisible();
  });

  test('each privacy switch changes what another member sees on the author page', async ({
    page,
    request,
    browser,
  }) => {
    const owner = await createUser(request, { prefix: 'mpp' });
    const reader = await createUser(request, { prefix: 'mpv' });
    await createPost(request, owner, { title: 'Switchable post', visibility: 'public' });
    await openMyPage(page, owner);
    const { context, page: other } = await browserFor(browser, reader);

    const authorPage = async () => {
      await other.goto(`/author/${owner.id}`);
      await expect(other.getByRole('heading', { level: 1 })).toHaveText(owner.username);
    };
    const tab = async (name: string) => {
      await other.getByRole('tab', { name }).click();
      return other.getByRole('tabpanel', { name });
    };

    // Defaults: profile public, everything else private.
    await authorPage();
    await expect((await tab('Profile')).getByText('Profile Hidden')).toHaveCount(0);
    await expect((await tab('Posts')).getByText('Posts Hidden')).toBeVisible();
    await expect((await tab('Activity')).getByText('Activity Hidden')).toBeVisible();
    await expect((await tab('Statistics')).getByText('Statistics Hidden')).toBeVisible();
    await expect(other.getByRole('region', { name: 'Connect' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await expect(dialog.getByRole('heading', { name: 'Privacy Settings' })).toBeVisible();
    const flip = async (name: string, field: string, value: boolean) => {
      const toggle = dialog.getByRole('switch', { name });
      await expect(toggle).toHaveAttribute('aria-checked', String(!value));
      const answer = modifyAnswer(page, 'modify_settings');
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-checked', String(value));
      const response = await answer;
      expect(response.status()).toBe(200);
      expect(new URLSearchParams(response.request().postData() ?? '').get(`new_${field}`)).toBe(
        String(value),
      );
    };

    // Needs contact data to show.
    await dialog.getByRole('button', { name: 'Edit contact information' }).click();
    await dialog.getByLabel('Email', { exact: true }).fill(`${owner.username}@example.org`);
    await dialog.getByLabel('Phone').fill('+1 555 0100');
    const emailSaved = modifyAnswer(page, 'modify_email');
    const phoneSaved = modifyAnswer(page, 'modify_phone');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    expect((await emailSaved).status()).toBe(200);
    expect((await phoneSaved).status()).toBe(200);
    await expect(dialog.getByText(`${owner.username}@example.org`)).toBeVisible();

    await flip('Public posts', 'public_posts', true);
    await flip('Public activity', 'public_activities', true);
    await flip('Public statistics', 'public_statistics', true);
    await flip('Public contact information', 'public_contact', true);
    await flip('Public profile', 'public_profile', false);

    await authorPage();
    await expect((await tab('Profile')).getByText('Profile Hidden')).toBeVisible();
    await expect(
      (await tab('Posts')).getByRole('heading', { name: 'Switchable post' }),
    ).toBeVisible();
    await expect(
      (await tab('Activity')).getByRole('link', { name: 'Switchable post' }),
    ).toBeVisible();
    await expect((await tab('Statistics')).getByText('Statistics Hidden')).toHaveCount(0);
    const connect = other.getByRole('region', { name: 'Connect' });
    await expect(connect.getByRole('link', { name: 'Email' })).toHaveAttribute(
      'href',
      `mailto:${owner.username}@example.org`,
    );
    await expect(connect.getByRole('link', { name: 'Call' })).toHaveAttribute(
      'href',
      'tel:+15550100',
    );

    // And back.
    await flip('Public posts', 'public_posts', false);
    await flip('Public activity', 'public_activities', false);
    await flip('Public statistics', 'public_statistics', false);
    await flip('Public contact information', 'public_contact', false);
    await flip('Public profile', 'public_profile', true);

    await authorPage();
    await expect((await tab('Profile')).getByText('Profile Hidden')).toHaveCount(0);
    await expect((await tab('Posts')).getByText('Posts Hidden')).toBeVisible();
    await expect((await tab('Activity')).getByText('Activity Hidden')).toBeVisible();
    await expect((await tab('Statistics')).getByText('Statistics Hidden')).toBeVisible();
    await expect(other.getByRole('region', { name: 'Connect' })).toHaveCount(0);

    // The switches were saved, not only shown.
    expect((await meViaApi(request, owner)).settings).toEqual({
      public_posts: false,
      public_activities: false,
      public_profile: true,
      public_statistics: false,
      public_contact: false,
    });
    await context.close();
  });

  test("a failed privacy change reverts the switch with 'Failed to update settings'", async ({
    page,
    request,
  }) => {
    const owner = await createUser(request, { prefix: 'mps' });
    await openMyPage(page, owner);
    await page.route('**/api/v1/modify/modify_settings', (route) =>
      route.fulfill({ status: 500, json: { detail: MESSAGES.internalError } }),
    );

    await page.getByRole('button', { name: 'Settings' }).click();
    const toggle = page.getByRole('switch', { name: 'Public posts' });
    await toggle.click();

    await expect(toast(page, MESSAGES.updateSettingsFailed)).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
  });

  test("contact edits: Cancel keeps the old values, a failure says 'Failed to update email'", async ({
    page,
    request,
  }) => {
    const owner = await createUser(request, { prefix: 'mpc' });
    await openMyPage(page, owner);
    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await expect(dialog.getByRole('heading', { name: 'Contact Information' })).toBeVisible();

    await dialog.getByRole('button', { name: 'Edit contact information' }).click();
    await dialog.getByLabel('Email', { exact: true }).fill('cancelled@example.org');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog.getByText('cancelled@example.org')).toHaveCount(0);

    await page.route('**/api/v1/modify/modify_email', (route) =>
      route.fulfill({ status: 500, json: { detail: MESSAGES.internalError } }),
    );
    await dialog.getByRole('button', { name: 'Edit contact information' }).click();
    await dialog.getByLabel('Email', { exact: true }).fill('refused@example.org');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(page, MESSAGES.updateEmailFailed)).toBeVisible();
    await expect(dialog.getByLabel('Email', { exact: true })).toHaveValue('refused@example.org');
    expect((await meViaApi(request, owner)).email).toBe('');
  });

  test('the settings window drags by its title bar, moves with the arrow keys, and closes with Escape', async ({
    page,
    request,
  }) => {
    const owner = await createUser(request, { prefix: 'mpd' });
    await page.setViewportSize({ width: 1280, height: 900 });
    await openMyPage(page, owner);
    const opener = page.getByRole('button', { name: 'Settings' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await expect(dialog).toBeFocused();

    const before = (await dialog.boundingBox())!;
    const handle = (await page.getByTestId('settings-title-bar').boundingBox())!;
    const start = { x: handle.x + handle.width / 2, y: handle.y + handle.height / 2 };
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    await page.mouse.move(start.x - 180, start.y + 90, { steps: 8 });
    await page.mouse.up();

    const after = (await dialog.boundingBox())!;
    expect(after.x - before.x).toBeCloseTo(-180, 0);
    expect(after.y - before.y).toBeCloseTo(90, 0);

    await dialog.getByRole('button', { name: 'Move the settings window' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowUp');
    const moved = (await dialog.boundingBox())!;
    expect(moved.x - after.x).toBeCloseTo(16, 0);
    expect(moved.y - after.y).toBeCloseTo(-16, 0);

    // It cannot be dragged off the top of the screen.
    const bar = (await page.getByTestId('settings-title-bar').boundingBox())!;
    await page.mouse.move(bar.x + 60, bar.y + bar.height / 2);
    await page.mouse.down();
    await page.mouse.move(bar.x + 60, -400, { steps: 5 });
    await page.mouse.up();
    expect((await dialog.boundingBox())!.y).toBeGreaterThanOrEqual(0);

    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
  });

  test('tabs: arrow keys, empty states and their links', async ({ page, request }) => {
    const owner = await createUser(request, { prefix: 'mpe' });
    await openMyPage(page, owner);

    const tabs = page.getByRole('tablist', { name: 'My Page sections' }).getByRole('tab');
    await expect(tabs).toHaveText([
      'Profile',
      'Posts',
      'Comments',
      'Likes',
      'Reviews',
      'Reports',
      'Statistics',
    ]);
    await tabs.first().click();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Posts' })).toBeFocused();
    await expect(page.getByRole('tab', { name: 'Posts' })).toHaveAttribute('aria-selected', 'true');

    const posts = page.getByRole('tabpanel', { name: 'Posts' });
    await expect(posts.getByRole('heading', { name: 'My Posts (0)' })).toBeVisible();
    await expect(posts.getByRole('link', { name: 'New Post' })).toHaveAttribute('href', '/upload');
    await posts.getByRole('link', { name: 'Create Your First Post' }).click();
    await expect(page).toHaveURL(/\/upload$/);

    await page.goBack();
    await page.getByRole('tab', { name: 'Comments' }).click();
    await page.getByRole('link', { name: 'Browse Posts' }).click();
    await expect(page).toHaveURL(/\/forum$/);

    await page.goBack();
    await page.getByRole('tab', { name: 'Likes' }).click();
    await page.getByRole('link', { name: 'Discover Content' }).click();
    await expect(page).toHaveURL(/\/forum$/);

    await page.goBack();
    await page.getByRole('tab', { name: 'Reviews' }).click();
    const reviews = page.getByRole('tabpanel', { name: 'Reviews' });
    await expect(
      reviews.getByText('Reviews you write of others’ posts are listed here.'),
    ).toBeVisible();
    await expect(reviews.getByText('Reviews of your posts are listed here.')).toBeVisible();

    // Reports (issue 32; e2e/my-reports.spec.ts follows one to the moderators' outcome).
    await page.getByRole('tab', { name: 'Reports' }).click();
    await expect(
      page
        .getByRole('tabpanel', { name: 'Reports' })
        .getByRole('heading', { name: 'No reports yet' }),
    ).toBeVisible();

    await page.getByRole('tab', { name: 'Statistics' }).click();
    const statistics = page.getByRole('tabpanel', { name: 'Statistics' });
    await expect(statistics.getByText('87%')).toBeVisible();
  });

  test('lists my posts (private marked), comments and likes, each linked, with statistics', async ({
    page,
    request,
  }) => {
    const owner = await createUser(request, { prefix: 'mpl' });
    const author = await createUser(request, { prefix: 'mpk' });
    const mine = await createPost(request, owner, {
      title: 'My private notes',
      visibility: 'private',
    });
    await createPost(request, owner, { title: 'My public paper' });
    const theirs = await createPost(request, author, { title: 'Their experiment' });
    await commentViaApi(request, owner, theirs, 'Lovely result, thank you');
    await likeViaApi(request, owner, theirs);
    await openMyPage(page, owner);

    await page.getByRole('tab', { name: 'Posts' }).click();
    const posts = page.getByRole('tabpanel', { name: 'Posts' });
    await expect(posts.getByRole('heading', { name: 'My Posts (2)' })).toBeVisible();
    const privateItem = posts.getByRole('listitem').filter({ hasText: 'My private notes' });
    await expect(privateItem.getByText('Private', { exact: true })).toBeVisible();
    await expect(
      posts.getByRole('listitem').filter({ hasText: 'My public paper' }).getByText('Private'),
    ).toHaveCount(0);
    await expect(privateItem.getByRole('link', { name: 'My private notes' })).toHaveAttribute(
      'href',
      `/forum/detail/${mine}`,
    );

    await page.getByRole('tab', { name: 'Comments' }).click();
    const comments = page.getByRole('tabpanel', { name: 'Comments' });
    await expect(comments.getByText('Lovely result, thank you')).toBeVisible();
    await expect(comments.getByRole('link', { name: 'Their experiment' })).toHaveAttribute(
      'href',
      `/forum/detail/${theirs}`,
    );

    await page.getByRole('tab', { name: 'Likes' }).click();
    const likes = page.getByRole('tabpanel', { name: 'Likes' });
    await likes.getByRole('link', { name: 'Their experiment' }).click();
    await expect(page).toHaveURL(new RegExp(`/forum/detail/${theirs}$`));

    await page.goBack();
    await page.getByRole('tab', { name: 'Statistics' }).click();
    const figures = page.getByRole('tabpanel', { name: 'Statistics' }).getByRole('definition');
    const me = await meViaApi(request, owner);
    await expect(figures).toHaveText([
      String(me.stats.posts),
      String(me.stats.comments),
      String(me.stats.likes),
      me.stats.tokens_earned,
    ]);
    expect(me.stats.posts).toBe(2);
  });

  test('a tab shows the first page from /auth/me and pages further with Load more', async ({
    page,
    request,
  }) => {
    const owner = await createUser(request, { prefix: 'mpp' });
    const count = MY_PAGE_LIST_PAGE_SIZE + 2;
    for (let index = 0; index < count; index += 1) {
      await createPost(request, owner, { title: `Paged paper ${index}` });
    }
    const me = await meViaApi(request, owner);
    expect(me.posts).toHaveLength(MY_PAGE_LIST_PAGE_SIZE);
    expect(me.stats.posts).toBe(count);

    const asked: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().includes('/api/v1/auth/me/')) asked.push(new URL(sent.url()).search);
    });
    await openMyPage(page, owner);
    await page.getByRole('tab', { name: 'Posts' }).click();
    const posts = page.getByRole('tabpanel', { name: 'Posts' });
    await expect(posts.getByRole('heading', { name: `My Posts (${count})` })).toBeVisible();
    await expect(posts.getByRole('listitem')).toHaveCount(MY_PAGE_LIST_PAGE_SIZE);
    // The oldest two are on the second page.
    await expect(posts.getByRole('link', { name: 'Paged paper 0', exact: true })).toHaveCount(0);
    expect(asked).toEqual([]);

    const secondPage = page.waitForResponse((answer) =>
      answer.url().includes(`/api/v1/auth/me/posts?skip=${MY_PAGE_LIST_PAGE_SIZE}`),
    );
    await posts.getByRole('button', { name: 'Load more' }).click();
    expect((await secondPage).status()).toBe(200);
    await expect(posts.getByRole('listitem')).toHaveCount(count);
    await expect(posts.getByRole('link', { name: 'Paged paper 0', exact: true })).toBeVisible();
    await expect(posts.getByRole('button', { name: 'Load more' })).toHaveCount(0);
    expect(asked).toEqual([`?skip=${MY_PAGE_LIST_PAGE_SIZE}&limit=${MY_PAGE_LIST_PAGE_SIZE}`]);
  });

  test('Logout returns to the login screen', async ({ page, request }) => {
    const owner = await createUser(request, { prefix: 'mpq' });
    await openMyPage(page, owner);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('heading', { name: 'Sign In', level: 1 })).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('access_token'))).toBeNull();
  });

  test('My Page and the settings window pass axe; screenshots at 390 and 1280', async ({
    browser,
    request,
  }, testInfo) => {
    // Eight axe runs and four screenshots: twice the work of most specs.
    test.setTimeout(180_000);
    const owner = await createUser(request, { prefix: 'mpx' });
    await createPost(request, owner, { title: 'A post for the screenshot' });
    const context = await browser.newContext();
    const page = await context.newPage();
    await openMyPage(page, owner);

    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(page.getByRole('tab', { name: 'Profile' })).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      await screenshotAt(page, testInfo, 'my-page', width);

      await page.getByRole('tab', { name: 'Statistics' }).click();
      await expectNoSeriousAxeViolations(page);
      await page.getByRole('tab', { name: 'Posts' }).click();
      await expectNoSeriousAxeViolations(page);
      await page.getByRole('tab', { name: 'Profile' }).click();

      await page.getByRole('button', { name: 'Settings' }).click();
      const dialog = page.getByRole('dialog', { name: 'Settings' });
      await expect(dialog).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      await page.screenshot({ path: testInfo.outputPath(`settings-panel-${width}.png`) });
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
    }
    await context.close();
  });
});
