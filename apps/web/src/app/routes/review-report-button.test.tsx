import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@symposia/shared';
import { ToastHost } from '@/components/ui/toast/toast';
import { ReviewsSection } from '@/features/reviews/components/reviews-section';
import { makePostReviews, makeReview, reviewRoutes } from '@/features/reviews/testing/fixtures';
import { authStore } from '@/lib/auth-store';
import { changeLanguage } from '@/lib/i18n';
import { jsonResponse } from '@/testing/fetch-mock';
import { makeCurrentUser } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { ReviewReportButton } from './review-report-button';

const signed = makeReview({
  reviewer: { id: 'u-carol', username: 'carol', avatar: '' },
  response: {
    content: 'Fixed in revision 2',
    created_at: '2026-03-02T08:00:00.000Z',
    edited_at: null,
    hidden: false,
  },
});
const anonymous = makeReview({ reviewer: null, anonymous: true });
const mine = makeReview({ is_mine: true });

/** The post's reviews as the post detail composes them: Report on each, and on each response. */
function renderReviews() {
  const handlers = reviewRoutes('post-1', () => makePostReviews([signed, anonymous, mine]), {
    'POST /reports': () => jsonResponse({ id: 'report-1', status: 'open' }, 201),
  });
  renderWithProviders(
    <>
      <ReviewsSection
        postId="post-1"
        authorId="author"
        renderReviewActions={(review) => <ReviewReportButton review={review} />}
        renderResponseActions={(review) => (
          <ReviewReportButton review={review} responseBy={{ id: 'author', name: 'ada' }} />
        )}
      />
      <ToastHost />
    </>,
  );
  return handlers;
}

afterEach(async () => {
  await changeLanguage('en');
});

describe('Report on a review', () => {
  it("reports a review with the report dialog; never one's own; an anonymous one names nobody", async () => {
    act(() => authStore.signIn('token-1', makeCurrentUser({ id: 'me', username: 'me' })));
    const { requests } = renderReviews();

    const review = await screen.findByRole('article', { name: 'Review by carol' });
    await userEvent.click(
      within(review).getByRole('button', { name: 'Report the review by carol' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Report this review' });
    expect(dialog).toHaveTextContent('You are reporting the review by carol.');
    await userEvent.click(within(dialog).getByRole('radio', { name: /^Spam/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText(MESSAGES.reportSent)).toBeVisible();
    const sent = requests.find((request) => request.method === 'POST');
    expect(JSON.parse(String(sent!.body))).toEqual({
      target_type: 'review',
      target_id: signed.id,
      reason: 'spam',
      note: '',
    });

    const hidden = screen.getByRole('article', { name: 'Review by Anonymous reviewer' });
    expect(
      within(hidden).getByRole('button', { name: 'Report an anonymous review' }),
    ).toBeVisible();
    const own = screen.getByRole('article', { name: `Review by ${mine.reviewer!.username}` });
    expect(within(own).queryByRole('button', { name: /^Report/ })).not.toBeInTheDocument();
  });

  it("reports the author's response to a review with the same dialog; never the author", async () => {
    act(() => authStore.signIn('token-1', makeCurrentUser({ id: 'me', username: 'me' })));
    const { requests } = renderReviews();
    const review = await screen.findByRole('article', { name: 'Review by carol' });
    const response = within(review).getByTestId('review-response');
    await userEvent.click(
      within(response).getByRole('button', { name: 'Report the response by ada to a review' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Report this response' });
    expect(dialog).toHaveTextContent('You are reporting the response by ada to a review.');
    await userEvent.click(within(dialog).getByRole('radio', { name: /^Abuse/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText(MESSAGES.reportSent)).toBeVisible();
    const sent = requests.find((request) => request.method === 'POST');
    expect(JSON.parse(String(sent!.body))).toEqual({
      target_type: 'review_response',
      target_id: signed.id,
      reason: 'abuse',
      note: '',
    });
    // Only one review has a response: one Report on a response.
    expect(screen.getAllByTestId('review-response')).toHaveLength(1);
  });

  it('is not offered to the author on their own response, which they see marked once hidden', async () => {
    act(() => authStore.signIn('token-1', makeCurrentUser({ id: 'author', username: 'ada' })));
    const hidden = { ...signed, response: { ...signed.response!, hidden: true } };
    reviewRoutes('post-1', () => makePostReviews([hidden]));
    renderWithProviders(
      <ReviewsSection
        postId="post-1"
        authorId="author"
        renderResponseActions={(review) => (
          <ReviewReportButton review={review} responseBy={{ id: 'author', name: 'ada' }} />
        )}
      />,
    );
    const response = await screen.findByTestId('review-response');
    expect(within(response).getByTestId('hidden-by-moderators')).toBeVisible();
    expect(within(response).queryByRole('button', { name: /^Report/ })).not.toBeInTheDocument();
  });

  it('says it in Chinese', async () => {
    await changeLanguage('zh-CN');
    act(() => authStore.signIn('token-1', makeCurrentUser({ id: 'me', username: 'me' })));
    renderReviews();
    const review = await screen.findByRole('article', { name: /carol/ });
    await userEvent.click(within(review).getByRole('button', { name: '举报 carol 的评审' }));
    expect(await screen.findByRole('dialog', { name: '举报此评审' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(
      within(within(review).getByTestId('review-response')).getByRole('button', {
        name: '举报 ada 对评审的回应',
      }),
    );
    expect(await screen.findByRole('dialog', { name: '举报此回应' })).toBeVisible();
  });

  it('is not offered to visitors', async () => {
    renderReviews();
    await screen.findByRole('article', { name: 'Review by carol' });
    expect(screen.queryByRole('button', { name: /^Report/ })).not.toBeInTheDocument();
  });
});
