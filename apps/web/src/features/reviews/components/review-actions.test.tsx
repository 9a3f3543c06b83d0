import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { changeLanguage } from '@/lib/i18n';
import { jsonResponse } from '@/testing/fetch-mock';
import { makeCurrentUser } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { makePostReviews, makeReview, reviewRoutes } from '../testing/fixtures';
import { ReviewsSection } from './reviews-section';

const bodyOf = (body: unknown) => JSON.parse(String(body)) as Record<string, unknown>;

const PROOF = {
  cid: 'QmReceiptCid',
  leaf: 'a'.repeat(64),
  path: [],
  root: 'b'.repeat(64),
  epoch_id: 3,
  signature: '5igSignature',
  cluster: 'embedded',
};

describe("a review's actions", () => {
  it('the reviewer edits their review in the review form, filled with what they wrote', async () => {
    authStore.signIn('token-1', makeCurrentUser({ id: 'me', username: 'me' }));
    let review = makeReview({ id: 'r1', is_mine: true, summary: 'First take' });
    const { requests } = reviewRoutes('post-1', () => makePostReviews([review]), {
      'PATCH /reviews/r1': (request) => {
        review = { ...review, ...bodyOf(request.body), edited_at: '2026-03-02T08:00:00.000Z' };
        return jsonResponse(review);
      },
    });
    renderWithProviders(<ReviewsSection postId="post-1" authorId="author" />);
    const item = await screen.findByRole('article', { name: /Review by/ });
    // Their own review: edited, not written again.
    expect(screen.queryByRole('button', { name: 'Write a review' })).toBeNull();
    await userEvent.click(within(item).getByRole('button', { name: 'Edit' }));

    const dialog = await screen.findByRole('dialog', { name: 'Edit your review' });
    const summary = within(dialog).getByLabelText(/^Summary/);
    expect(summary).toHaveValue('First take');
    expect(within(dialog).getByRole('radio', { name: /^Minor revisions/ })).toBeChecked();
    await userEvent.clear(summary);
    await userEvent.type(summary, 'Second take');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await within(item).findByText('Second take')).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    const sent = bodyOf(requests.find((r) => r.method === 'PATCH')!.body);
    expect(sent).toMatchObject({
      summary: 'Second take',
      soundness: 4,
      recommendation: 'minor_revisions',
    });
  });

  it('an edit the server refuses keeps the form open with the problem under its field', async () => {
    authStore.signIn('token-1', makeCurrentUser({ id: 'me', username: 'me' }));
    const review = makeReview({ id: 'r1', is_mine: true });
    reviewRoutes('post-1', () => makePostReviews([review]), {
      'PATCH /reviews/r1': () =>
        jsonResponse(
          {
            detail: 'summary: Must not be empty',
            errors: [{ field: 'summary', message: 'Must not be empty' }],
          },
          422,
        ),
    });
    renderWithProviders(<ReviewsSection postId="post-1" authorId="author" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit your review' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Must not be empty')).toBeVisible();
    expect(within(dialog).getByText(/Failed to save the review/)).toBeVisible();
  });

  it('the reviewer deletes their review after confirming; nobody else is offered either', async () => {
    authStore.signIn('token-1', makeCurrentUser({ id: 'me', username: 'me' }));
    const mine = makeReview({ id: 'r1', is_mine: true });
    const theirs = makeReview({ id: 'r2' });
    let items = [mine, theirs];
    const { requests } = reviewRoutes('post-1', () => makePostReviews(items), {
      'DELETE /reviews/r1': () => {
        items = [theirs];
        return new Response(null, { status: 204 });
      },
    });
    renderWithProviders(<ReviewsSection postId="post-1" authorId="author" />);
    const [own, other] = await screen.findAllByRole('article', { name: /Review by/ });
    expect(within(other!).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(other!).queryByRole('button', { name: 'Delete' })).toBeNull();

    await userEvent.click(within(own!).getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete your review?' });
    // Cancel first: nothing is sent.
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);

    await userEvent.click(within(own!).getByRole('button', { name: 'Delete' }));
    await userEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() =>
      expect(screen.getAllByRole('article', { name: /Review by/ })).toHaveLength(1),
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual([
      expect.stringContaining('/reviews/r1'),
    ]);
  });

  it('a review of an earlier revision is deleted, not edited', async () => {
    authStore.signIn('token-1', makeCurrentUser({ id: 'me', username: 'me' }));
    reviewRoutes('post-1', () =>
      makePostReviews([makeReview({ is_mine: true, current: false })], { current_revision: 2 }),
    );
    renderWithProviders(<ReviewsSection postId="post-1" authorId="author" />);
    const item = await screen.findByRole('article', { name: /Review by/ });
    expect(within(item).getByRole('button', { name: 'Delete' })).toBeVisible();
    expect(within(item).queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('the post author rates a review 1 to 5 with the keyboard', async () => {
    authStore.signIn('token-1', makeCurrentUser({ id: 'author', username: 'author' }));
    const review = makeReview({ id: 'r1' });
    const { requests } = reviewRoutes('post-1', () => makePostReviews([review]), {
      'POST /reviews/r1/rating': (request) =>
        jsonResponse({ author_rating: bodyOf(request.body).rating }),
    });
    renderWithProviders(<ReviewsSection postId="post-1" authorId="author" />);
    const group = await screen.findByRole('group', { name: /^Rate this review’s helpfulness/ });
    expect(within(group).getAllByRole('radio')).toHaveLength(5);
    within(group).getByRole('radio', { name: '3' }).focus();
    await userEvent.keyboard(' ');
    expect(await within(group).findByRole('radio', { name: '3' })).toBeChecked();
    await userEvent.keyboard('{ArrowRight}');
    expect(await within(group).findByRole('radio', { name: '4' })).toBeChecked();
    const sent = requests.filter((r) => r.method === 'POST').map((r) => bodyOf(r.body));
    expect(sent).toEqual([{ rating: 3 }, { rating: 4 }]);
  });

  it('a reader is not offered the rating', async () => {
    authStore.signIn('token-1', makeCurrentUser({ id: 'me', username: 'me' }));
    reviewRoutes('post-1', () => makePostReviews([makeReview({ author_rating: 4 })]));
    renderWithProviders(<ReviewsSection postId="post-1" authorId="author" />);
    expect(await screen.findByText('The author rated this review 4 of 5')).toBeVisible();
    expect(screen.queryByRole('group', { name: /^Rate this review/ })).toBeNull();
  });

  it('Proof shows the anchored receipt, or that it is not anchored yet', async () => {
    const anchored = makeReview({ id: 'r1' });
    const waiting = makeReview({ id: 'r2' });
    const { requests } = reviewRoutes('post-1', () => makePostReviews([anchored, waiting]), {
      'GET /reviews/r1/proof': () => jsonResponse(PROOF),
      'GET /reviews/r2/proof': () => jsonResponse({ detail: 'Review not found' }, 404),
    });
    renderWithProviders(<ReviewsSection postId="post-1" authorId="author" />);
    const [first, second] = await screen.findAllByRole('article', { name: /Review by/ });
    // Nothing is asked until the reader opens it.
    expect(requests.some((r) => r.url.includes('/proof'))).toBe(false);

    const open = within(first!).getByRole('button', { name: 'Proof' });
    await userEvent.click(open);
    expect(open).toHaveAttribute('aria-expanded', 'true');
    const proof = await within(first!).findByTestId('review-proof');
    expect(await within(proof).findByText(PROOF.cid)).toBeVisible();
    expect(within(proof).getByText(PROOF.root)).toBeVisible();
    expect(within(proof).getByText(PROOF.signature)).toBeVisible();
    expect(within(proof).getByText('Merkle root')).toBeVisible();

    await userEvent.click(within(second!).getByRole('button', { name: 'Proof' }));
    expect(await within(second!).findByText('Not anchored yet')).toBeVisible();
  });

  it('speaks Chinese', async () => {
    await changeLanguage('zh-CN');
    authStore.signIn('token-1', makeCurrentUser({ id: 'me', username: 'me' }));
    reviewRoutes('post-1', () => makePostReviews([makeReview({ id: 'r1', is_mine: true })]), {
      'GET /reviews/r1/proof': () => jsonResponse({ detail: 'Review not found' }, 404),
    });
    renderWithProviders(<ReviewsSection postId="post-1" authorId="author" />);
    const item = await screen.findByRole('article', { name: /的评审$/ });
    await userEvent.click(within(item).getByRole('button', { name: '证明' }));
    expect(await within(item).findByText('尚未上链')).toBeVisible();
    await userEvent.click(within(item).getByRole('button', { name: '删除' }));
    expect(screen.getByRole('alertdialog', { name: '删除你的评审？' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: '取消' }));
    await userEvent.click(within(item).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog', { name: '编辑你的评审' });
    expect(within(dialog).getByRole('button', { name: '保存修改' })).toBeVisible();
  });
});
