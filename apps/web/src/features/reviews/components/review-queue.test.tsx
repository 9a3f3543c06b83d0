import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { jsonResponse, routeFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import { makePostListItem } from '@/features/posts/testing/fixtures';
import { makeBounty } from '../testing/bounties';
import { ReviewQueue } from './review-queue';

function Harness() {
  const [tag, setTag] = useState('');
  return <ReviewQueue key={tag} tag={tag} onTagChange={setTag} />;
}

describe('ReviewQueue', () => {
  it('lists posts asking for review with their open bounties, and filters by a tag', async () => {
    const { requests } = routeFetch({
      'GET /reviews/open': (request) => {
        const tag = new URL(request.url, 'http://x').searchParams.get('tag');
        return jsonResponse(
          tag === 'nothing'
            ? { items: [], next_cursor: null }
            : {
                items: [
                  {
                    post: makePostListItem({
                      id: 'p1',
                      title: 'Codes',
                      review_status: 'in_review',
                    }),
                    bounties: [makeBounty({ post_id: 'p1' })],
                  },
                ],
                next_cursor: null,
              },
        );
      },
    });
    renderWithProviders(<Harness />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the review queue…');
    const list = await screen.findByRole('list', { name: 'Review queue' });
    expect(within(list).getByRole('link', { name: 'Codes' })).toHaveAttribute(
      'href',
      '/forum/detail/p1',
    );
    expect(within(list).getByTestId('queue-bounty')).toHaveTextContent('Open bounty: 5 tokens');
    expect(within(list).getByTestId('review-status')).toHaveTextContent('In review');

    await userEvent.type(screen.getByLabelText('Tag'), '#nothing{Enter}');
    expect(await screen.findByText('No post is waiting for review.')).toBeVisible();
    expect(requests.at(-1)?.url).toContain('tag=nothing');
  });

  it('shows a failure with Retry, in Chinese', async () => {
    await changeLanguage('zh-CN');
    routeFetch({ 'GET /reviews/open': () => jsonResponse({ detail: 'Boom' }, 500) });
    renderWithProviders(<Harness />);
    expect(await screen.findByRole('alert')).toHaveTextContent('加载待评审列表失败。');
    expect(screen.getByRole('heading', { level: 1, name: '待评审' })).toBeVisible();
    expect(screen.getByRole('button', { name: '重试' })).toBeVisible();
  });
});
