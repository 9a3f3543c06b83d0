import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { UserReview, UserReviewList } from '@symposia/shared';
import { paths } from '@/config/paths';
import { authStore } from '@/lib/auth-store';
import { changeLanguage } from '@/lib/i18n';
import { jsonResponse, routeFetch } from '@/testing/fetch-mock';
import { makeCurrentUser } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { makeReview } from '../testing/fixtures';
import { AuthorReviewsPanel, MyReviewsPanel } from './member-reviews';

const reviewOf = (title: string, overrides: Partial<UserReview> = {}): UserReview => ({
  ...makeReview({ summary: `About ${title}` }),
  post: { id: `post-${title.replaceAll(' ', '-')}`, title },
  ...overrides,
});

const page = (items: UserReview[], more: Partial<UserReviewList> = {}): UserReviewList => ({
  items,
  next_cursor: null,
  helpful_total: null,
  ...more,
});

const kindOf = (url: string) => new URL(url, 'http://localhost').searchParams.get('kind');
const cursorOf = (url: string) => new URL(url, 'http://localhost').searchParams.get('cursor');

describe("a member's reviews", () => {
  it('My Page lists the reviews written, with their helpfulness, and received; Load more pages on', async () => {
    authStore.signIn('token-1', makeCurrentUser({ id: 'me', username: 'me' }));
    const first = reviewOf('Prime gaps', { helpful_count: 2 });
    const veiled = reviewOf('Knots', { anonymous: true, is_mine: true });
    const older = reviewOf('Old claim');
    const received = reviewOf('My theorem', { reviewer: null, anonymous: true });
    const { requests } = routeFetch({
      'GET /users/me/reviews': (request) => {
        if (kindOf(request.url) === 'received') return jsonResponse(page([received]));
        return jsonResponse(
          cursorOf(request.url) === 'c1'
            ? page([older], { helpful_total: 3 })
            : page([first, veiled], { next_cursor: 'c1', helpful_total: 3 }),
        );
      },
    });
    renderWithProviders(<MyReviewsPanel userId="me" />);

    const written = await screen.findByRole('region', { name: 'Reviews written' });
    expect(await within(written).findByTestId('helpful-total')).toHaveTextContent(
      'Marked helpful 3 times',
    );
    const link = within(written).getByRole('link', { name: 'Prime gaps' });
    expect(link).toHaveAttribute('href', paths.postDetail.href('post-Prime-gaps'));
    expect(link.querySelector('[translate="no"]')).not.toBeNull();
    expect(within(written).getByText('Helpful (2)', { exact: false })).toBeVisible();
    expect(within(written).getByText(/published anonymously/)).toBeVisible();

    await userEvent.click(within(written).getByRole('button', { name: 'Load more' }));
    expect(await within(written).findByRole('link', { name: 'Old claim' })).toBeVisible();
    expect(within(written).queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(requests.map((r) => cursorOf(r.url))).toContain('c1');

    const got = screen.getByRole('region', { name: 'Reviews received' });
    expect(await within(got).findByRole('link', { name: 'My theorem' })).toBeVisible();
    expect(within(got).getByText(/Anonymous reviewer/)).toBeVisible();
    // What they received says nothing of helpfulness.
    expect(within(got).queryByTestId('helpful-total')).toBeNull();
  });

  it('says when there are none, and shows a failure with Retry', async () => {
    authStore.signIn('token-1', makeCurrentUser({ id: 'me', username: 'me' }));
    let fail = true;
    routeFetch({
      'GET /users/me/reviews': (request) => {
        if (kindOf(request.url) === 'written' && fail) {
          return jsonResponse({ detail: 'Boom' }, 500);
        }
        return jsonResponse(page([]));
      },
    });
    renderWithProviders(<MyReviewsPanel userId="me" />);
    const written = screen.getByRole('region', { name: 'Reviews written' });
    expect(within(written).getByText('Loading reviews…')).toBeVisible();
    expect(await within(written).findByRole('alert')).toHaveTextContent(
      'Failed to load the reviews.',
    );
    const got = screen.getByRole('region', { name: 'Reviews received' });
    expect(await within(got).findByText('None yet.')).toBeVisible();
    expect(within(got).getByText('Reviews of your posts are listed here.')).toBeVisible();

    fail = false;
    await userEvent.click(within(written).getByRole('button', { name: 'Retry' }));
    expect(await within(written).findByText('None yet.')).toBeVisible();
  });

  it('the author profile lists the reviews written; no helpfulness when statistics are private', async () => {
    authStore.signIn('token-1', makeCurrentUser({ id: 'me', username: 'me' }));
    const { requests } = routeFetch({
      'GET /users/ada/reviews': () => jsonResponse(page([reviewOf('Prime gaps')])),
    });
    renderWithProviders(<AuthorReviewsPanel userId="ada" />);
    const written = screen.getByRole('region', { name: 'Reviews written' });
    expect(await within(written).findByRole('link', { name: 'Prime gaps' })).toBeVisible();
    expect(within(written).queryByTestId('helpful-total')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Reviews received' })).toBeNull();
    expect(requests.map((r) => kindOf(r.url))).toEqual(['written']);
  });

  it('speaks Chinese', async () => {
    await changeLanguage('zh-CN');
    authStore.signIn('token-1', makeCurrentUser({ id: 'me', username: 'me' }));
    routeFetch({
      'GET /users/ada/reviews': () =>
        jsonResponse(page([reviewOf('Prime gaps', { helpful_count: 1 })], { helpful_total: 4 })),
    });
    renderWithProviders(<AuthorReviewsPanel userId="ada" />);
    const written = screen.getByRole('region', { name: '写过的评审' });
    expect(await within(written).findByTestId('helpful-total')).toHaveTextContent(
      '被标记有帮助 4 次',
    );
    expect(within(written).getByText(/有帮助（1）/)).toBeVisible();
    expect(within(written).getByText('小修')).toBeVisible();
  });
});
