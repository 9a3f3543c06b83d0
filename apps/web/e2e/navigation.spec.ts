import { expect, test } from './fixtures/test';
import { MESSAGES } from '@symposia/shared';
import { createPost, createUser, uniqueWord } from './fixtures/posts';

test.describe('navigation', () => {
  test('header links navigate and mark the current page', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');

    const destinations = [
      { link: 'Forum', url: /\/forum$/, heading: 'Community Forum' },
      { link: 'Reviews', url: /\/reviews$/, heading: 'Review queue' },
      { link: 'Upload', url: /\/upload$/, heading: 'Sign In' },
      { link: 'Tokens', url: /\/token$/, heading: 'Token Management' },
      { link: 'My Page', url: /\/mypage$/, heading: 'Sign In' },
      { link: 'Home', url: /\/$/, heading: 'Symposia' },
    ];
    for (const { link, url, heading } of destinations) {
      await nav.getByRole('link', { name: link }).click();
      await expect(page).toHaveURL(url);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await expect(nav.getByRole('link', { name: link })).toHaveAttribute('aria-current', 'page');
    }
  });

  test('a deep link is served by the app, also after a reload', async ({ page }) => {
    await page.goto('/forum/detail/abc');
    await expect(
      page.getByRole('heading', { name: MESSAGES.postNotFoundTitle, level: 1 }),
    ).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Forum' }),
    ).toHaveAttribute('aria-current', 'page');

    await page.reload();
    await expect(
      page.getByRole('heading', { name: MESSAGES.postNotFoundTitle, level: 1 }),
    ).toBeVisible();
  });

  test('an unknown address shows the not-found page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(
      page.getByRole('heading', { name: MESSAGES.pageNotFoundTitle, level: 1 }),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Go to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the footer has the copyright line and placeholder links', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(/© \d{4} Symposia\. All rights reserved\./);
    for (const label of ['Privacy Policy', 'Terms of Use', 'Contact Us']) {
      await expect(footer.getByText(label)).toBeVisible();
    }
  });

  test('below 768 px the links live in a menu', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/');
    const menu = page.getByRole('button', { name: 'Menu' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('link', { name: 'Forum' })).toBeHidden();

    await menu.click();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Forum' })
      .click();

    await expect(page).toHaveURL(/\/forum$/);
    await expect(page.getByRole('heading', { name: 'Community Forum', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  test('the app runs under the server content security policy without violations', async ({
    page,
    request,
  }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    page.on('pageerror', (error) => violations.push(error.message));

    // Some violations (a caught eval probe) reach no console: the page's own event tells them.
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const seen = ((window as unknown as { cspViolations?: string[] }).cspViolations ??= []);
        seen.push(`${event.violatedDirective} ${event.sourceFile}:${event.lineNumber}`);
      });
    });
    const reported = () =>
      page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? []);

    await page.goto('/mypage');
    await expect(page.getByRole('heading', { name: 'Sign In', level: 1 })).toBeVisible();
    expect(await reported()).toEqual([]);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Symposia', level: 1 })).toBeVisible();
    expect(await reported()).toEqual([]);
    // A post: its comments' answer is checked with zod, loaded then.
    const author = await createUser(request, { prefix: 'csp' });
    const id = await createPost(request, author, { title: `Under the policy ${uniqueWord()}` });
    await page.goto(`/forum/detail/${id}`);
    await expect(page.getByText(MESSAGES.noComments)).toBeVisible();
    expect(await reported()).toEqual([]);

    expect(violations).toEqual([]);
  });
});
