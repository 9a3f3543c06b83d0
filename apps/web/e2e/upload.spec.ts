import { mkdir, rm, truncate, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { MESSAGES, postDetailSchema } from '@symposia/shared';
import {
  PASSWORD,
  fillAuthForm,
  registerViaApi,
  setLocalStorage,
  tokenViaApi,
  uniqueUsername,
} from './support';

const TITLE = 'Decentralized Storage on IPFS';

/** A valid 1×1 PNG (one opaque pixel). */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const png = (name = 'pixel.png') => ({ name, mimeType: 'image/png', buffer: PNG_1X1 });
const text = (
  name: string,
  body = `Notes for ${name}: graph neural networks and peer review.`,
) => ({
  name,
  mimeType: 'text/plain',
  buffer: Buffer.from(body),
});

const fileInput = (page: Page) => page.getByLabel('Choose files');
const uploadButton = (page: Page) => page.getByRole('button', { name: 'Upload Files' });
const selectedFiles = (page: Page) => page.getByRole('list', { name: /Selected files/ });

/** A fresh member, signed in through the API and the stored token (a precondition only). */
async function signIn(page: Page, request: APIRequestContext): Promise<string> {
  const username = uniqueUsername('up');
  await registerViaApi(request, username);
  const token = await tokenViaApi(request, username);
  await setLocalStorage(page, { access_token: token });
  return token;
}

async function openSignedIn(page: Page, request: APIRequestContext): Promise<string> {
  const token = await signIn(page, request);
  await page.goto('/upload');
  await expect(page.getByRole('heading', { name: TITLE, level: 1 })).toBeVisible();
  return token;
}

test.describe('upload', () => {
  test('uploads an image and a document with metadata; the result links to the new post', async ({
    page,
    request,
  }) => {
    const token = await openSignedIn(page, request);
    const title = `Graph study ${Date.now().toString(36)}`;

    await fileInput(page).setInputFiles([png(), text('notes.txt')]);
    const list = selectedFiles(page);
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list.getByText('pixel.png')).toBeVisible();
    await expect(list.getByText(`${PNG_1X1.length} B`)).toBeVisible();
    await expect(list.getByText('notes.txt')).toBeVisible();

    await page.getByRole('button', { name: 'Add Metadata' }).click();
    await expect(page.getByRole('button', { name: 'Hide Metadata' })).toBeVisible();
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Tags').fill('graphs, #AI');
    await expect(page.getByRole('radio', { name: /Public/ })).toBeChecked();
    await page.getByRole('radio', { name: /Private/ }).check();
    await uploadButton(page).click();

    const success = page.getByRole('status', { name: 'Upload successful' });
    await expect(success).toBeVisible({ timeout: 15_000 });
    await expect(success.getByTestId('upload-status')).toHaveText(/^(processing|published)$/);
    await expect(success.getByTestId('upload-message')).toHaveText(/\S/);
    await expect(success.getByTestId('upload-time')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );

    // The selection and the form reset a second later; the success box stays.
    await expect(selectedFiles(page)).toHaveCount(0);
    await expect(page.getByLabel('Title')).toHaveValue('');
    await expect(success).toBeVisible();

    const link = success.getByRole('link', { name: 'View post' });
    const href = await link.getAttribute('href');
    const postId = /^\/forum\/detail\/([^/]+)$/.exec(href ?? '')?.[1];
    expect(postId, `link to the post: ${href}`).toBeTruthy();

    // The post holds what was sent, stored privately for its author.
    const answer = await request.get(`/api/v1/media/${postId}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(answer.status(), await answer.text()).toBe(200);
    const post = postDetailSchema.parse(await answer.json());
    expect(post.title).toBe(title);
    expect(post.tags).toEqual(['graphs', 'AI']);
    expect(post.visibility).toBe('private');
    expect(post.files.map((file) => file.name)).toEqual(['pixel.png', 'notes.txt']);

    await link.click();
    await expect(page).toHaveURL(new RegExp(`/forum/detail/${postId}$`));
  });

  test(`six files at once: '${MESSAGES.uploadMaxFiles}' and none selected`, async ({
    page,
    request,
  }) => {
    await openSignedIn(page, request);
    await fileInput(page).setInputFiles(
      ['a', 'b', 'c', 'd', 'e', 'f'].map((name) => text(`${name}.txt`)),
    );

    await expect(page.getByRole('alert')).toHaveText('Maximum 5 files allowed');
    await expect(selectedFiles(page)).toHaveCount(0);
  });

  test('more than five in total rejects the new selection and keeps the earlier one', async ({
    page,
    request,
  }) => {
    await openSignedIn(page, request);
    await fileInput(page).setInputFiles([text('one.txt'), text('two.txt'), text('three.txt')]);
    await expect(selectedFiles(page).getByRole('listitem')).toHaveCount(3);

    await fileInput(page).setInputFiles([text('four.txt'), text('five.txt'), text('six.txt')]);

    await expect(page.getByRole('alert')).toHaveText(MESSAGES.uploadMaxFiles);
    await expect(selectedFiles(page).getByRole('listitem')).toHaveCount(3);
    await expect(selectedFiles(page).getByText('four.txt')).toHaveCount(0);
  });

  test("a 51 MB file: 'File big.bin exceeds 50MB limit', skipped, the others kept", async ({
    page,
    request,
  }, testInfo) => {
    await openSignedIn(page, request);
    // Playwright only takes in-memory files up to 50 MB, so these are written to disk; the big one
    // is sparse, so it costs no real space.
    const big = testInfo.outputPath('big.bin');
    const small = testInfo.outputPath('small.txt');
    await mkdir(dirname(big), { recursive: true });
    await writeFile(big, '');
    await truncate(big, 51 * 1024 * 1024);
    await writeFile(small, 'A small note.');
    try {
      await fileInput(page).setInputFiles([big, small]);

      await expect(page.getByRole('alert')).toHaveText('File big.bin exceeds 50MB limit');
      await expect(selectedFiles(page).getByRole('listitem')).toHaveCount(1);
      await expect(selectedFiles(page).getByText('small.txt')).toBeVisible();
      await expect(selectedFiles(page).getByText('big.bin')).toHaveCount(0);
    } finally {
      await rm(big, { force: true });
    }
  });

  test(`'Upload Files' with nothing selected: '${MESSAGES.uploadNoFiles}'`, async ({
    page,
    request,
  }) => {
    await openSignedIn(page, request);
    let sent = false;
    page.on('request', (req) => {
      if (req.url().includes('/api/v1/media/upload')) sent = true;
    });

    await uploadButton(page).click();

    await expect(page.getByRole('alert')).toHaveText('please select at least one file');
    expect(sent).toBe(false);
  });

  test('a removed file is not uploaded; dropping files onto the zone adds them', async ({
    page,
    request,
  }) => {
    const token = await openSignedIn(page, request);
    await fileInput(page).setInputFiles([text('keep.txt'), text('drop-me.txt')]);
    await page.getByRole('button', { name: 'Remove drop-me.txt' }).click();
    await expect(selectedFiles(page).getByRole('listitem')).toHaveCount(1);

    const dataTransfer = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(['dropped text'], 'dropped.txt', { type: 'text/plain' }));
      return transfer;
    });
    await page.getByTestId('drop-zone').dispatchEvent('drop', { dataTransfer });
    await expect(selectedFiles(page).getByText('dropped.txt')).toBeVisible();

    await uploadButton(page).click();
    const success = page.getByRole('status', { name: 'Upload successful' });
    await expect(success).toBeVisible({ timeout: 15_000 });

    const href = await success.getByRole('link', { name: 'View post' }).getAttribute('href');
    const answer = await request.get(`/api/v1/media/${href?.split('/').pop()}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const post = postDetailSchema.parse(await answer.json());
    expect(post.files.map((file) => file.name)).toEqual(['keep.txt', 'dropped.txt']);
  });

  test("a server failure shows the server's detail", async ({ page, request }) => {
    await openSignedIn(page, request);
    const detail = 'The IPFS store is unavailable right now';
    await page.route('**/api/v1/media/upload', (route) =>
      route.fulfill({ status: 500, json: { detail } }),
    );
    await fileInput(page).setInputFiles([png()]);
    await uploadButton(page).click();

    await expect(page.getByRole('alert')).toHaveText(detail);
    await expect(page.getByRole('status', { name: /Upload/ })).toHaveCount(0);
    // The selection stays for another try, and the buttons work again.
    await expect(selectedFiles(page).getByText('pixel.png')).toBeVisible();
    await expect(uploadButton(page)).toBeEnabled();
  });

  test(`a server that does not answer within 5 s: '${MESSAGES.uploadPending}', then the real result`, async ({
    page,
    request,
  }) => {
    await openSignedIn(page, request);
    await page.route('**/api/v1/media/upload', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 6500));
      await route.continue();
    });
    await fileInput(page).setInputFiles([text('slow.txt')]);
    await uploadButton(page).click();
    await expect(page.getByRole('button', { name: 'Uploading…' })).toBeDisabled();

    const pending = page.getByRole('status', { name: 'Upload accepted' });
    await expect(pending).toBeVisible({ timeout: 6000 });
    await expect(pending.getByTestId('upload-status')).toHaveText('processing');
    await expect(pending.getByTestId('upload-message')).toHaveText(MESSAGES.uploadPending);
    await expect(pending.getByRole('link')).toHaveCount(0);

    const real = page.getByRole('status', { name: 'Upload successful' });
    await expect(real).toBeVisible({ timeout: 15_000 });
    await expect(real.getByRole('link', { name: 'View post' })).toHaveAttribute(
      'href',
      /^\/forum\/detail\/.+/,
    );
  });

  test('signed out, the login screen shows; signing in opens the upload form', async ({
    page,
    request,
  }) => {
    const username = uniqueUsername('up');
    await registerViaApi(request, username);
    await page.goto('/upload');

    await expect(page.getByRole('heading', { name: 'Sign In', level: 1 })).toBeVisible();
    await expect(fileInput(page)).toHaveCount(0);
    await expect(page).toHaveTitle(`${TITLE} · Symposia`);

    await fillAuthForm(page, { username, password: PASSWORD });
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { name: TITLE, level: 1 })).toBeVisible();
    await expect(fileInput(page)).toBeAttached();
  });

  test('a refused token ends the session and asks to sign in again', async ({ page }) => {
    await setLocalStorage(page, { access_token: 'not-a-valid-token' });
    await page.goto('/upload');
    await fileInput(page).setInputFiles([text('a.txt')]);
    await uploadButton(page).click();

    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(MESSAGES.sessionExpired);
    expect(await page.evaluate(() => window.localStorage.getItem('access_token'))).toBeNull();
  });

  test('passes axe and is captured at 390 and 1280 px', async ({ browser, request }, testInfo) => {
    for (const width of [390, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await openSignedIn(page, request);
      await fileInput(page).setInputFiles([png(), text('a-rather-long-file-name-for-layout.txt')]);
      await page.getByRole('button', { name: 'Add Metadata' }).click();
      await uploadButton(page).click();
      await expect(page.getByRole('status', { name: 'Upload successful' })).toBeVisible({
        timeout: 15_000,
      });
      await fileInput(page).setInputFiles([text('next.txt')]);
      await expect(selectedFiles(page).getByText('next.txt')).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, 0));

      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter(
        (violation) => violation.impact === 'serious' || violation.impact === 'critical',
      );
      expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
      await page.screenshot({ path: testInfo.outputPath(`upload-${width}.png`), fullPage: true });
      await context.close();
    }
  });
});
