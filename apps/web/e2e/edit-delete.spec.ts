import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { MESSAGES, type Comment, type PostRevision } from '@symposia/shared';
import { chinaTime, hydrated, setLocalStorage } from './support';
import { createPost, createUser, getPostViaApi, uniqueWord, type TestUser } from './fixtures/posts';

/*
 * Edit and delete on the post detail, against the real server: the author edits a post
 * and sees it in the forum list, deletes one after confirming and finds 'Post not found', and edits
 * and deletes a comment whose reply keeps its place under '[deleted]'.
 */

async function commentViaApi(
  request: APIRequestContext,
  user: TestUser,
  postId: string,
  comment: { content: string; parentId?: string; rootId?: string },
): Promise<Comment> {
  const response = await request.post('/api/v1/comments/create', {
    headers: { Authorization: `Bearer ${user.token}` },
    data: { postId, imageUrl: '', ...comment },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Comment;
}

/** Signs in as `user` only: a user cached by an earlier sign-in in the same page is forgotten. */
async function signIn(page: Page, user: TestUser) {
  if (page.url() !== 'about:blank') await page.evaluate(() => window.localStorage.clear());
  await setLocalStorage(page, { access_token: user.token });
}
const title = (page: Page) => page.getByRole('heading', { level: 1 });
const editButton = (page: Page) => page.getByRole('button', { name: 'Edit', exact: true });
const deleteButton = (page: Page) => page.getByRole('button', { name: 'Delete', exact: true });
const postList = (page: Page) => page.getByRole('list', { name: 'Post list' });
const section = (page: Page) => page.getByRole('region', { name: /^Comments/ });
const commentBy = (scope: Page | Locator, author: string) =>
  scope.getByRole('article', { name: `Comment by ${author}` });

/**
 * A screenshot for a person to look at (in the test's output folder): the whole page, what the
 * viewport shows (`'viewport'`, for dialogs), or one element of the page.
 */
async function shoot(
  page: Page,
  name: string,
  path: (file: string) => string,
  clip?: Locator | 'viewport',
) {
  if (clip === 'viewport') {
    await page.screenshot({ path: path(`${name}.png`) });
    return;
  }
  const box = clip
    ? await clip.evaluate((element) => {
        const rect = element.getBoundingClientRect();
        return { x: rect.x, y: rect.y + window.scrollY, width: rect.width, height: rect.height };
      })
    : undefined;
  await page.screenshot({
    path: path(`${name}.png`),
    fullPage: true,
    ...(box ? { clip: box } : {}),
  });
}

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
}

test.describe('edit and delete posts', () => {
  let author: TestUser;

  test.beforeAll(async ({ request }) => {
    author = await createUser(request, { prefix: 'edau' });
  });

  test('only the author sees Edit and Delete', async ({ page, request }) => {
    const other = await createUser(request, { prefix: 'edot' });
    const id = await createPost(request, author, { title: `Owned ${uniqueWord()}` });

    await page.goto(`/forum/detail/${id}`);
    await expect(title(page)).toHaveText(/^Owned/);
    await expect(editButton(page)).toHaveCount(0);
    await expect(deleteButton(page)).toHaveCount(0);

    await signIn(page, other);
    await page.goto(`/forum/detail/${id}`);
    await expect(title(page)).toHaveText(/^Owned/);
    // The server renders the signed-out view: look once the member's view has replaced it.
    await hydrated(page);
    await expect(page.getByRole('button', { name: 'Write a Comment' })).toBeVisible();
    await expect(editButton(page)).toHaveCount(0);
    await expect(deleteButton(page)).toHaveCount(0);

    await signIn(page, author);
    await page.goto(`/forum/detail/${id}`);
    await hydrated(page);
    await expect(editButton(page)).toBeVisible();
    await expect(deleteButton(page)).toBeVisible();
  });

  test('edit a post: the detail and the forum list show the new title; "edited" opens the earlier version', async ({
    page,
    request,
  }, testInfo) => {
    const word = uniqueWord();
    const id = await createPost(request, author, {
      title: `Tpyo in the title ${word}`,
      summary: 'Surface codes at distance 3 to 11.',
      content: 'We simulated surface codes.\nThresholds near 1%.',
      tags: 'physics, quantum',
    });
    await signIn(page, author);

    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/forum/detail/${id}`);
      await expect(editButton(page)).toBeVisible();
      await shoot(page, `detail-controls-${width}`, (file) => testInfo.outputPath(file));
      await editButton(page).click();
      const dialog = page.getByRole('dialog', { name: 'Edit post' });
      await expect(dialog.getByRole('textbox', { name: 'Title' })).toBeFocused();
      await shoot(page, `edit-form-${width}`, (file) => testInfo.outputPath(file), 'viewport');
      // Save stays in view at the bottom of the dialog; the rest scrolls above it.
      await expect(dialog.getByRole('button', { name: 'Save' })).toBeInViewport();
      await dialog.evaluate((element) => element.scrollTo(0, element.scrollHeight));
      await shoot(page, `edit-form-end-${width}`, (file) => testInfo.outputPath(file), 'viewport');
      await expectNoSeriousViolations(page);
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
    }

    await page.setViewportSize({ width: 1280, height: 900 });
    await editButton(page).click();
    const dialog = page.getByRole('dialog', { name: 'Edit post' });
    const field = dialog.getByRole('textbox', { name: 'Title' });
    await expect(field).toHaveValue(`Tpyo in the title ${word}`);
    await expect(dialog.getByRole('textbox', { name: /^Tags/ })).toHaveValue('physics, quantum');
    await field.fill(`Typo fixed in the title ${word}`);
    await dialog.getByRole('textbox', { name: /^Tags/ }).fill('physics, quantum, qec');
    await dialog.getByRole('button', { name: 'Save' }).click();

    await expect(dialog).toHaveCount(0);
    await expect(title(page)).toHaveText(`Typo fixed in the title ${word}`);
    await expect(page.getByRole('list', { name: 'Tags' })).toContainText('#qec');
    const saved = await getPostViaApi(request, id, author);
    expect(saved.title).toBe(`Typo fixed in the title ${word}`);
    expect(saved.edited_at).not.toBeNull();
    const edited = page.getByRole('button', { name: `edited ${chinaTime(saved.edited_at!)}` });
    await expect(edited).toBeVisible();

    await edited.click();
    const versions = page.getByRole('dialog', { name: 'Earlier versions' });
    const first = versions.getByRole('listitem', { name: 'Version 1' });
    await expect(first.getByRole('heading', { level: 3 })).toHaveText(`Tpyo in the title ${word}`);
    await expect(first).toContainText('Thresholds near 1%.');
    await expect(first).toContainText('#quantum');
    const revisions = (await (
      await request.get(`/api/v1/media/${id}/revisions`)
    ).json()) as PostRevision[];
    await expect(first).toContainText(chinaTime(revisions[0]!.edited_at));
    await shoot(page, 'revisions-1280', (file) => testInfo.outputPath(file), 'viewport');
    await page.keyboard.press('Escape');
    await expect(versions).toHaveCount(0);

    // The forum list, opened from the page without a reload, has the new title.
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/forum/);
    await page.goto(`/forum?search=${word}`);
    await expect(postList(page).getByRole('heading', { level: 3 })).toHaveText([
      `Typo fixed in the title ${word}`,
    ]);
  });

  test('the forum list already loaded in the page shows the edit at once', async ({
    page,
    request,
  }) => {
    const word = uniqueWord();
    const id = await createPost(request, author, { title: `Cached ${word}` });
    const forumUrl = `/forum?search=${word}`;
    await signIn(page, author);
    // The forum list is loaded in this page first (Back), then the post is opened again.
    await page.goto(`/forum/detail/${id}?from=${encodeURIComponent(forumUrl)}`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(postList(page).getByRole('heading', { level: 3 })).toHaveText([`Cached ${word}`]);
    await page.goBack();
    await expect(title(page)).toHaveText(`Cached ${word}`);

    await editButton(page).click();
    await page.getByRole('textbox', { name: 'Title' }).fill(`Renamed ${word}`);
    await page.getByRole('textbox', { name: 'Title' }).press('Enter');
    await expect(title(page)).toHaveText(`Renamed ${word}`);
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(forumUrl);
    await expect(postList(page).getByRole('heading', { level: 3 })).toHaveText([`Renamed ${word}`]);
  });

  test("delete a post after confirming; its address then shows 'Post not found'", async ({
    page,
    request,
  }, testInfo) => {
    const word = uniqueWord();
    const id = await createPost(request, author, { title: `Uploaded by mistake ${word}` });
    await signIn(page, author);

    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/forum/detail/${id}`);
      await deleteButton(page).click();
      const confirm = page.getByRole('alertdialog', { name: 'Delete this post?' });
      await expect(confirm).toBeVisible();
      await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await shoot(page, `confirm-delete-${width}`, (file) => testInfo.outputPath(file), 'viewport');
      await expectNoSeriousViolations(page);
      // Focus stays in the dialog.
      for (let step = 0; step < 4; step += 1) {
        await page.keyboard.press('Tab');
        expect(await confirm.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(
          true,
        );
      }
      await page.keyboard.press('Escape');
      await expect(confirm).toHaveCount(0);
    }
    await deleteButton(page).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    expect((await request.get(`/api/v1/media/${id}`)).status()).toBe(200);

    await deleteButton(page).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/forum$/);
    await expect(page.getByText(MESSAGES.postDeleted)).toBeVisible();
    expect((await request.get(`/api/v1/media/${id}`)).status()).toBe(404);

    await page.goto(`/forum?search=${word}`);
    await expect(postList(page).getByRole('article')).toHaveCount(0);
    await page.goto(`/forum/detail/${id}`);
    await expect(
      page.getByRole('heading', { name: MESSAGES.postNotFoundTitle, level: 1 }),
    ).toBeVisible();
    await expect(page.getByText(MESSAGES.postNotFoundText)).toBeVisible();
  });
});

test.describe('edit and delete comments', () => {
  test('edit a comment in place, then delete it: its reply stays under [deleted]', async ({
    page,
    request,
  }, testInfo) => {
    const [poster, ada, bob] = await Promise.all(
      ['edpo', 'edada', 'edbob'].map((prefix) => createUser(request, { prefix })),
    );
    const id = await createPost(request, poster!, { title: `Threaded ${uniqueWord()}` });
    const root = await commentViaApi(request, ada!, id, { content: 'Teh threshold is 1%.' });
    await commentViaApi(request, bob!, id, {
      content: 'Which noise model?',
      parentId: root._id,
      rootId: root._id,
    });
    await signIn(page, ada!);
    await page.goto(`/forum/detail/${id}`);

    // Only the author's own comment offers Edit.
    const mine = commentBy(section(page), ada!.username);
    const reply = commentBy(section(page), bob!.username);
    await expect(reply).toContainText('Which noise model?');
    await expect(reply.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
    await expect(reply.getByRole('button', { name: /^Delete/ })).toHaveCount(0);

    // Escape cancels; Enter saves.
    await mine.getByRole('button', { name: 'Edit your comment' }).click();
    const box = mine.getByRole('textbox', { name: 'Edit comment' });
    await expect(box).toBeFocused();
    await box.fill('Scrapped');
    await box.press('Escape');
    await expect(mine).toContainText('Teh threshold is 1%.');
    await mine.getByRole('button', { name: 'Edit your comment' }).click();
    await box.fill('The threshold is 1%.');
    await shoot(page, 'comment-editing-1280', (file) => testInfo.outputPath(file), section(page));
    await box.press('Enter');
    await expect(box).toHaveCount(0);
    await expect(mine).toContainText('The threshold is 1%.');
    const listed = (await (
      await request.get(`/api/v1/comments/post/${id}?skip=0&limit=2000`)
    ).json()) as Comment[];
    const edited = listed.find((comment) => comment._id === root._id)!;
    expect(edited.content).toBe('The threshold is 1%.');
    expect(edited.edited_at).not.toBeNull();
    await expect(mine).toContainText(`edited ${chinaTime(edited.edited_at!)}`);
    await page.reload();
    await expect(commentBy(section(page), ada!.username)).toContainText('The threshold is 1%.');
    await shoot(page, 'comment-edited-1280', (file) => testInfo.outputPath(file), section(page));

    // Delete asks first; then the reply keeps its place under '[deleted]'.
    await commentBy(section(page), ada!.username)
      .getByRole('button', { name: `Delete comment by ${ada!.username}` })
      .click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this comment?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    const placeholder = section(page).getByRole('article', { name: MESSAGES.deletedComment });
    await expect(placeholder).toHaveText(MESSAGES.deletedComment);
    await expect(commentBy(section(page), ada!.username)).toHaveCount(0);
    await expect(reply).toContainText('Which noise model?');
    await expect(page.getByRole('heading', { name: 'Comments (1)', level: 2 })).toBeVisible();

    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.reload();
      await expect(placeholder).toBeVisible();
      await expect(reply).toContainText('Which noise model?');
      await page.evaluate(() => window.scrollTo(0, 0));
      await shoot(
        page,
        `deleted-comment-${width}`,
        (file) => testInfo.outputPath(file),
        section(page),
      );
      await expectNoSeriousViolations(page);
    }

    // The reply's author deletes it too: nothing is left of the thread.
    await signIn(page, bob!);
    await page.reload();
    await commentBy(section(page), bob!.username)
      .getByRole('button', { name: `Delete comment by ${bob!.username}` })
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(section(page).getByRole('article')).toHaveCount(0);
    await expect(page.getByText(MESSAGES.noComments)).toBeVisible();
  });
});
