import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { changeLanguage } from '@/lib/i18n';
import { jsonResponse } from '@/testing/fetch-mock';
import { makeCurrentUser } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { makeBounty } from '../testing/bounties';
import { makePostReviews, makeReview, reviewRoutes } from '../testing/fixtures';
import { ReviewsSection } from './reviews-section';

const bodyOf = (body: unknown) => JSON.parse(String(body)) as Record<string, unknown>;

describe('bounties on the reviews section', () => {
  it('offers a bounty in tokens, sent in units; a 422 shows under its field', async () => {
    authStore.signIn('token-1', makeCurrentUser({ id: 'sponsor', username: 'sponsor' }));
    let bounties: ReturnType<typeof makeBounty>[] = [];
    let refuse = true;
    const { requests } = reviewRoutes('post-1', () => makePostReviews([]), {
      'GET /media/post-1/bounties': () => jsonResponse({ items: bounties }),
      'POST /media/post-1/bounties': (request) => {
        if (refuse) {
          refuse = false;
          return jsonResponse(
            {
              detail: 'max_awards: Must be at most 20',
              errors: [{ field: 'max_awards', message: 'Must be at most 20' }],
            },
            422,
          );
        }
        bounties = [makeBounty({ amount: String(bodyOf(request.body).amount) })];
        return jsonResponse(bounties[0], 201);
      },
    });
    renderWithProviders(<ReviewsSection postId="post-1" authorId="author" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Offer a bounty' }));
    const dialog = await screen.findByRole('dialog', { name: 'Offer a bounty' });
    await userEvent.type(within(dialog).getByLabelText('Amount (tokens)'), '2.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Offer' }));
    expect(await within(dialog).findByText('Must be at most 20')).toBeVisible();
    expect(within(dialog).getByLabelText(/Reviews to reward/)).toHaveAttribute(
      'aria-invalid',
      'true',
    );

    await userEvent.click(within(dialog).getByRole('button', { name: 'Offer' }));
    expect(await screen.findByTestId('bounty')).toHaveTextContent('Open bounty: 2.5 tokens');
    expect(screen.queryByRole('dialog')).toBeNull();
    const sent = requests.filter((r) => r.method === 'POST').map((r) => bodyOf(r.body));
    expect(sent[1]).toEqual({ amount: '2500000000' });
  });

  it('refuses an amount that is no number without asking the server', async () => {
    authStore.signIn('token-1', makeCurrentUser({ id: 'sponsor', username: 'sponsor' }));
    const { requests } = reviewRoutes('post-1', () => makePostReviews([]));
    renderWithProviders(<ReviewsSection postId="post-1" authorId="author" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Offer a bounty' }));
    const dialog = await screen.findByRole('dialog', { name: 'Offer a bounty' });
    await userEvent.type(within(dialog).getByLabelText('Amount (tokens)'), 'lots');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Offer' }));
    expect(within(dialog).getByLabelText('Amount (tokens)')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(
      within(dialog).getByText('Enter a number of tokens greater than zero, e.g. 2.5.'),
    ).toBeVisible();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('the offerer awards their open bounty to a review', async () => {
    authStore.signIn('token-1', makeCurrentUser({ id: 'sponsor', username: 'sponsor' }));
    const review = makeReview({ id: 'r1' });
    let bounty = makeBounty({ may_award: true });
    const { requests } = reviewRoutes('post-1', () => makePostReviews([review]), {
      'GET /media/post-1/bounties': () => jsonResponse({ items: [bounty] }),
      'POST /bounties/bounty-1/award': () => {
        bounty = makeBounty({
          status: 'closed',
          awarded: [{ review_id: 'r1', amount: bounty.amount, awarded_at: bounty.created_at }],
        });
        return jsonResponse(bounty);
      },
    });
    renderWithProviders(<ReviewsSection postId="post-1" authorId="author" />);
    const item = await screen.findByRole('article', { name: /Review by/ });
    await userEvent.click(await within(item).findByRole('button', { name: 'Award the bounty' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Award the bounty' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Award' }));
    expect(await screen.findByText(/Awarded to 1 review/)).toBeVisible();
    expect(screen.getByTestId('bounty')).toHaveTextContent('Closed bounty: 5 tokens');
    expect(within(item).queryByRole('button', { name: 'Award the bounty' })).toBeNull();
    expect(bodyOf(requests.find((r) => r.method === 'POST')!.body)).toEqual({
      review_ids: ['r1'],
    });
  });

  it('offers Award only where the server says the reader may award', async () => {
    // The offerer by name, but past the deadline: the server says no, so no Award is offered.
    authStore.signIn('token-1', makeCurrentUser({ id: 'sponsor', username: 'sponsor' }));
    reviewRoutes('post-1', () => makePostReviews([makeReview({ id: 'r1' })]), {
      'GET /media/post-1/bounties': () => jsonResponse({ items: [makeBounty()] }),
    });
    renderWithProviders(<ReviewsSection postId="post-1" authorId="author" />);
    const item = await screen.findByRole('article', { name: /Review by/ });
    expect(await screen.findByTestId('bounty')).toBeVisible();
    expect(within(item).queryByRole('button', { name: 'Award the bounty' })).toBeNull();
  });

  it('a moderator may award a bounty someone else offered when the server says so', async () => {
    authStore.signIn('token-1', makeCurrentUser({ id: 'mod', username: 'mod', role: 'moderator' }));
    reviewRoutes('post-1', () => makePostReviews([makeReview({ id: 'r1' })]), {
      'GET /media/post-1/bounties': () =>
        jsonResponse({ items: [makeBounty({ may_award: true })] }),
    });
    renderWithProviders(<ReviewsSection postId="post-1" authorId="author" />);
    const item = await screen.findByRole('article', { name: /Review by/ });
    expect(await within(item).findByRole('button', { name: 'Award the bounty' })).toBeVisible();
  });

  it('speaks Chinese', async () => {
    await changeLanguage('zh-CN');
    reviewRoutes('post-1', () => makePostReviews([]), {
      'GET /media/post-1/bounties': () => jsonResponse({ items: [makeBounty()] }),
    });
    renderWithProviders(<ReviewsSection postId="post-1" authorId="author" />);
    expect(await screen.findByTestId('bounty')).toHaveTextContent('进行中的悬赏：5 代币');
    expect(screen.getByRole('button', { name: '悬赏评审' })).toBeVisible();
  });
});
