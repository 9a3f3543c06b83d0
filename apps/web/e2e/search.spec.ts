import { type APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures/test';
import type { PostDetail, RelatedPost } from '@symposia/shared';
import { createPost, createUser } from './fixtures/posts';
import { ownServerPort, startOwnServer } from './fixtures/own-server';

/*
 * Search in Chinese and related posts, against a server this file starts itself with its
 * processing worker running: related posts are chosen when a post is published, which the suite's
 * server (WORKER_CONCURRENCY=0) never does. The posts are those the demo seed adds in Chinese
 * (apps/server/seed/content.ts), and one on another subject.
 */

const port = ownServerPort(53);
test.use({ baseURL: `http://127.0.0.1:${port}` });

let server: Awaited<ReturnType<typeof startOwnServer>>;
const ids: Record<'protein' | 'proteinNotes' | 'climate', string> = {
  protein: '',
  proteinNotes: '',
  climate: '',
};

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`still not there: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function json<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(150_000);
  server = await startOwnServer(port, { WORKER_CONCURRENCY: '1', WORKER_POLL_MS: '100' });
  const request = await playwright.request.newContext({ baseURL: server.url });
  const author = await createUser(request, { prefix: 'liwen' });
  ids.protein = await createPost(request, author, {
    title: '基于深度学习的蛋白质结构预测：二十四个膜蛋白的复现笔记',
    summary:
      '我们用 AlphaFold2 和 ESMFold 预测了二十四个膜蛋白的三维结构，并与冷冻电镜结构逐一比较。',
    tags: '蛋白质结构, 深度学习, structural biology',
  });
  ids.proteinNotes = await createPost(request, author, {
    title: '膜蛋白结构预测的误差分析',
    summary: '跨膜螺旋的蛋白质结构预测几乎都很准确，环区的误差最大。',
    tags: '蛋白质结构, structural biology',
  });
  ids.climate = await createPost(request, author, {
    title: '气候变化对近海浮游植物的影响：十年遥感数据',
    summary: '用卫星叶绿素数据分析了东海近岸十年的浮游植物变化。',
    tags: '气候变化, 海洋生态',
  });
  for (const id of Object.values(ids)) {
    await until(
      () => json<PostDetail>(request, `/api/v1/media/${id}`),
      (post) => post.status === 'published',
    );
  }
  await until(
    () => json<RelatedPost[]>(request, `/api/v1/media/${ids.protein}/related`),
    (related) => related.some((post) => post.id === ids.proteinNotes),
  );
  await request.dispose();
});

test.afterAll(async () => {
  await server?.stop();
});

test('a Chinese word searched from the home page finds the Chinese post, highlighted', async ({
  page,
}) => {
  await page.goto('/');
  const box = page.getByPlaceholder('Search academic topics, tags, or authors');
  await box.fill('蛋白质');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/forum\?search=/);

  const card = page.getByRole('article', { name: /基于深度学习的蛋白质结构预测/ });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('search-snippet').locator('mark').first()).toHaveText('蛋白质');
  // Only posts about proteins: the climate post holds no such word.
  await expect(page.getByRole('article', { name: /气候变化/ })).toHaveCount(0);
});

test('in the Chinese interface too, the home page search finds the Chinese post', async ({
  page,
}) => {
  await page.goto('/');
  await page.evaluate(() => window.localStorage.setItem('language', 'zh-CN'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  const box = page.getByRole('main').getByRole('searchbox').first();
  await expect(box).toHaveAttribute('placeholder', /[\u4e00-\u9fff]/);
  await box.fill('蛋白质');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/forum\?search=/);
  await expect(page.getByRole('article', { name: /基于深度学习的蛋白质结构预测/ })).toBeVisible();
  await expect(page.getByRole('article', { name: /气候变化/ })).toHaveCount(0);
});

test('a search that finds nothing offers the same search without a word', async ({ page }) => {
  await page.goto(`/forum?search=${encodeURIComponent('蛋白质 zebrafish')}`);
  const suggestion = page.getByTestId('search-suggestion');
  await expect(suggestion).toContainText('No results for “蛋白质 zebrafish”; try');
  await suggestion.getByRole('link', { name: 'without ‘zebrafish’' }).click();
  await expect(page).toHaveURL(/\/forum\?search=%E8%9B%8B/);
  await expect(page.getByRole('article', { name: /蛋白质结构预测/ })).toBeVisible();
});

test('the post detail shows related posts, reachable by keyboard', async ({ page }) => {
  await page.goto(`/forum/detail/${ids.protein}`);
  const related = page.getByRole('region', { name: 'Related' });
  const link = related.getByRole('link', { name: /膜蛋白结构预测的误差分析/ });
  await expect(link).toBeVisible();
  await expect(related.getByRole('link', { name: /气候变化/ })).toHaveCount(0);
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/forum/detail/${ids.proteinNotes}$`));
  await expect(page.getByRole('heading', { name: '膜蛋白结构预测的误差分析' })).toBeVisible();
});
