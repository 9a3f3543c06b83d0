import { type Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { createPost, createUser, type TestUser } from './fixtures/posts';
import { hydrated, setLocalStorage } from './support';
import { expectAllChinese } from './fixtures/chinese';

/*
 * The interface in Simplified Chinese: chosen in the header, kept across reloads, picked from the
 * browser's language, rendered by the server in it; and a walk through home, forum, detail,
 * upload, My Page and Token that fails on any English word left outside user content (elements
 * marked translate="no").
 */

/** Signs `user` in (the stored user of whoever was signed in goes), reading Chinese. */
async function signInAs(page: Page, user: TestUser) {
  if (page.url() !== 'about:blank') await page.evaluate(() => window.localStorage.clear());
  await setLocalStorage(page, { access_token: user.token, language: 'zh-CN' });
}

test.describe('the interface in Chinese', () => {
  let author: TestUser;
  let postId: string;
  const postTitle = 'Surface codes at distance 3 to 11';

  test.beforeAll(async ({ request }) => {
    author = await createUser(request, { prefix: 'zhau' });
    postId = await createPost(request, author, {
      title: postTitle,
      summary: 'Thresholds near one percent.',
      tags: 'physics, quantum',
    });
  });

  test('the header switches to 中文 and back; the choice survives a reload', async ({ page }) => {
    await page.goto('/forum');
    await hydrated(page);
    const toChinese = page.getByRole('button', { name: /Choose the language of the interface/ });
    await expect(toChinese).toContainText('中文');
    await toChinese.click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    expect(await page.evaluate(() => window.localStorage.getItem('language'))).toBe('zh-CN');
    await expectAllChinese(page, 'forum after switching');

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expectAllChinese(page, 'forum after a reload');

    const toEnglish = page.getByRole('button', { name: /选择界面语言/ });
    await toEnglish.press('Enter');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(
      page.getByRole('button', { name: /Choose the language of the interface/ }),
    ).toBeVisible();
  });

  test('home, forum, detail, upload, My Page and Token have no English left', async ({ page }) => {
    await setLocalStorage(page, { access_token: author.token, language: 'zh-CN' });

    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expectAllChinese(page, 'home');

    await page.goto('/forum');
    await expect(page.getByRole('article').first()).toBeVisible();
    await expectAllChinese(page, 'forum');

    await page.goto(`/forum/detail/${postId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Surface codes/);
    await expectAllChinese(page, 'post detail', [postTitle]);
    await page.getByRole('button', { name: '编辑', exact: true }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAllChinese(page, 'the edit dialog', [postTitle]);
    await page.keyboard.press('Escape');

    await page.goto('/upload');
    await expectAllChinese(page, 'upload');

    await page.goto('/mypage');
    await expect(page.getByText(author.username).first()).toBeVisible();
    await expectAllChinese(page, 'My Page');
    await page.getByRole('button', { name: '设置', exact: true }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAllChinese(page, 'the settings window');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: /^通知/ }).click();
    await expectAllChinese(page, 'the notification list');
    await page.keyboard.press('Escape');

    await page.goto('/token');
    await expectAllChinese(page, 'Token');
  });

  test("another member's author page and the report dialog have no English left", async ({
    page,
    request,
  }) => {
    const reader = await createUser(request, { prefix: 'zhrd' });
    await setLocalStorage(page, { access_token: reader.token, language: 'zh-CN' });
    await page.goto(`/author/${author.id}`);
    await expect(page.getByText(author.username).first()).toBeVisible();
    // The tab's title is the member's name.
    await expectAllChinese(page, 'the author page', [author.username]);
    await page.getByRole('button', { name: /^举报/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAllChinese(page, 'the report dialog', [author.username]);
  });

  test('the forum filtered by a tag, its Follow tag and the Following feed have no English left', async ({
    page,
    request,
  }) => {
    const reader = await createUser(request, { prefix: 'zhfl' });
    await signInAs(page, reader);
    await page.goto('/forum?feed=following');
    await expect(
      page.getByRole('heading', { name: '你关注的作者和标签还没有新帖子' }),
    ).toBeVisible();
    await expectAllChinese(page, 'the empty following feed');

    await page.goto('/forum?tag=physics');
    await page.getByRole('button', { name: '关注标签 #physics' }).click();
    await expect(page.getByRole('button', { name: '已关注 #physics' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expectAllChinese(page, 'the forum filtered by a tag', [postTitle]);

    await page.goto('/forum?feed=following');
    await expect(page.getByRole('article', { name: postTitle })).toBeVisible();
    await expectAllChinese(page, 'the following feed', [postTitle]);
  });

  test('reviews on the post detail, the review and bounty forms and the review queue have no English left', async ({
    page,
    request,
  }) => {
    const reviewer = await createUser(request, { prefix: 'zhrv' });
    const reviewed = await createPost(request, author, { title: postTitle, tags: 'physics' });
    const written = await request.post(`/api/v1/media/${reviewed}/reviews`, {
      headers: { Authorization: `Bearer ${reviewer.token}` },
      data: {
        soundness: 4,
        significance: 3,
        clarity: 5,
        reproducibility: 2,
        confidence: 4,
        recommendation: 'minor_revisions',
        summary: 'Thresholds hold.',
        strengths: 'Clear figures.',
        weaknesses: 'No code.',
      },
    });
    expect(written.status(), await written.text()).toBe(201);

    const reader = await createUser(request, { prefix: 'zhrr' });
    await setLocalStorage(page, { access_token: reader.token, language: 'zh-CN' });
    await page.goto(`/forum/detail/${reviewed}`);
    await expect(page.getByRole('article', { name: `${reviewer.username} 的评审` })).toBeVisible();
    await expectAllChinese(page, 'the reviews of a post', [postTitle]);
    await page.getByRole('button', { name: '撰写评审' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAllChinese(page, 'the review form', [postTitle]);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: '悬赏评审' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAllChinese(page, 'the bounty form', [postTitle]);
    await page.keyboard.press('Escape');

    await page.goto('/forum?review_status=in_review');
    await expect(page.getByRole('article').first()).toBeVisible();
    await expectAllChinese(page, 'the forum filtered by review status');

    // The reviewer's own review: its proof, Edit and Delete; then My Page's Reviews tab.
    await signInAs(page, reviewer);
    await page.goto(`/forum/detail/${reviewed}`);
    const own = page.getByRole('article', { name: `${reviewer.username} 的评审` });
    await own.getByRole('button', { name: '证明' }).click();
    await expect(own.getByTestId('review-proof')).not.toContainText('正在加载');
    await expectAllChinese(page, 'a review with its proof', [postTitle]);
    await own.getByRole('button', { name: '编辑', exact: true }).click();
    await expect(page.getByRole('dialog', { name: '编辑你的评审' })).toBeVisible();
    await expectAllChinese(page, 'the review form, editing', [postTitle]);
    await page.keyboard.press('Escape');
    await own.getByRole('button', { name: '删除', exact: true }).click();
    await expect(page.getByRole('alertdialog', { name: '删除你的评审？' })).toBeVisible();
    await expectAllChinese(page, 'deleting a review', [postTitle]);
    await page.keyboard.press('Escape');

    await page.goto('/mypage');
    await page.getByRole('tab', { name: '评审', exact: true }).click();
    await expect(
      page.getByRole('region', { name: '写过的评审' }).getByText('Thresholds hold.'),
    ).toBeVisible();
    await expectAllChinese(page, "My Page's reviews", [postTitle]);

    // The post's author rates it.
    await signInAs(page, author);
    await page.goto(`/forum/detail/${reviewed}`);
    await expect(page.getByRole('group', { name: /^为此评审的帮助程度打分/ })).toBeVisible();
    await expectAllChinese(page, "the author's rating of a review", [postTitle]);

    // A reader on the reviewer's profile.
    await signInAs(page, reader);
    await page.goto(`/author/${reviewer.id}`);
    await page.getByRole('tab', { name: '评审', exact: true }).click();
    await expect(
      page.getByRole('region', { name: '写过的评审' }).getByText('Thresholds hold.'),
    ).toBeVisible();
    await expectAllChinese(page, "the reviewer's profile, reviews written", [
      postTitle,
      reviewer.username,
    ]);

    await page.goto('/reviews');
    await expect(page.getByRole('heading', { level: 1, name: '待评审' })).toBeVisible();
    await expectAllChinese(page, 'the review queue');
  });

  test('signed out: home, forum, detail and the login screen have no English left', async ({
    page,
  }) => {
    await setLocalStorage(page, { language: 'zh-CN' });
    for (const [path, screen] of [
      ['/', 'home'],
      ['/forum', 'forum'],
      [`/forum/detail/${postId}`, 'post detail'],
      ['/login', 'login'],
    ] as const) {
      await page.goto(path);
      await expectAllChinese(page, `${screen}, signed out`, [postTitle]);
    }
  });

  test('the comments of a post, the comment editor and its key hints, and a reply have no English left', async ({
    page,
    request,
  }) => {
    const commenter = await createUser(request, { prefix: 'zhcm' });
    const commentText = 'Lattice surgery helps here.';
    const created = await request.post('/api/v1/comments/create', {
      headers: { Authorization: `Bearer ${commenter.token}` },
      data: { postId, imageUrl: '', content: commentText },
    });
    expect(created.status(), await created.text()).toBe(201);

    const reader = await createUser(request, { prefix: 'zhcr' });
    await signInAs(page, reader);
    await page.goto(`/forum/detail/${postId}`);
    await expect(page.getByText(commentText)).toBeVisible();
    await expectAllChinese(page, 'the comments of a post', [postTitle]);

    // The editor's key hints show while it has the focus; a reply names the member in Chinese.
    await page.getByRole('button', { name: '发表评论' }).click();
    await page.getByRole('textbox', { name: '你的评论' }).focus();
    await expectAllChinese(page, 'the comment editor', [postTitle]);
    await page.getByRole('button', { name: `回复 ${commenter.username}` }).click();
    await expect(page.getByRole('textbox', { name: `回复 ${commenter.username}` })).toBeVisible();
    await expectAllChinese(page, 'a reply to a comment', [postTitle]);
  });

  test('every tab of My Page, Reports included, has no English left', async ({ page, request }) => {
    const member = await createUser(request, { prefix: 'zhmp' });
    await signInAs(page, member);
    await page.goto('/mypage');
    await expect(page.getByText(member.username).first()).toBeVisible();
    const tabs = page.getByRole('tab');
    const names = await tabs.allInnerTexts();
    expect(names).toContain('举报');
    for (const name of names) {
      await page.getByRole('tab', { name, exact: true }).click();
      await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await expectAllChinese(page, `My Page › ${name}`, [member.username]);
    }
  });

  test('sign-in, register, forgot and reset password, email links, ORCID, unsubscribe and not-found have no English left', async ({
    page,
  }) => {
    await setLocalStorage(page, { language: 'zh-CN' });
    for (const [path, screen] of [
      ['/login', 'sign-in'],
      ['/register', 'register'],
      ['/forgot-password', 'forgot password'],
      ['/reset-password?token=not-a-token', 'reset password'],
      ['/verify-email?token=not-a-token', 'verify email'],
      ['/unsubscribe?token=not-a-token&topic=replies', 'unsubscribe'],
      ['/orcid', 'ORCID sign-in'],
      ['/no-such-screen', 'not found'],
    ] as const) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
      await expectAllChinese(page, screen);
    }
  });

  test('a browser that prefers Chinese gets the Chinese page from the server, before any script', async ({
    request,
  }) => {
    const chinese = await request.get('/forum', {
      headers: { 'accept-language': 'zh-CN,zh;q=0.9' },
    });
    const chineseHtml = await chinese.text();
    expect(chineseHtml).toContain('<html lang="zh-CN"');
    expect(chinese.headers()['vary']).toMatch(/accept-language/i);

    const english = await request.get('/forum', {
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    const englishHtml = await english.text();
    expect(englishHtml).toContain('<html lang="en"');
    // The same post list, its frame in the two languages.
    expect(chineseHtml).not.toEqual(englishHtml);
  });
});

test.describe('a browser in Chinese', () => {
  test.use({ locale: 'zh-CN' });

  test('opens in Chinese without a stored choice, and hydrates without a mismatch', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto('/forum');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expectAllChinese(page, 'forum');
    expect(errors.filter((text) => /hydrat/i.test(text))).toEqual([]);
  });
});
