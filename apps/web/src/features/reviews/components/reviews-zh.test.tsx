import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { changeLanguage } from '@/lib/i18n';
import { makeCurrentUser } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { makePostReviews, makeReview, reviewRoutes } from '../testing/fixtures';
import { ReviewsSection } from './reviews-section';

describe('the reviews section in Chinese', () => {
  it('labels the section, a review and the form in Chinese; names and texts stay as written', async () => {
    await changeLanguage('zh-CN');
    authStore.signIn('token-1', makeCurrentUser({ id: 'me', username: 'me' }));
    const review = makeReview({ summary: 'Sound argument', helpful_count: 3 });
    reviewRoutes('post-1', () => makePostReviews([review], { review_status: 'validated' }));
    renderWithProviders(<ReviewsSection postId="post-1" authorId="author" />);

    expect(await screen.findByRole('heading', { level: 2, name: '评审 (1 条评审)' })).toBeVisible();
    expect(screen.getByTestId('review-status')).toHaveTextContent('已验证');
    const item = screen.getByRole('article', { name: `${review.reviewer!.username} 的评审` });
    expect(within(item).getByTestId('review-recommendation')).toHaveTextContent('小修');
    expect(within(item).getByText('可靠性')).toBeVisible();
    expect(within(item).getByTestId('review-helpful')).toHaveTextContent('有帮助（3）');
    expect(within(item).getByText('Sound argument').closest('[translate="no"]')).not.toBeNull();

    await userEvent.click(screen.getByRole('button', { name: '撰写评审' }));
    const dialog = await screen.findByRole('dialog', { name: '撰写评审' });
    expect(within(dialog).getByRole('group', { name: /^可复现性/ })).toBeVisible();
    expect(within(dialog).getByRole('radio', { name: /^不成立/ })).toBeVisible();
    expect(within(dialog).getByLabelText('不足')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: '发布评审' })).toBeVisible();
  });
});
