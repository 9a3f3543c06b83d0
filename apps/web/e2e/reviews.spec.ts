import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { createPost, createUser, uniqueWord, type TestUser } from './fixtures/posts';
import { ownServerPort, startOwnServer } from './fixtures/own-server';
import { installPhantom } from './fixtures/phantom';
import { PASSWORD, setLocalStorage, tokenViaApi, uniqueUsername } from './support';

/*
 * Peer review (issue 29) on the screens, against the real server, which this file starts itself:
 * the two trusted approvals that validate a post (REVIEW_VALIDATION_MIN) come from moderators here
 * (ADMIN_USERNAMES, named at a restart for accounts that exist), who count as trusted; a moderator
 * also offers a bounty from the operator's pool, which needs no earned balance.
 */

const port = ownServerPort(79);
test.use({ baseURL: `http://127.0.0.1:${port}` });

let server: Awaited<ReturnType<typeof startOwnServer>>;
let reviewers: TestUser[];

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  server = await startOwnServer(port, {
    // An awarded bounty is claimed at once, like a reward (e2e/rewards.spec.ts).
    REWARD_MIN_CLAIM_AGE_SECONDS: '0',
    REWARD_MIN_CLAIM: '1',
  });
  const request = await playwright.request.newContext({ baseURL: server.url });
  const names = [uniqueUsername('rev'), uniqueUsername('rev')];
  const ids: string[] = [];
  for (const username of names) {
    const registered = await request.post('/api/v1/auth/register', {
      form: { username, password: PASSWORD },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    ids.push(((await registered.json()) as { id: string }).id);
  }
  await server.restart({ ADMIN_USERNAMES: names.join(',') });
  reviewers = await Promise.all(
    names.map(async (username, index) => ({
      id: ids[index]!,
      username,
      token: await tokenViaApi(request, username),
    })),
  );
  await request.dispose();
});

test.afterAll(async () => {
  await server?.stop();
});

async function signIn(page: Page, user: TestUser) {
  if (page.url() !== 'about:blank') await page.evaluate(() => window.localStorage.clear());
  await setLocalStorage(page, { access_token: user.token });
}

const reviewsSection = (page: Page) => page.getByRole('region', { name: /^Reviews/ });

/** Writes a review through the form, with the keyboard for the rubric. */
async function writeReview(page: Page, summary: string) {
  await reviewsSection(page).getByRole('button', { name: 'Write a review' }).click();
  const dialog = page.getByRole('dialog', { name: 'Write a review' });
  for (const name of ['Soundness', 'Significance', 'Clarity', 'Reproducibility', 'Confidence']) {
    const group = dialog.getByRole('group', { name: new RegExp(`^${name}`) });
    await group.getByRole('radio', { name: '4' }).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowRight');
    await expect(group.getByRole('radio', { name: '5' })).toBeChecked();
  }
  await dialog.getByRole('radio', { name: /^Valid/ }).check();
  await dialog.getByRole('textbox', { name: 'Summary' }).fill(summary);
  await dialog.getByRole('textbox', { name: 'Strengths' }).fill('A proof for every case, $n^2$.');
  await dialog.getByRole('textbox', { name: 'Weaknesses' }).fill('The data are not published.');
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.locator('.katex').first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Publish review' }).click();
  await expect(dialog).toBeHidden();
}

async function cardStatus(page: Page, title: string) {
  await page.goto('/forum');
  return page.getByRole('article', { name: title }).getByTestId('review-status');
}

test.describe('peer review', () => {
  test('a member reviews a post, the author responds and posts a revision, a second trusted reviewer reviews, the card shows Validated', async ({
    page,
    request,
  }) => {
    const author = await createUser(request, { prefix: 'rauth' });
    const title = `Reviewed ${uniqueWord()}`;
    const id = await createPost(request, author, { title, content: 'Claim: it holds.' });

    // The first reviewer.
    await signIn(page, reviewers[0]!);
    await page.goto(`/forum/detail/${id}`);
    await expect(reviewsSection(page).getByText('No reviews yet.', { exact: false })).toBeVisible();
    await writeReview(page, 'Holds, with one gap.');
    const first = reviewsSection(page).getByRole('article', {
      name: `Review by ${reviewers[0]!.username}`,
    });
    await expect(first).toContainText('Holds, with one gap.');
    await expect(reviewsSection(page).getByTestId('review-status')).toHaveText('In review');

    // The author responds and revises the post.
    await signIn(page, author);
    await page.goto(`/forum/detail/${id}`);
    await first.getByRole('button', { name: 'Respond' }).click();
    const respond = page.getByRole('dialog', { name: 'Respond to this review' });
    await respond
      .getByRole('textbox', { name: 'Your response' })
      .fill('The gap is closed in revision 2.');
    await respond.getByRole('button', { name: 'Send response' }).click();
    await expect(first.getByTestId('review-response')).toContainText('closed in revision 2');

    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit post' });
    await edit.getByRole('textbox', { name: 'Content' }).fill('Claim: it holds, gap closed.');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(reviewsSection(page).getByText('Current revision: 2')).toBeVisible();

    // The first review was of revision 1: it no longer counts, so the status starts again.
    await expect(reviewsSection(page).getByTestId('review-status')).toHaveCount(0);
    await expect(first).toContainText('An earlier revision');

    // Two trusted reviewers approve the revision.
    await signIn(page, reviewers[1]!);
    await page.goto(`/forum/detail/${id}`);
    await writeReview(page, 'The revision closes the gap.');
    await expect(reviewsSection(page).getByTestId('review-status')).toHaveText('In review');

    await signIn(page, reviewers[0]!);
    await page.goto(`/forum/detail/${id}`);
    await writeReview(page, 'Confirmed on revision 2.');
    await expect(reviewsSection(page).getByTestId('review-status')).toHaveText('Validated');
    // The post's own badge, beside its author.
    await expect(page.locator('header').getByTestId('review-status')).toHaveText('Validated');
    // The section with its reviews, means and response has no serious accessibility violations.
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter(
      (violation) => violation.impact === 'serious' || violation.impact === 'critical',
    );
    expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);

    await expect(await cardStatus(page, title)).toHaveText('Validated');
    // The forum's filter finds it among the validated posts.
    await page
      .getByRole('group', { name: 'Filter by review status' })
      .getByRole('button', { name: 'Validated' })
      .click();
    await expect(page).toHaveURL(/review_status=validated/);
    await expect(page.getByRole('article', { name: title })).toBeVisible();
  });

  test('a bounty is offered, awarded, and the reviewer claims it', async ({ page, request }) => {
    const author = await createUser(request, { prefix: 'bauth' });
    const reviewer = await createUser(request, { prefix: 'brev' });
    const title = `Bountied ${uniqueWord()}`;
    const id = await createPost(request, author, { title, tags: 'bountytag' });
    const moderator = reviewers[0]!;

    // A moderator offers 3 tokens from the pool.
    await signIn(page, moderator);
    await page.goto(`/forum/detail/${id}`);
    await reviewsSection(page).getByRole('button', { name: 'Offer a bounty' }).click();
    const offer = page.getByRole('dialog', { name: 'Offer a bounty' });
    await offer.getByRole('textbox', { name: 'Amount (tokens)' }).fill('3');
    await offer.getByRole('radio', { name: 'The operator’s reward pool' }).check();
    await offer.getByRole('button', { name: 'Offer', exact: true }).click();
    await expect(offer).toBeHidden();
    await expect(reviewsSection(page).getByTestId('bounty')).toContainText('Open bounty: 3 tokens');

    // A member reviews it.
    await signIn(page, reviewer);
    await page.goto(`/forum/detail/${id}`);
    await expect(reviewsSection(page).getByTestId('bounty')).toContainText('Open bounty: 3 tokens');
    await writeReview(page, 'Worth the bounty.');

    // The moderator awards it to that review.
    await signIn(page, moderator);
    await page.goto(`/forum/detail/${id}`);
    const review = reviewsSection(page).getByRole('article', {
      name: `Review by ${reviewer.username}`,
    });
    await review.getByRole('button', { name: 'Award the bounty' }).click();
    await page
      .getByRole('alertdialog', { name: 'Award the bounty' })
      .getByRole('button', { name: 'Award', exact: true })
      .click();
    await expect(reviewsSection(page).getByTestId('bounty')).toContainText('Awarded to 1 review');

    // The reviewer is told, links a wallet and claims it on the Token page.
    await signIn(page, reviewer);
    const phantom = await installPhantom(page, { trusted: true });
    await page.goto('/');
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await expect(
      page
        .getByTestId('notification-panel')
        .getByText(/Your review was awarded a bounty of 3 tokens/),
    ).toBeVisible();
    await page.keyboard.press('Escape');
    await page.goto('/mypage');
    const linked = page.getByRole('main').getByRole('region', { name: 'Linked wallets' });
    await linked.getByRole('button', { name: 'Link this wallet' }).click();
    await expect(linked.getByTestId('linked-wallet')).toHaveText(new RegExp(phantom.address));
    await page.goto('/token');
    const card = page.getByRole('main').getByRole('region', { name: 'Your rewards' });
    await expect(card.getByTestId('rewards-claimable')).toHaveText('3 tokens');
    await card.getByRole('button', { name: 'Claim', exact: true }).click();
    await expect(card.getByRole('status', { name: 'Rewards claimed' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(card.getByTestId('rewards-claimable')).toHaveText('0 tokens');
  });

  test('the reviewer edits their review, the author rates it, and it shows on My Page and the reviewer’s profile', async ({
    page,
    request,
  }) => {
    const author = await createUser(request, { prefix: 'eauth' });
    const reviewer = await createUser(request, { prefix: 'erev' });
    const title = `Edited ${uniqueWord()}`;
    const id = await createPost(request, author, { title, content: 'Claim: it holds.' });

    // The reviewer writes, then edits in the same form; the new text shows at once.
    await signIn(page, reviewer);
    await page.goto(`/forum/detail/${id}`);
    await writeReview(page, 'First reading.');
    const review = reviewsSection(page).getByRole('article', {
      name: `Review by ${reviewer.username}`,
    });
    await expect(review).toContainText('First reading.');
    await review.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit your review' });
    const summary = edit.getByRole('textbox', { name: 'Summary' });
    await expect(summary).toHaveValue('First reading.');
    await summary.fill('Second reading: the gap is real.');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit).toBeHidden();
    await expect(review).toContainText('Second reading: the gap is real.');
    await expect(review).toContainText('edited');
    await expect(review).not.toContainText('First reading.');
    // Its proof: not anchored until its epoch's root is written.
    await review.getByRole('button', { name: 'Proof' }).click();
    await expect(review.getByTestId('review-proof')).toContainText(/Not anchored yet|Receipt CID/);

    // The post's author rates it with the keyboard; the rating stays after a reload.
    await signIn(page, author);
    await page.goto(`/forum/detail/${id}`);
    const rating = review.getByRole('group', { name: /^Rate this review’s helpfulness/ });
    await rating.getByRole('radio', { name: '3' }).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowRight');
    await expect(rating.getByRole('radio', { name: '4' })).toBeChecked();
    await page.reload();
    await expect(rating.getByRole('radio', { name: '4' })).toBeChecked();

    // My Page → Reviews lists it among the reviews written.
    await signIn(page, reviewer);
    await page.goto('/mypage');
    await page.getByRole('tab', { name: 'Reviews' }).click();
    const written = page.getByRole('region', { name: 'Reviews written' });
    await expect(written.getByRole('link', { name: title })).toBeVisible();
    await expect(written).toContainText('Second reading: the gap is real.');
    await expect(written).toContainText('The author rated this review 4 of 5');

    // Another member finds it on the reviewer's profile.
    await signIn(page, author);
    await page.goto(`/author/${reviewer.id}`);
    await page.getByRole('tab', { name: 'Reviews' }).click();
    const onProfile = page.getByRole('region', { name: 'Reviews written' });
    await expect(onProfile.getByRole('link', { name: title })).toBeVisible();
    await onProfile.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(new RegExp(`/forum/detail/${id}`));
  });

  test('the review queue lists a post asking for review with its open bounty, by tag', async ({
    page,
    request,
  }) => {
    const author = await createUser(request, { prefix: 'qauth' });
    const title = `Queued ${uniqueWord()}`;
    const id = await createPost(request, author, { title, tags: 'queuetag' });
    const offered = await request.post(`/api/v1/media/${id}/bounties`, {
      headers: { Authorization: `Bearer ${reviewers[1]!.token}` },
      data: { amount: '2000000000', from_pool: true },
    });
    expect(offered.status(), await offered.text()).toBe(201);

    // A reader, not the author: nobody is offered their own post to review.
    await signIn(page, await createUser(request, { prefix: 'qread' }));
    await page.goto('/reviews');
    await page.getByRole('textbox', { name: 'Tag' }).fill('#queuetag');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/reviews\?tag=queuetag$/);
    const queued = page.locator(`[data-post-id="${id}"]`);
    await expect(queued.getByTestId('queue-bounty')).toHaveText('Open bounty: 2 tokens');
    await queued.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(new RegExp(`/forum/detail/${id}`));
  });

  test("a member reports the author's response to a review; a moderator hides it; readers no longer see it", async ({
    page,
    request,
  }) => {
    const author = await createUser(request, { prefix: 'rsau' });
    const reviewer = await createUser(request, { prefix: 'rsre' });
    const reader = await createUser(request, { prefix: 'rsrd' });
    const word = uniqueWord();
    const title = `Answered ${word}`;
    const postId = await createPost(request, author, { title });
    const written = await request.post(`/api/v1/media/${postId}/reviews`, {
      headers: { Authorization: `Bearer ${reviewer.token}` },
      data: {
        soundness: 3,
        significance: 3,
        clarity: 3,
        reproducibility: 3,
        confidence: 3,
        recommendation: 'major_revisions',
        summary: `Needs work ${word}`,
        strengths: '',
        weaknesses: '',
      },
    });
    expect(written.status(), await written.text()).toBe(201);
    const { id: reviewId } = (await written.json()) as { id: string };
    const answered = await request.post(`/api/v1/reviews/${reviewId}/response`, {
      headers: { Authorization: `Bearer ${author.token}` },
      data: { content: `Cheap tokens at example.org ${word}` },
    });
    expect(answered.status(), await answered.text()).toBe(201);
    const responseOf = (scope: Page) =>
      scope
        .getByRole('article', { name: `Review by ${reviewer.username}` })
        .getByTestId('review-response');

    // The reader reports the response from the post, with the report dialog reviews use.
    await signIn(page, reader);
    await page.goto(`/forum/detail/${postId}`);
    await expect(responseOf(page)).toContainText(`Cheap tokens at example.org ${word}`);
    await responseOf(page)
      .getByRole('button', { name: `Report the response by ${author.username} to a review` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Report this response' });
    await dialog.getByRole('radio', { name: /^Spam/ }).check();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(
      page.getByText('Thank you. The moderators will look at your report.'),
    ).toBeVisible();

    // A moderator finds it in the queue, with its text and its post, and hides it.
    await signIn(page, reviewers[0]!);
    await page.goto('/moderation');
    const item = page.getByRole('article', { name: `Response to a review by ${author.username}` });
    await expect(item).toContainText(`Cheap tokens at example.org ${word}`);
    await expect(item).toContainText(title);
    await item.getByRole('button', { name: 'Hide' }).click();
    const hide = page.getByRole('dialog', {
      name: `Hide the response by ${author.username} to a review?`,
    });
    await hide.getByRole('textbox', { name: 'Note' }).fill('Advertising');
    await hide.getByRole('button', { name: 'Hide' }).click();
    await expect(page.getByText('1 report resolved.')).toBeVisible();
    await expect(item).toHaveCount(0);

    // The reader sees the review without it; its author sees it marked.
    await signIn(page, reader);
    await page.goto(`/forum/detail/${postId}`);
    await expect(
      page.getByRole('article', { name: `Review by ${reviewer.username}` }),
    ).toContainText(`Needs work ${word}`);
    await expect(responseOf(page)).toHaveCount(0);
    await expect(page.getByText(`Cheap tokens at example.org ${word}`)).toHaveCount(0);
    await signIn(page, author);
    await page.goto(`/forum/detail/${postId}`);
    await expect(responseOf(page).getByTestId('hidden-by-moderators')).toBeVisible();
    await expect(responseOf(page).getByRole('button', { name: /^Report/ })).toHaveCount(0);
  });
});
