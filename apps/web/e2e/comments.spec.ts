import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { MESSAGES, type Comment } from '@symposia/shared';
import { chinaTime, PASSWORD, setLocalStorage } from './support';
import { createPost, createUser, getPostViaApi, uniqueWord, type TestUser } from './fixtures/posts';

/*
 * The comments of a post detail (spec §2, §4 Comment like / New comments, §5, §6), against the real
 * server. The server allows 10 comments a minute per member, so each test writes as its own members
 * and creates its preconditions through the API with several of them.
 */

type NewComment = { content: string; parentId?: string; rootId?: string };

async function commentViaApi(
  request: APIRequestContext,
  user: TestUser,
  postId: string,
  comment: NewComment,
): Promise<Comment> {
  const response = await request.post('/api/v1/comments/create', {
    headers: { Authorization: `Bearer ${user.token}` },
    data: { postId, imageUrl: '', ...comment },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Comment;
}

async function commentsViaApi(request: APIRequestContext, postId: string): Promise<Comment[]> {
  const response = await request.get(`/api/v1/comments/post/${postId}?skip=0&limit=2000`);
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as Comment[];
}

const signIn = (page: Page, user: TestUser) => setLocalStorage(page, { access_token: user.token });

const section = (page: Page) => page.getByRole('region', { name: /^Comments/ });
const heading = (page: Page) => page.getByRole('heading', { name: /^Comments/, level: 2 });
const comment = (scope: Page | Locator, author: string, text?: string) => {
  const articles = scope.getByRole('article', { name: `Comment by ${author}` });
  return text === undefined ? articles : articles.filter({ hasText: text });
};
const articleNames = (page: Page) =>
  section(page)
    .getByRole('article')
    .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')));

test.describe('comments', () => {
  let author: TestUser;

  test.beforeAll(async ({ request }) => {
    author = await createUser(request, { prefix: 'cauth' });
  });

  test('write a comment, a reply, and a reply to a reply with @name; counts follow', async ({
    page,
    request,
  }) => {
    const reader = await createUser(request, { prefix: 'cread' });
    const id = await createPost(request, author, { title: `Discussed ${uniqueWord()}` });
    await signIn(page, reader);
    await page.goto(`/forum/detail/${id}`);
    await expect(page.getByText(MESSAGES.noComments)).toBeVisible();
    await expect(heading(page)).toHaveText('Comments (0)');

    // A top-level comment.
    await page.getByRole('button', { name: 'Write a Comment' }).click();
    const box = page.getByRole('textbox', { name: 'Your comment' });
    await expect(box).toBeFocused();
    const submit = section(page).getByRole('button', { name: 'Submit' });
    await expect(submit).toBeDisabled();
    await box.fill('   \n  ');
    await expect(submit).toBeDisabled();
    await box.fill('A clear write-up.\nWhat about noise?');
    await submit.click();

    const top = comment(page, reader.username, 'A clear write-up.');
    await expect(top).toBeVisible();
    await expect(top.getByText('A clear write-up.')).toHaveText(
      'A clear write-up.\nWhat about noise?',
    );
    await expect(box).toBeHidden();
    await expect(heading(page)).toHaveText('Comments (1)');
    await expect(page.getByTestId('comment-count')).toHaveText('1 comment');
    const [stored] = await commentsViaApi(request, id);
    expect(stored).toMatchObject({ level: 1, username: reader.username, parentId: null });
    await expect(top.locator('time')).toHaveText(chinaTime(stored!.createdAt));
    await expect(top.getByRole('img', { name: `${reader.username}'s avatar` })).toBeVisible();

    // A reply to it (level 2): no prefix.
    await top.getByRole('button', { name: `Reply to ${reader.username}` }).click();
    const replyBox = page.getByRole('textbox', { name: `Reply to ${reader.username}` });
    await expect(replyBox).toHaveValue('');
    await replyBox.fill('Noise is in section 4.');
    await replyBox.press('Control+Enter');
    const reply = comment(page, reader.username, 'Noise is in section 4.');
    await expect(reply).toBeVisible();
    await expect(replyBox).toBeHidden();

    // A reply to the reply (level 3): the box starts with '@name ', which is stored.
    await reply.getByRole('button', { name: `Reply to ${reader.username}` }).click();
    const deepBox = page.getByRole('textbox', { name: `Reply to ${reader.username}` });
    await expect(deepBox).toHaveValue(`@${reader.username} `);
    await expect(section(page).getByRole('button', { name: 'Submit' })).toBeDisabled();
    await deepBox.pressSequentially('thanks!');
    await section(page).getByRole('button', { name: 'Submit' }).click();
    const deep = comment(page, reader.username, `@${reader.username} thanks!`);
    await expect(deep).toBeVisible();

    // Both replies sit in the top-level comment's thread, which opened; oldest first.
    const replies = section(page).getByRole('list', { name: `Replies to ${reader.username}` });
    await expect(replies.getByRole('article')).toHaveCount(2);
    await expect(replies.getByRole('article').nth(1)).toContainText(`@${reader.username} thanks!`);
    await expect(section(page).getByRole('button', { name: 'Hide replies' })).toBeVisible();
    await expect(heading(page)).toHaveText('Comments (3)');

    const all = await commentsViaApi(request, id);
    const root = all.find((c) => c.level === 1)!;
    const level2 = all.find((c) => c.level === 2)!;
    expect(level2).toMatchObject({ parentId: root._id, rootId: root._id });
    expect(all.find((c) => c.level === 3)).toMatchObject({
      parentId: level2._id,
      rootId: root._id,
      content: `@${reader.username} thanks!`,
    });
    expect((await getPostViaApi(request, id)).comments).toBe(3);

    // After a reload: the same threads, collapsed to the first reply.
    await page.reload();
    await expect(heading(page)).toHaveText('Comments (3)');
    await expect(replies.getByRole('article')).toHaveCount(1);
    await expect(section(page).getByRole('button', { name: 'Show 1 more reply' })).toBeVisible();
  });

  test('top-level comments newest first; a thread shows one reply, then all with Show 2 more replies, then Hide replies', async ({
    page,
    request,
  }) => {
    const [alice, bob, carol, dave, erin] = await Promise.all(
      ['alice', 'bob', 'carol', 'dave', 'erin'].map((prefix) => createUser(request, { prefix })),
    );
    const id = await createPost(request, author, { title: `Threads ${uniqueWord()}` });
    const root = await commentViaApi(request, alice!, id, { content: 'The first question' });
    await commentViaApi(request, bob!, id, {
      content: 'Reply one',
      parentId: root._id,
      rootId: root._id,
    });
    await commentViaApi(request, carol!, id, {
      content: 'Reply two',
      parentId: root._id,
      rootId: root._id,
    });
    await commentViaApi(request, dave!, id, {
      content: 'Reply three',
      parentId: root._id,
      rootId: root._id,
    });
    await commentViaApi(request, erin!, id, { content: 'A later question' });

    await page.goto(`/forum/detail/${id}`);
    await expect(heading(page)).toHaveText('Comments (5)');
    expect(await articleNames(page)).toEqual([
      `Comment by ${erin!.username}`,
      `Comment by ${alice!.username}`,
      `Comment by ${bob!.username}`,
    ]);

    const more = section(page).getByRole('button', { name: 'Show 2 more replies' });
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await more.click();
    const hide = section(page).getByRole('button', { name: 'Hide replies' });
    await expect(hide).toHaveAttribute('aria-expanded', 'true');
    const replies = section(page).getByRole('list', { name: `Replies to ${alice!.username}` });
    await expect(replies.getByRole('article')).toHaveText([
      /Reply one/,
      /Reply two/,
      /Reply three/,
    ]);

    await hide.click();
    await expect(replies.getByRole('article')).toHaveText([/Reply one/]);
    await expect(section(page).getByRole('button', { name: 'Show 2 more replies' })).toBeFocused();
  });

  test('like and unlike a comment: the count changes and stays after a reload', async ({
    page,
    request,
  }) => {
    const [writer, fan, reader] = await Promise.all(
      ['cwrit', 'cfan', 'cread'].map((prefix) => createUser(request, { prefix })),
    );
    const id = await createPost(request, author, { title: `Liked comment ${uniqueWord()}` });
    const target = await commentViaApi(request, writer!, id, { content: 'Like me' });
    const like = await request.post(`/api/v1/comments/${target._id}/like`, {
      headers: { Authorization: `Bearer ${fan!.token}` },
    });
    expect(like.ok()).toBe(true);

    await signIn(page, reader!);
    await page.goto(`/forum/detail/${id}`);
    const button = comment(page, writer!.username).getByRole('button', { name: /^Like comment/ });
    await expect(button).toHaveAccessibleName(`Like comment by ${writer!.username}: 1 like`);
    await expect(button).toHaveAttribute('aria-pressed', 'false');

    await button.click();
    await expect(button).toHaveAccessibleName(`Like comment by ${writer!.username}: 2 likes`);
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(button).toHaveAccessibleName(`Like comment by ${writer!.username}: 2 likes`);
    await expect(button).toHaveAttribute('aria-pressed', 'true');

    await button.click();
    await expect(button).toHaveAccessibleName(`Like comment by ${writer!.username}: 1 like`);
    await expect(button).toHaveAttribute('aria-pressed', 'false');
    await page.reload();
    await expect(button).toHaveAccessibleName(`Like comment by ${writer!.username}: 1 like`);
    await expect(button).toHaveAttribute('aria-pressed', 'false');
    expect((await commentsViaApi(request, id))[0]!.likes).toBe(1);
  });

  test(`no comments: '${MESSAGES.noComments}'`, async ({ page, request }) => {
    const id = await createPost(request, author, { title: `Quiet ${uniqueWord()}` });
    await page.goto(`/forum/detail/${id}`);
    await expect(section(page).getByText(MESSAGES.noComments)).toBeVisible();
    await expect(heading(page)).toHaveText('Comments (0)');
    await expect(section(page).getByRole('article')).toHaveCount(0);
  });

  test('signed out: Submit opens the login overlay, the text survives the sign-in, and then it is sent', async ({
    page,
    request,
  }) => {
    const member = await createUser(request, { prefix: 'clate' });
    const id = await createPost(request, author, { title: `Login first ${uniqueWord()}` });
    await page.goto(`/forum/detail/${id}`);
    await expect(page.getByText(MESSAGES.noComments)).toBeVisible();

    await page.getByRole('button', { name: 'Write a Comment' }).click();
    const box = page.getByRole('textbox', { name: 'Your comment' });
    await box.fill('Written before signing in');
    await section(page).getByRole('button', { name: 'Submit' }).click();

    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(MESSAGES.loginToComment)).toBeVisible();
    await expect(page.getByText(MESSAGES.commentFailed)).toHaveCount(0);
    await dialog.getByLabel('Username').fill(member.username);
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(dialog).toBeHidden();

    await expect(box).toHaveValue('Written before signing in');
    await section(page).getByRole('button', { name: 'Submit' }).click();
    await expect(comment(page, member.username, 'Written before signing in')).toBeVisible();
    await expect(box).toBeHidden();
    expect(await commentsViaApi(request, id)).toEqual([
      expect.objectContaining({ content: 'Written before signing in', username: member.username }),
    ]);
  });

  test('a comment with HTML shows as text and runs nothing', async ({ page, request }) => {
    const attacker = await createUser(request, { prefix: 'cxss' });
    const id = await createPost(request, author, { title: `Markup ${uniqueWord()}` });
    const markup = '<img src=x onerror=alert(1)>';
    await commentViaApi(request, attacker, id, { content: markup });
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });

    await page.goto(`/forum/detail/${id}`);
    const shown = comment(page, attacker.username);
    await expect(shown.getByText(markup, { exact: true })).toBeVisible();
    await expect(shown.locator('img[src="x"]')).toHaveCount(0);

    // Typed in the page too: still text.
    await signIn(page, attacker);
    await page.reload();
    await page.getByRole('button', { name: 'Write a Comment' }).click();
    await page
      .getByRole('textbox', { name: 'Your comment' })
      .fill(`${markup}<script>alert(2)</script>`);
    await section(page).getByRole('button', { name: 'Submit' }).click();
    await expect(
      section(page).getByText(`${markup}<script>alert(2)</script>`, { exact: true }),
    ).toBeVisible();
    await expect(section(page).locator('img[src="x"], script')).toHaveCount(0);

    await page.waitForTimeout(300); // an onerror would have fired by now
    expect(dialogs).toEqual([]);
  });

  test('keyboard only: open, write, Escape cancels, Ctrl+Enter submits', async ({
    page,
    request,
  }) => {
    const member = await createUser(request, { prefix: 'ckeys' });
    const id = await createPost(request, author, { title: `Keys ${uniqueWord()}` });
    await signIn(page, member);
    await page.goto(`/forum/detail/${id}`);
    await expect(page.getByText(MESSAGES.noComments)).toBeVisible();

    const write = page.getByRole('button', { name: 'Write a Comment' });
    await write.focus();
    await page.keyboard.press('Enter');
    const box = page.getByRole('textbox', { name: 'Your comment' });
    await expect(box).toBeFocused();
    await page.keyboard.type('Not this one');
    await page.keyboard.press('Escape');
    await expect(box).toBeHidden();
    await expect(write).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(box).toHaveValue('');
    await page.keyboard.type('Sent from the keyboard');
    await page.keyboard.press('Control+Enter');
    const sent = comment(page, member.username, 'Sent from the keyboard');
    await expect(sent).toBeVisible();
    await expect(write).toBeFocused();

    // Tab reaches the new comment's like and reply buttons.
    const reply = sent.getByRole('button', { name: `Reply to ${member.username}` });
    for (
      let step = 0;
      step < 6 && !(await reply.evaluate((el) => el === document.activeElement));
      step += 1
    ) {
      await page.keyboard.press('Tab');
    }
    await expect(reply).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('textbox', { name: `Reply to ${member.username}` })).toBeFocused();
  });

  test('has no serious accessibility violations; screenshots at 390 and 1280', async ({
    page,
    request,
  }, testInfo) => {
    const [ada, grace, alan] = await Promise.all(
      ['ada', 'grace', 'alan'].map((prefix) => createUser(request, { prefix })),
    );
    const id = await createPost(request, author, {
      title: `Surface codes discussion ${uniqueWord()}`,
      summary: 'Where the threshold lies.',
      content: 'We simulated surface codes of distance 3 to 11.',
      tags: 'physics, quantum',
    });
    const root = await commentViaApi(request, ada!, id, {
      content:
        'How did you model measurement errors? The appendix only mentions depolarising noise.',
    });
    const reply = await commentViaApi(request, grace!, id, {
      content: 'Phenomenological noise at the same rate, see section 4.',
      parentId: root._id,
      rootId: root._id,
    });
    await commentViaApi(request, alan!, id, {
      content: `@${grace!.username} would circuit-level noise move the threshold much?`,
      parentId: reply._id,
      rootId: root._id,
    });
    await commentViaApi(request, alan!, id, { content: 'Lovely figures. Are the scripts public?' });
    await request.post(`/api/v1/comments/${root._id}/like`, {
      headers: { Authorization: `Bearer ${alan!.token}` },
    });

    await signIn(page, grace!);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/forum/detail/${id}`);
      await expect(heading(page)).toHaveText('Comments (4)');
      await section(page).getByRole('button', { name: 'Show 1 more reply' }).click();
      await section(page).getByRole('button', { name: 'Write a Comment' }).click();
      // A full-page shot clipped to the section: the sticky header does not cover its top.
      const clip = await section(page).evaluate((element) => {
        window.scrollTo(0, 0);
        const box = element.getBoundingClientRect();
        return { x: box.x, y: box.y + window.scrollY, width: box.width, height: box.height };
      });
      await page.screenshot({
        path: testInfo.outputPath(`comments-${width}.png`),
        fullPage: true,
        clip,
      });

      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter(
        (violation) => violation.impact === 'serious' || violation.impact === 'critical',
      );
      expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
      await section(page).getByRole('button', { name: 'Cancel' }).click();
    }
  });
});
