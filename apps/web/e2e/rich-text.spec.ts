import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { setLocalStorage } from './support';
import { commentViaApi, createPost, createUser, uniqueWord, type TestUser } from './fixtures/posts';

/*
 * Markdown and math in post content and comments, against the real server and build: KaTeX renders,
 * the Preview toggle of the comment editor works, and the XSS strings of the issue stay text. Any
 * dialog (alert) fails the test; so does any write to `window.__pwned`, or a request for an image
 * from outside the site's gateway.
 */

declare global {
  interface Window {
    __pwned?: unknown;
    /** Set on a page to tell whether a click left it for a new document. */
    __sameDocument?: boolean;
  }
}

const TRACKER = 'https://tracker.example/pixel.png';

const MATH_POST = [
  'Mass and energy: $E=mc^2$, for a body at rest.',
  'The area under the diagonal:',
  '$$\\int_0^1 x\\,dx$$',
  '',
  '| Quantity | Symbol | Value | Unit |',
  '| --- | :---: | ---: | --- |',
  '| Speed of light in vacuum | $c$ | 299 792 458 | m s⁻¹ |',
  '| Planck constant | $h$ | 6.626 070 15 × 10⁻³⁴ | J Hz⁻¹ |',
  '',
  '```python',
  'def energy(mass_kg: float, c: float = 299_792_458.0) -> float:',
  '    return mass_kg * c ** 2',
  '```',
  '',
  'A long result, scrolled rather than squeezed:',
  '$$',
  'Z = \\sum_{i=1}^{N} \\exp\\left(-\\frac{E_i}{k_B T}\\right) = e^{-\\beta E_1} + e^{-\\beta E_2} + e^{-\\beta E_3} + e^{-\\beta E_4} + e^{-\\beta E_5} + e^{-\\beta E_6}',
  '$$',
  '',
  '- **Bold**, *italic* and `inline code`',
  '- [A link](https://example.org/paper)',
].join('\n');

const XSS_LINES = [
  '<script>alert(1)</script>',
  '[x](javascript:alert(1))',
  '<img src=x onerror=alert(1)>',
  '$\\href{javascript:alert(1)}{x}$',
  `![pixel](${TRACKER})`,
  '<img src=x onerror="window.__pwned=1"> <svg onload="window.__pwned=2">',
  '**Bold** and $a^2+b^2=c^2$',
];

/** Display math on a line of its own, as researchers write it, between lines with inline math. */
const DISPLAY_AND_INLINE = 'Inline $a^2$ first,\n$$\\int_0^1 x\\,dx$$\nthen $b_1$.';

/** Its formulas as the reader should see them, in order. */
const DISPLAY_AND_INLINE_SHOWN = [
  { tex: 'a^2', set: 'inline', box: 'inline', mathml: 'hidden' },
  { tex: '\\int_0^1 x\\,dx', set: 'display', box: 'block center', mathml: 'hidden' },
  { tex: 'b_1', set: 'inline', box: 'inline', mathml: 'hidden' },
];

/**
 * Every formula in `scope` as the reader sees it: its TeX, how the markup sets it (display math,
 * `.katex-display`, or inline), how the page lays it out (display math a centred block of its own;
 * inline math in its line), and whether KaTeX's MathML copy is left to screen readers (its
 * styles in place) or shown beside the rendered formula.
 */
function mathShownIn(scope: Locator) {
  return scope.evaluate((root) =>
    [...root.querySelectorAll('.katex')].map((formula) => {
      const display = formula.closest('.katex-display');
      const box = getComputedStyle(display ?? formula);
      const mathml = formula.querySelector('.katex-mathml');
      return {
        tex: formula.querySelector('annotation')?.textContent,
        set: display ? 'display' : 'inline',
        box: display ? `${box.display} ${box.textAlign}` : box.display,
        mathml: mathml && getComputedStyle(mathml).position === 'absolute' ? 'hidden' : 'shown',
      };
    }),
  );
}

/**
 * Whether React has taken the element over: then what it shows is what the browser rendered, not
 * the server's markup left in place. React marks each element it owns with a `__reactFiber$…` key.
 */
const ownedByReact = (element: Locator) =>
  element.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber$')));

/** Everything that would mean script ran, or could run, collected while the test works. */
function watch(page: Page) {
  const seen = { dialogs: [] as string[], foreignRequests: [] as string[] };
  page.on('dialog', (dialog) => {
    seen.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('request', (request) => {
    if (request.url().startsWith('https://tracker.example'))
      seen.foreignRequests.push(request.url());
  });
  return seen;
}

async function expectInert(page: Page, scope: Locator, seen: ReturnType<typeof watch>) {
  const risky = await scope.evaluate((root) => {
    const found: string[] = [];
    for (const element of root.querySelectorAll('*')) {
      if (['SCRIPT', 'IFRAME', 'OBJECT', 'EMBED'].includes(element.tagName)) {
        found.push(element.tagName);
      }
      for (const attribute of element.attributes) {
        if (attribute.name.toLowerCase().startsWith('on')) found.push(attribute.name);
        if (/^\s*javascript:/i.test(attribute.value)) found.push(`${attribute.name}=javascript:`);
      }
    }
    return found;
  });
  expect(risky).toEqual([]);
  expect(await page.evaluate(() => window.__pwned)).toBeUndefined();
  expect(seen.dialogs).toEqual([]);
  expect(seen.foreignRequests).toEqual([]);
}

const signIn = (page: Page, user: TestUser) => setLocalStorage(page, { access_token: user.token });

test.describe('Markdown and math', () => {
  let author: TestUser;

  test.beforeAll(async ({ request }) => {
    author = await createUser(request, { prefix: 'rtauth' });
  });

  test('a post with $E=mc^2$ and a $$\\int_0^1 x\\,dx$$ block renders KaTeX on its detail page', async ({
    page,
    request,
  }) => {
    const seen = watch(page);
    const title = `Energy ${uniqueWord()}`;
    const id = await createPost(request, author, { title, content: MATH_POST });

    await page.goto(`/forum/detail/${id}`);
    const content = page.getByTestId('post-content');
    const inline = content.locator('p .katex').first();
    await expect(inline).toBeVisible();
    await expect(inline.locator('annotation')).toHaveText('E=mc^2');

    const display = content.locator('.katex-display').first();
    await expect(display).toBeVisible();
    await expect(display.locator('annotation')).toHaveText('\\int_0^1 x\\,dx');
    await expect(display.locator('math')).toHaveAttribute('display', 'block');
    // KaTeX's styles loaded with the renderer: the MathML copy is for screen readers only.
    await expect(display.locator('.katex-mathml')).toHaveCSS('position', 'absolute');
    await expect(display.locator('.katex-html')).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    expect(
      await page.evaluate(() =>
        [...document.fonts].some(
          (font) => font.family.includes('KaTeX') && font.status === 'loaded',
        ),
      ),
    ).toBe(true);

    await expect(content.locator('table th')).toHaveText(['Quantity', 'Symbol', 'Value', 'Unit']);
    await expect(content.locator('pre code')).toContainText('def energy(mass_kg: float');
    await expect(content.getByRole('link', { name: 'A link' })).toHaveAttribute(
      'rel',
      'noopener noreferrer nofollow',
    );
    await expectInert(page, content, seen);
  });

  test('display math stays display math from the server’s HTML to the hydrated page, in posts and comments', async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    const id = await createPost(request, author, {
      title: `Area ${uniqueWord()}`,
      content: DISPLAY_AND_INLINE,
    });
    const reader = await createUser(request, { prefix: 'rtmath' });
    await commentViaApi(request, reader, id, { content: DISPLAY_AND_INLINE });

    // The server's HTML as it stands, with no script to change it.
    const serverOnly = await browser.newContext({ baseURL, javaScriptEnabled: false });
    let fromServer: Awaited<ReturnType<typeof mathShownIn>>;
    try {
      const html = await serverOnly.newPage();
      await html.goto(`/forum/detail/${id}`);
      fromServer = await mathShownIn(html.getByTestId('post-content'));
    } finally {
      await serverOnly.close();
    }

    // The same page once the browser has taken it over, and the comment it rendered itself.
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`/forum/detail/${id}`);
    const content = page.getByTestId('post-content');
    // Hydrated at once (main.tsx): the text's element is React's, holding the server's markup.
    expect(await ownedByReact(content)).toBe(true);
    expect(await mathShownIn(content)).toEqual(fromServer);
    const comment = page.getByRole('article', { name: `Comment by ${reader.username}` });
    await expect(comment.locator('.katex-display')).toHaveCount(1);
    expect(await mathShownIn(comment)).toEqual(fromServer);
    expect(problems).toEqual([]);
    // …and that is display math on a line of its own between inline formulas.
    expect(fromServer).toEqual(DISPLAY_AND_INLINE_SHOWN);
  });

  test('a server-rendered post hydrates without the Markdown renderer; its mentions open in the app', async ({
    page,
    request,
  }) => {
    const named = await createUser(request, { prefix: 'rtnamed' });
    const id = await createPost(request, author, {
      title: `Kept ${uniqueWord()}`,
      content: `${DISPLAY_AND_INLINE}\n\nThanks to **@${named.username}**.`,
    });
    // Author pages are for members: a signed-in reader follows the mention.
    await signIn(page, await createUser(request, { prefix: 'rtreader' }));
    const rendererRequests: string[] = [];
    page.on('request', (sent) => {
      if (/\/assets\/markdown-renderer-[\w-]+\.js$/.test(sent.url())) {
        rendererRequests.push(sent.url());
      }
    });

    await page.goto(`/forum/detail/${id}`);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    const content = page.getByTestId('post-content');
    expect(await mathShownIn(content)).toEqual(DISPLAY_AND_INLINE_SHOWN);
    // The page's HTML already holds the rendered text: hydrating it asked for no renderer.
    expect(rendererRequests).toEqual([]);

    // The mention is followed in the app, as the renderer's links are: no new document.
    await page.evaluate(() => {
      window.__sameDocument = true;
    });
    await content.getByRole('link', { name: `@${named.username}` }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(named.username);
    expect(await page.evaluate(() => window.__sameDocument)).toBe(true);

    // Back on the post in the app, the text is rendered in the browser: the renderer loads then.
    await page.goBack();
    await expect(content.locator('.katex-display')).toHaveCount(1);
    expect(await mathShownIn(content)).toEqual(DISPLAY_AND_INLINE_SHOWN);
    expect(rendererRequests).toHaveLength(1);
  });

  test('lays out math, code and tables on a phone and on a desktop', async ({
    page,
    request,
  }, testInfo) => {
    const id = await createPost(request, author, {
      title: `Partition function ${uniqueWord()}`,
      summary: 'Maths, a table and code, as a reader sees them.',
      content: MATH_POST,
    });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/forum/detail/${id}`);
      const content = page.getByTestId('post-content');
      await expect(content.locator('.katex-display')).toHaveCount(2);
      await page.evaluate(() => document.fonts.ready);

      // Nothing widens the page; the wide parts scroll inside their own boxes.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `page overflow at ${width}px`).toBeLessThanOrEqual(0);
      for (const box of [content.locator('.katex-display').last(), content.locator('pre')]) {
        expect(await box.evaluate((node) => getComputedStyle(node).overflowX)).toBe('auto');
      }
      if (width === 390) {
        const longMath = content.locator('.katex-display').last();
        expect(await longMath.evaluate((node) => node.scrollWidth > node.clientWidth)).toBe(true);
        const table = content.locator('table').locator('xpath=..');
        expect(await table.evaluate((node) => getComputedStyle(node).overflowX)).toBe('auto');
      }
      const shot = testInfo.outputPath(`post-with-math-${width}.png`);
      await content.screenshot({ path: shot });
      await testInfo.attach(`post with math at ${width}px`, {
        path: shot,
        contentType: 'image/png',
      });
    }
  });

  test('a comment with the XSS strings opens no dialog and runs nothing; Preview shows it first', async ({
    page,
    request,
  }) => {
    const seen = watch(page);
    const reader = await createUser(request, { prefix: 'rtread' });
    const id = await createPost(request, author, { title: `Attacked ${uniqueWord()}` });
    await signIn(page, reader);
    await page.goto(`/forum/detail/${id}`);

    await page.getByRole('button', { name: 'Write a Comment' }).click();
    const box = page.getByRole('textbox', { name: 'Your comment' });
    await box.fill(XSS_LINES.join('\n'));

    // Preview: the text as the thread will show it, in place of the text area.
    const toggle = page.getByRole('button', { name: 'Preview' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(box).toBeHidden();
    const preview = page.getByRole('region', { name: 'Your comment (preview)' });
    await expect(preview.locator('strong')).toHaveText('Bold');
    await expect(preview.locator('.katex').last().locator('annotation')).toHaveText('a^2+b^2=c^2');
    await expect(preview).toContainText('<script>alert(1)</script>');
    await expectInert(page, preview, seen);

    // Back to writing with the keyboard; the text is all still there.
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await expect(box).toHaveValue(XSS_LINES.join('\n'));
    await page
      .getByRole('region', { name: /^Comments/ })
      .getByRole('button', { name: 'Submit' })
      .click();

    const posted = page.getByRole('article', { name: `Comment by ${reader.username}` });
    await expect(posted.locator('strong')).toHaveText('Bold');
    await checkPostedComment(page, posted, seen);

    // The same comment as loaded from the server by a fresh page.
    await page.reload();
    await expect(posted.locator('strong')).toHaveText('Bold');
    await checkPostedComment(page, posted, seen);
  });
});

async function checkPostedComment(page: Page, posted: Locator, seen: ReturnType<typeof watch>) {
  // Raw HTML is shown as the text that was typed.
  await expect(posted).toContainText('<script>alert(1)</script>');
  await expect(posted).toContainText('<img src=x onerror=alert(1)>');
  // The javascript: link is text; KaTeX's \href is refused (shown as red source text).
  await expect(posted.getByRole('link', { name: 'x', exact: true })).toHaveCount(0);
  await expect(posted.locator('.katex').first()).toContainText('\\href');
  // The image from elsewhere is offered as a link, never loaded.
  await expect(posted.locator('img[src*="tracker"], img[src="x"]')).toHaveCount(0);
  await expect(posted.getByRole('link', { name: 'pixel' })).toHaveAttribute('href', TRACKER);
  await expectInert(page, posted, seen);
}
