import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import type { CurrentUser } from '@symposia/shared';
import { createPost, createUser, uniqueWord, type TestUser } from './fixtures/posts';
import {
  ownServerPort,
  startServerWithModerator,
  type startOwnServer,
} from './fixtures/own-server';
import { setLocalStorage } from './support';

/*
 * Community trust (issue 28) against the real server, which this file starts itself: a moderator
 * needs ADMIN_USERNAMES (named at a restart, for an account that exists), and trust is computed by
 * the durable job, so this server runs a worker.
 */

const port = ownServerPort(71);
test.use({ baseURL: `http://127.0.0.1:${port}` });

let server: Awaited<ReturnType<typeof startOwnServer>>;
let moderator: TestUser;

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  ({ server, moderator } = await startServerWithModerator(playwright, port, {
    WORKER_CONCURRENCY: '1',
  }));
});

test.afterAll(async () => {
  await server?.stop();
});

const bearer = (user: TestUser) => ({ Authorization: `Bearer ${user.token}` });

async function likeViaApi(request: APIRequestContext, user: TestUser, postId: string) {
  const response = await request.post(`/api/v1/media/${postId}/like`, { headers: bearer(user) });
  expect(response.status(), await response.text()).toBe(200);
}

async function levelOf(request: APIRequestContext, user: TestUser): Promise<number> {
  const response = await request.get('/api/v1/auth/me', { headers: bearer(user) });
  expect(response.status()).toBe(200);
  return ((await response.json()) as CurrentUser).trust_level;
}

async function signIn(page: Page, user: TestUser) {
  if (page.url() !== 'about:blank') await page.evaluate(() => window.localStorage.clear());
  await setLocalStorage(page, { access_token: user.token });
}

test.describe('community trust', () => {
  test('a member marked trusted shows "Trusted" on their profile and My Page once the job ran', async ({
    page,
    request,
  }) => {
    const ada = await createUser(request, { prefix: 'ada' });
    const bob = await createUser(request, { prefix: 'bob' });

    await signIn(page, bob);
    await page.goto(`/author/${ada.id}`);
    await expect(page.getByRole('heading', { level: 1, name: ada.username })).toBeVisible();
    await expect(page.getByTestId('trust-level')).toHaveText('Trust level 0: New');

    const marked = await request.post(`/api/v1/moderation/users/${ada.id}/trust`, {
      headers: bearer(moderator),
      data: { seed: true, note: 'Known to the organisers' },
    });
    expect(marked.status(), await marked.text()).toBe(200);
    // The mark queues a recompute; the server's worker runs it.
    await expect.poll(() => levelOf(request, ada), { timeout: 30_000 }).toBe(3);

    await page.reload();
    await expect(page.getByTestId('trust-level')).toHaveText('Trust level 3: Trusted');

    await signIn(page, ada);
    await page.goto('/mypage');
    await expect(page.getByTestId('trust-level')).toHaveText('Trust level 3: Trusted');
  });

  test('the moderator recomputes trust and sees a pair that only likes each other, side by side', async ({
    page,
    request,
  }) => {
    const ring = [
      await createUser(request, { prefix: 'ring' }),
      await createUser(request, { prefix: 'ring' }),
    ];
    const posts = [];
    for (const member of ring) {
      posts.push(await createPost(request, member, { title: `Ring ${uniqueWord()}` }));
    }
    await likeViaApi(request, ring[0]!, posts[1]!);
    await likeViaApi(request, ring[1]!, posts[0]!);

    await signIn(page, moderator);
    await page.goto('/moderation');
    await page.getByRole('tab', { name: 'Trust' }).click();
    await expect(page.getByRole('heading', { name: 'Down-weighted accounts' })).toBeVisible();
    await page.getByRole('button', { name: 'Recompute trust' }).click();
    await expect(
      page.getByText('Recompute queued: the levels change when it has run.'),
    ).toBeVisible();

    // Once the job has run, each of the pair is listed with the other as whom they give most to.
    // The row whose account (first cell) is the first of the pair; the other's row names it too.
    const row = page
      .getByTestId('down-weighted-account')
      .filter({ has: page.locator('td:first-child', { hasText: ring[0]!.username }) });
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByRole('tab', { name: 'Trust' }).click();
          await page.getByRole('heading', { name: 'Down-weighted accounts' }).waitFor();
          return row.count();
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    await expect(page.getByText(/^Trust computed /)).toBeVisible();
    await expect(
      page
        .getByTestId('down-weighted-account')
        .filter({ has: page.locator('td:first-child', { hasText: ring[1]!.username }) })
        .getByRole('list', { name: 'Gives most to' }),
    ).toContainText(ring[0]!.username);
    await expect(row.getByRole('list', { name: 'Gives most to' })).toContainText(ring[1]!.username);
    await expect(row.getByTestId('trust-level')).toHaveText('Trust level 0: New');

    // A member is refused the panel's data.
    const refused = await request.get('/api/v1/moderation/trust/down-weighted', {
      headers: bearer(ring[0]!),
    });
    expect(refused.status()).toBe(403);
  });
});
