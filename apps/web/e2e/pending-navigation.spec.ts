import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures/test';
import { createPost, createUser } from './fixtures/posts';

/*
 * A navigation that waits for the next screen's code (issue 32): the test holds the Tokens
 * screen's chunk back, and while it is held the old screen is dimmed, inert and busy under a
 * progress bar with a polite status, and its Back button no longer acts; once the chunk arrives
 * the Tokens screen shows.
 */

const manifestFile = fileURLToPath(new URL('../dist/.vite/manifest.json', import.meta.url));

/** The chunk of a screen's module, as the build names it. */
function chunkOf(module: string): string {
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<
    string,
    { file: string }
  >;
  const chunk = manifest[module];
  if (!chunk) throw new Error(`The build manifest has no ${module}`);
  return `/${chunk.file}`;
}

test('a navigation waiting for its screen shows a progress bar over the old screen, which is inert', async ({
  page,
  request,
}) => {
  const author = await createUser(request, { prefix: 'pend' });
  const id = await createPost(request, author, { title: 'Waiting for the next screen' });
  await page.goto(`/forum/detail/${id}`);
  const oldScreen = page.locator('#main-content');
  const back = page.getByRole('button', { name: 'Back', exact: true });
  await expect(back).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Loading the page…' })).toHaveCount(0);
  await expect(oldScreen).not.toHaveAttribute('inert');

  const tokenChunk = chunkOf('src/app/routes/token.tsx');
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = false;
  await page.route(
    (url) => url.pathname === tokenChunk,
    async (route) => {
      held = true;
      await released;
      await route.continue();
    },
  );

  await page.getByRole('banner').getByRole('link', { name: 'Tokens' }).click();
  await expect.poll(() => held).toBe(true);
  // While the chunk is held: the bar, the status, and the old screen inert and busy.
  await expect(page.getByRole('progressbar', { name: 'Loading the page…' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading the page…' })).toBeAttached();
  await expect(oldScreen).toHaveAttribute('inert');
  await expect(oldScreen).toHaveAttribute('aria-busy', 'true');
  await expect(oldScreen).toContainText('Waiting for the next screen');
  await expect(oldScreen).toHaveCSS('opacity', '0.55');

  // The old screen's Back, pressed where it shows, does nothing: it would go to the forum.
  const box = await page.locator('#main-content button').filter({ hasText: 'Back' }).boundingBox();
  expect(box).not.toBeNull();
  await page.mouse.click(box!.x + box!.width / 2, box!.y + box!.height / 2);
  await expect(page).toHaveURL(/\/token$/);
  await expect(oldScreen).toHaveAttribute('inert');

  release();
  await expect(page.getByRole('heading', { name: 'Token Management', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/token$/);
  await expect(page.getByRole('progressbar', { name: 'Loading the page…' })).toHaveCount(0);
  await expect(oldScreen).not.toHaveAttribute('inert');
  await expect(oldScreen).not.toHaveAttribute('aria-busy');
});
