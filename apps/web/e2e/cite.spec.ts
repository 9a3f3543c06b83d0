import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { MESSAGES } from '@symposia/shared';
import { hydrated, setLocalStorage } from './support';
import { createPost, createUser, files, getPostViaApi, uniqueWord } from './fixtures/posts';

/*
 * Citations against the real server: the detail page links the post's DOI, and Cite
 * opens a dialog whose Copy puts the very citation the API answers on the clipboard.
 */

const citeButton = (page: Page) => page.getByRole('button', { name: 'Cite', exact: true });
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Cite this post' });

test.describe('cite a post', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('Cite → BibTeX → Copy puts the BibTeX on the clipboard; the DOI links to doi.org', async ({
    page,
    request,
  }, testInfo) => {
    const author = await createUser(request, { prefix: 'cite' });
    const title = `Citable ${uniqueWord()}`;
    const id = await createPost(request, author, {
      title,
      doi: 'https://doi.org/10.5555/symposia.e2e-1',
      files: [files.png(), files.pdf()],
    });
    const post = await getPostViaApi(request, id);
    expect(post.doi).toBe('10.5555/symposia.e2e-1');

    await page.goto(`/forum/detail/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    const doi = page.getByRole('link', { name: '10.5555/symposia.e2e-1' });
    await expect(doi).toHaveAttribute('href', 'https://doi.org/10.5555/symposia.e2e-1');
    await expect(doi).toHaveAttribute('rel', 'noopener noreferrer');

    await citeButton(page).click();
    await expect(dialog(page)).toBeVisible();
    const bibtexTab = dialog(page).getByRole('tab', { name: 'BibTeX' });
    await expect(bibtexTab).toHaveAttribute('aria-selected', 'true');
    await expect(bibtexTab).toBeFocused();
    const text = dialog(page).getByTestId('citation-text');
    await expect(text).toContainText(`title = {${title}}`);
    for (const file of post.files) await expect(text).toContainText(`IPFS CID ${file.cid}`);
    await expect(text).toContainText('doi = {10.5555/symposia.e2e-1}');
    await expect(text).toContainText(`/forum/detail/${id}`);

    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      await page.screenshot({ path: testInfo.outputPath(`cite-dialog-${width}.png`) });
    }

    await dialog(page).getByRole('button', { name: 'Copy BibTeX' }).click();
    await expect(page.getByText(MESSAGES.citationCopied)).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const served = await request.get(`/api/v1/media/${id}/cite?format=bibtex`);
    expect(served.headers()['content-type']).toBe('application/x-bibtex; charset=utf-8');
    expect(copied).toBe(await served.text());
    expect(copied).toMatch(/^@misc\{symposia_/);

    const results = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
    const serious = results.violations.filter(
      (violation) => violation.impact === 'serious' || violation.impact === 'critical',
    );
    expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);

    await page.keyboard.press('Escape');
    await expect(dialog(page)).toHaveCount(0);
    await expect(citeButton(page)).toBeFocused();
  });

  test('with the keyboard only: arrow to RIS, copy it, one N1 line per file', async ({
    page,
    request,
  }) => {
    const author = await createUser(request, { prefix: 'citk' });
    const id = await createPost(request, author, {
      title: `Keyboard ${uniqueWord()}`,
      files: [files.png(), files.pdf()],
    });
    const post = await getPostViaApi(request, id);

    await page.goto(`/forum/detail/${id}`);
    // A key pressed on the server-rendered button before hydration does nothing.
    await hydrated(page);
    await citeButton(page).focus();
    await page.keyboard.press('Enter');
    await expect(dialog(page).getByRole('tab', { name: 'BibTeX' })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    const risTab = dialog(page).getByRole('tab', { name: 'RIS' });
    await expect(risTab).toBeFocused();
    await expect(risTab).toHaveAttribute('aria-selected', 'true');
    await expect(dialog(page).getByTestId('citation-text')).toContainText('TY  - ');

    // Tab goes on to the text, then to Copy, and wraps around inside the dialog.
    const text = dialog(page).getByTestId('citation-text');
    const copy = dialog(page).getByRole('button', { name: 'Copy RIS' });
    await page.keyboard.press('Tab');
    await expect(text).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(copy).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog(page).getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(copy).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText(MESSAGES.citationCopied)).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied.split('\n').filter((line) => line.startsWith('N1  - '))).toEqual(
      post.files.map((file) => `N1  - IPFS CID ${file.cid} (${file.name})`),
    );
  });

  test('a private post is cited for its author only', async ({ page, request }) => {
    const author = await createUser(request, { prefix: 'citp' });
    const id = await createPost(request, author, {
      title: `Private ${uniqueWord()}`,
      visibility: 'private',
    });
    const anonymous = await request.get(`/api/v1/media/${id}/cite?format=csl`);
    expect(anonymous.status()).toBe(404);

    await setLocalStorage(page, { access_token: author.token });
    await page.goto(`/forum/detail/${id}`);
    await citeButton(page).click();
    await dialog(page).getByRole('tab', { name: 'CSL-JSON' }).click();
    await expect(dialog(page).getByTestId('citation-text')).toContainText('"type": "post"');
  });

  test('the upload form takes a DOI, refuses a malformed one, and the post links it', async ({
    page,
    request,
  }) => {
    const author = await createUser(request, { prefix: 'citu' });
    await setLocalStorage(page, { access_token: author.token });
    await page.goto('/upload');
    await page
      .getByLabel('Choose files')
      .setInputFiles([{ name: 'figure.png', mimeType: 'image/png', buffer: files.png().buffer }]);
    await page.getByRole('button', { name: 'Add Metadata' }).click();
    await page.getByLabel('Title').fill(`With DOI ${uniqueWord()}`);
    const field = page.getByRole('textbox', { name: /^DOI/ });
    await field.fill('10.12/nope');
    await page.getByRole('button', { name: 'Upload Files' }).click();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('must be a DOI such as 10.1000/xyz123')).toBeVisible();

    await field.fill('doi:10.1038/nphys1170');
    await page.getByRole('button', { name: 'Upload Files' }).click();
    const success = page.getByRole('status', { name: 'Upload successful' });
    await expect(success).toBeVisible({ timeout: 15_000 });
    await success.getByRole('link', { name: 'View post' }).click();
    await expect(page.getByRole('link', { name: '10.1038/nphys1170' })).toHaveAttribute(
      'href',
      'https://doi.org/10.1038/nphys1170',
    );
  });
});
