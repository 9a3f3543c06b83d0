import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { jsonResponse } from '@/testing/fetch-mock';
import { makeCurrentUser } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { makePostReviews, makeReview, reviewRoutes } from '../testing/fixtures';
import { ReviewsSection } from './reviews-section';

const bodyOf = (body: unknown) => JSON.parse(String(body)) as Record<string, unknown>;

describe('ReviewsSection', () => {
  it('shows the status, the mean scores and each review with its parts', async () => {
    const review = makeReview({
      helpful_count: 2,
      receipt_cid: 'bafyreceipt',
      response: {
        content: 'Fixed in revision 2',
        created_at: '2026-03-02T08:00:00.000Z',
        edited_at: null,
        hidden: false,
      },
    });
    const anonymous = makeReview({ reviewer: null, anonymous: true, current: false });
    reviewRoutes('post-1', () => makePostReviews([review, anonymous]));
    renderWithProviders(<ReviewsSection postId="post-1" authorId="author" />);

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Reviews (2 reviews)' }),
    ).toBeVisible();
    expect(screen.getByTestId('review-status')).toHaveTextContent('In review');
    expect(screen.getByTestId('mean-scores')).toHaveTextContent('Soundness4.0');
    const item = screen.getByRole('article', { name: `Review by ${review.reviewer!.username}` });
    expect(within(item).getByTestId('review-recommendation')).toHaveTextContent('Minor revisions');
    expect(within(item).getByText('Clarity').nextSibling).toHaveTextContent('5/5');
    expect(within(item).getByTestId('review-helpful')).toHaveTextContent('Helpful (2)');
    expect(within(item).getByTestId('review-response')).toHaveTextContent('Fixed in revision 2');
    expect(within(item).getByRole('link', { name: /bafyreceipt/ })).toHaveAttribute(
      'href',
      '/ipfs/bafyreceipt',
    );
    // The reviewer's name is theirs, never translated.
    expect(
      within(item).getByText(review.reviewer!.username).closest('[translate="no"]'),
    ).not.toBeNull();
    const hiddenName = screen.getByRole('article', { name: 'Review by Anonymous reviewer' });
    expect(hiddenName).toHaveTextContent('An earlier revision');
  });

  it('says when there are none, and shows a failure with Retry', async () => {
    let fail = true;
    reviewRoutes('post-1', () => makePostReviews([]), {
      'GET /media/post-1/reviews': () =>
        fail ? jsonResponse({ detail: 'Boom' }, 500) : jsonResponse(makePostReviews([])),
    });
    renderWithProviders(<ReviewsSection postId="post-1" authorId="author" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load reviews.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByText('No reviews yet. Be the first to review this post.'),
    ).toBeVisible();
    expect(screen.queryByTestId('review-status')).toBeNull();
  });

  it('toggles Helpful and shows the new count', async () => {
    authStore.signIn('token-1', makeCurrentUser({ id: 'me', username: 'me' }));
    const review = makeReview({ id: 'r1', helpful_count: 1 });
    const { requests } = reviewRoutes('post-1', () => makePostReviews([review]), {
      'POST /reviews/r1/helpful': () => jsonResponse({ helpful: true, helpful_count: 2 }),
    });
    renderWithProviders(<ReviewsSection postId="post-1" authorId="author" />);
    const button = await screen.findByTestId('review-helpful');
    await userEvent.click(button);
    expect(await screen.findByText('Helpful (2)')).toHaveAttribute('aria-pressed', 'true');
    expect(requests.some((r) => r.method === 'POST' && r.url.endsWith('/reviews/r1/helpful'))).toBe(
      true,
    );
  });

  it('the post author responds to a review, by keyboard', async () => {
    authStore.signIn('token-1', makeCurrentUser({ id: 'author', username: 'author' }));
    const review = makeReview({ id: 'r1' });
    let answered = makePostReviews([review]);
    const { requests } = reviewRoutes('post-1', () => answered, {
      'POST /reviews/r1/response': (request) => {
        const { content } = bodyOf(request.body) as { content: string };
        const response = {
          content,
          created_at: '2026-03-02T08:00:00.000Z',
          edited_at: null,
          hidden: false,
        };
        answered = makePostReviews([{ ...review, response }]);
        return jsonResponse(response, 201);
      },
    });
    renderWithProviders(<ReviewsSection postId="post-1" authorId="author" />);
    expect(await screen.findByText('You wrote this post: others review it.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Write a review' })).toBeNull();

    await userEvent.click(await screen.findByRole('button', { name: 'Respond' }));
    const dialog = screen.getByRole('dialog', { name: 'Respond to this review' });
    await userEvent.type(within(dialog).getByLabelText('Your response'), 'Thanks, see revision 2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send response' }));
    expect(await screen.findByTestId('review-response')).toHaveTextContent(
      'Thanks, see revision 2',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(bodyOf(requests.find((r) => r.method === 'POST')!.body)).toEqual({
      content: 'Thanks, see revision 2',
    });
  });
});
