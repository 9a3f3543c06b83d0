import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { createPost, createUser, uniqueWord, type TestUser } from './fixtures/posts';
import { setLocalStorage } from './support';

// Follows (issue 30): a tag followed from the forum filtered by it, an author from their profile,
// a tag from a post's detail; the Following feed shows what is followed.

const postList = (page: Page) => page.getByRole('list', { name: 'Post list' });
const card = (page: Page, title: string) => postList(page).getByRole('article', { name: title });

async function signIn(page: Page, user: TestUser): Promise<void> {
  await setLocalStorage(page, { access_token: user.token });
}

async function showStatistics(request: APIRequestContext, user: TestUser): Promise<void> {
  const response = await request.post('/api/v1/modify/modify_settings', {
    headers: { Authorization: `Bearer ${user.token}` },
    form: { new_public_statistics: 'true' },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
}

test.describe('follows', () => {
  test('a member follows a tag from a card’s tag, and the Following feed shows its posts', async ({
    page,
    request,
  }) => {
    const author = await createUser(request, { prefix: 'fta' });
    const reader = await createUser(request, { prefix: 'ftr' });
    const tag = uniqueWord('tg');
    const word = uniqueWord();
    await createPost(request, author, { title: `Tagged ${word} one`, tags: `${tag}, optics` });
    await createPost(request, author, { title: `Tagged ${word} two`, tags: tag.toUpperCase() });
    await createPost(request, author, { title: `Untagged ${word}` });
    await signIn(page, reader);

    // Following nothing yet: the feed says how to follow.
    await page.goto('/forum?feed=following');
    await expect(page.getByRole('button', { name: 'Following', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(
      page.getByRole('heading', { name: 'Nothing from who you follow yet' }),
    ).toBeVisible();
    await expect(page.getByText(/Follow an author from their profile, or a tag/)).toBeVisible();

    // A card's tag leads to the forum filtered by it, which carries Follow tag.
    await page.goto(`/forum?search=${word}`);
    await card(page, `Tagged ${word} one`)
      .getByRole('link', { name: `#${tag}` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/forum\\?tag=${tag}$`));
    await expect(page.getByRole('heading', { name: `Posts tagged #${tag}` })).toBeVisible();
    await expect(postList(page).getByRole('article')).toHaveCount(2);
    const follow = page.getByRole('button', { name: `Follow tag #${tag}` });
    await expect(follow).toHaveAttribute('aria-pressed', 'false');
    await expectNoSeriousAxeViolations(page);
    await follow.click();
    const following = page.getByRole('button', { name: `Following #${tag}` });
    await expect(following).toHaveAttribute('aria-pressed', 'true');

    // The Following feed: both posts carrying the tag (in any case), not the other one.
    await page.getByRole('link', { name: 'Show all posts' }).click();
    await page.getByRole('button', { name: 'Following', exact: true }).click();
    await expect(page).toHaveURL(/\/forum\?feed=following$/);
    await expect(card(page, `Tagged ${word} one`)).toBeVisible();
    await expect(card(page, `Tagged ${word} two`)).toBeVisible();
    await expect(card(page, `Untagged ${word}`)).toHaveCount(0);

    // Followed on the server: a new page load still shows it followed.
    await page.goto(`/forum?tag=${tag}`);
    await expect(page.getByRole('button', { name: `Following #${tag}` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  test('a visitor sees no Following switch, and the feed asks them to sign in', async ({
    page,
  }) => {
    await page.goto('/forum');
    await expect(page.getByRole('heading', { name: 'Community Forum', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Following', exact: true })).toHaveCount(0);

    await page.goto('/forum?feed=following');
    await expect(page.getByRole('heading', { name: 'Your following feed' })).toBeVisible();
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Please sign in to follow authors and tags')).toBeVisible();
  });

  test('a member follows an author from their profile: the count moves and their posts are in the feed', async ({
    page,
    request,
  }) => {
    const author = await createUser(request, { prefix: 'faa' });
    const reader = await createUser(request, { prefix: 'far' });
    await showStatistics(request, author);
    const word = uniqueWord();
    await createPost(request, author, { title: `By the author ${word}` });
    await createPost(request, author, { title: `Kept private ${word}`, visibility: 'private' });
    await signIn(page, reader);

    await page.goto(`/author/${author.id}`);
    await expect(page.getByTestId('follow-counts')).toHaveText('0 followers · 0 following');
    const follow = page.getByRole('button', { name: `Follow ${author.username}` });
    await expect(follow).toHaveAttribute('aria-pressed', 'false');
    await follow.click();
    await expect(
      page.getByRole('button', { name: `Following ${author.username}` }),
    ).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('follow-counts')).toHaveText('1 follower · 0 following');
    await page.getByRole('tab', { name: 'Statistics' }).click();
    const statistics = page.getByRole('tabpanel', { name: 'Statistics' });
    await expect(statistics.getByRole('term')).toContainText(['Followers', 'Following']);

    await page.goto('/forum?feed=following');
    await expect(card(page, `By the author ${word}`)).toBeVisible();
    // Another member's private post is in nobody's feed.
    await expect(card(page, `Kept private ${word}`)).toHaveCount(0);

    // One's own profile has no Follow button.
    await signIn(page, author);
    await page.goto(`/author/${author.id}`);
    await expect(page.getByTestId('follow-counts')).toHaveText('1 follower · 0 following');
    await expect(page.getByRole('button', { name: /^Follow/ })).toHaveCount(0);
  });

  test('a member follows a tag right beside it on a post; the toggle is a pressed button', async ({
    page,
    request,
  }) => {
    const author = await createUser(request, { prefix: 'fda' });
    const reader = await createUser(request, { prefix: 'fdr' });
    const tag = uniqueWord('tg');
    const postId = await createPost(request, author, { title: 'Beside the tag', tags: tag });

    // A visitor's tags are links only.
    await page.goto(`/forum/detail/${postId}`);
    const tags = page.getByRole('list', { name: 'Tags' });
    await expect(tags.getByRole('link', { name: `#${tag}` })).toHaveAttribute(
      'href',
      `/forum?tag=${tag}`,
    );
    await expect(tags.getByRole('button')).toHaveCount(0);

    await signIn(page, reader);
    await page.goto(`/forum/detail/${postId}`);
    const toggle = page.getByRole('button', { name: `Follow tag #${tag}` });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    // Keyboard: focus the toggle and press it with Space.
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(page.getByRole('button', { name: `Follow tag #${tag}` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const listed = await request.get('/api/v1/follows', {
      headers: { Authorization: `Bearer ${reader.token}` },
    });
    expect(((await listed.json()) as { tags: { tag: string }[] }).tags.map((t) => t.tag)).toEqual([
      tag,
    ]);
  });
});
