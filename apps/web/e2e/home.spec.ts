import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { HOME_STATS } from '@symposia/shared';

const PLACEHOLDER = 'Search academic topics, tags, or authors';

const searchBox = (page: Page) => page.getByPlaceholder(PLACEHOLDER);

/** The current address without the origin, e.g. `/forum?search=x`. */
const currentPath = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

/**
 * Scrolls through the page the way a reader does, then waits until every element AOS animates
 * has ended fully visible (animations run once and last 1 s).
 */
async function revealEverything(page: Page) {
  await page.evaluate(async () => {
    const step = Math.max(200, Math.floor(window.innerHeight / 2));
    for (let y = 0; y <= document.documentElement.scrollHeight; y += step) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    window.scrollTo(0, document.documentElement.scrollHeight);
  });
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          Array.from(document.querySelectorAll('[data-aos]')).every(
            (element) => getComputedStyle(element).opacity === '1',
          ),
        ),
      { timeout: 5000 },
    )
    .toBe(true);
}

test.describe('home', () => {
  test('shows the hero, About, Platform Features, stats and call to action', async ({ page }) => {
    await page.goto('/');

    await expect(page.getByRole('heading', { name: 'Symposia', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('Symposia');
    await expect(
      page.getByText('connecting academic thoughts, tokenizing research insights'),
    ).toBeVisible();
    await expect(page.getByText('science without boundaries, value unlocked')).toBeVisible();
    await expect(page.getByText('share, like, earn, repeat')).toBeVisible();
    await expect(searchBox(page)).toBeVisible();

    await revealEverything(page);
    const about = page.getByRole('region', { name: 'About Symposia' });
    await expect(about.locator('p')).toHaveCount(3);
    await expect(about.getByRole('list', { name: 'What the platform provides' })).toBeVisible();
    const features = page.getByRole('region', { name: 'Platform Features' });
    for (const title of [
      'Token Reward Mechanism',
      'AI Content Generation',
      'Academic Community',
      'Open Discussion with Peer Review',
    ]) {
      await expect(features.getByRole('heading', { name: title, level: 3 })).toBeVisible();
    }
    await expect(
      page.getByRole('heading', { name: 'Join the Future of Academic Innovation' }),
    ).toBeVisible();
  });

  test('the stats strip shows the fixed figures, fully visible once scrolled to', async ({
    page,
  }) => {
    await page.goto('/');
    const strip = page.getByRole('region', { name: 'Symposia in numbers' });
    await strip.scrollIntoViewIfNeeded();
    for (const stat of HOME_STATS) {
      const value = strip.getByText(stat.value, { exact: true });
      await expect(value).toBeVisible();
      await expect(strip.getByText(stat.label, { exact: true })).toBeVisible();
      // AOS fades the figures in; they must end at full opacity.
      await expect(strip.getByRole('listitem').filter({ hasText: stat.label })).toHaveCSS(
        'opacity',
        '1',
      );
    }
  });

  test('search trims the query and opens the forum with it', async ({ page }) => {
    await page.goto('/');
    await searchBox(page).fill('   quantum computing   ');
    await page.getByRole('button', { name: 'Explore' }).click();

    await expect(page).toHaveURL(/\/forum\?search=/);
    expect(currentPath(page)).toBe('/forum?search=quantum%20computing');
  });

  test('search URL-encodes special characters', async ({ page }) => {
    const query = 'graph & AI/ML?';
    await page.goto('/');
    await searchBox(page).fill(query);
    await searchBox(page).press('Enter');

    await expect(page).toHaveURL(/\/forum\?search=/);
    expect(currentPath(page)).toBe(`/forum?search=${encodeURIComponent(query)}`);
    expect(new URL(page.url()).searchParams.get('search')).toBe(query);
  });

  test('an empty or whitespace-only query does nothing', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Explore' }).click();
    await searchBox(page).fill('     ');
    await searchBox(page).press('Enter');
    await page.getByRole('button', { name: 'Explore' }).click();

    // Give a navigation the chance to happen before checking that none did.
    await page.waitForTimeout(300);
    expect(currentPath(page)).toBe('/');
    await expect(page.getByRole('heading', { name: 'Symposia', level: 1 })).toBeVisible();
  });

  test("'Register Now' goes to /register", async ({ page }) => {
    await page.goto('/');
    const register = page.getByRole('link', { name: 'Register Now' });
    await register.scrollIntoViewIfNeeded();
    await register.click();

    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole('heading', { name: 'Register', level: 1 })).toBeVisible();
  });

  test('animates a particle field behind the hero, within the content security policy', async ({
    page,
  }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));

    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.goto('/');
    const canvas = page.locator('#home-particles canvas');
    await expect(canvas).toHaveCount(1);
    await expect(canvas).toBeVisible();
    // Decoration only: hidden from assistive technology.
    await expect(page.getByTestId('particle-background')).toHaveAttribute('aria-hidden', 'true');

    // A canvas can be there and stay blank: something is drawn on it, and a moment later it moved.
    const paintedPixels = () =>
      canvas.evaluate((element: HTMLCanvasElement) => {
        const context = element.getContext('2d');
        if (!context) return 0;
        const { data } = context.getImageData(0, 0, element.width, element.height);
        let painted = 0;
        for (let alpha = 3; alpha < data.length; alpha += 4) if (data[alpha]! > 0) painted += 1;
        return painted;
      });
    await expect.poll(paintedPixels).toBeGreaterThan(100);
    const snapshot = () => canvas.evaluate((element: HTMLCanvasElement) => element.toDataURL());
    const before = await snapshot();
    // Should it keep still instead, the canvas says why (`data-still`: it ran its time, or its
    // frames cost too much here), and the failure shows it.
    const motion = async () => ({
      moved: (await snapshot()) !== before,
      still: await canvas.getAttribute('data-still'),
    });
    await expect.poll(motion, { timeout: 5_000 }).toEqual({ moved: true, still: null });

    expect(problems).toEqual([]);
  });

  test('with reduced motion: no particle canvas, no scroll animation, everything visible', async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Symposia', level: 1 })).toBeVisible();

    // Long enough for the particle field and AOS to have loaded, were they going to.
    await page.waitForLoadState('networkidle');
    await expect(page.locator('canvas')).toHaveCount(0);
    await expect(page.getByTestId('particle-background')).toHaveCount(0);
    await expect(page.locator('[data-aos]')).toHaveCount(0);

    // Below the fold and never scrolled to, yet fully visible.
    await expect(
      page.getByRole('heading', { name: 'Join the Future of Academic Innovation' }),
    ).toHaveCSS('opacity', '1');
    await expect(page.getByText(HOME_STATS[3].value, { exact: true })).toHaveCSS('opacity', '1');
  });

  for (const reducedMotion of ['no-preference', 'reduce'] as const) {
    test(`passes axe and is captured at 390 and 1280 px (${reducedMotion} motion)`, async ({
      browser,
    }, testInfo) => {
      for (const width of [390, 1280]) {
        const context = await browser.newContext({
          viewport: { width, height: 900 },
          reducedMotion,
        });
        const page = await context.newPage();
        await page.goto('/');
        await expect(page.getByRole('heading', { name: 'Symposia', level: 1 })).toBeVisible();
        if (reducedMotion === 'no-preference') {
          await expect(page.locator('#home-particles canvas')).toHaveCount(1);
        }
        await revealEverything(page);
        await page.evaluate(() => window.scrollTo(0, 0));

        const results = await new AxeBuilder({ page }).analyze();
        const serious = results.violations.filter(
          (violation) => violation.impact === 'serious' || violation.impact === 'critical',
        );
        expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);

        if (reducedMotion === 'no-preference') {
          await page.screenshot({
            path: testInfo.outputPath(`home-${width}.png`),
            fullPage: true,
          });
        }
        await context.close();
      }
    });
  }

  test('the search works from the keyboard', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await searchBox(page).focus();
    await page.keyboard.type('peer review');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Explore' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/forum\?search=peer%20review$/);
  });
});
