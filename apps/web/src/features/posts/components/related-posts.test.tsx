import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { RelatedPost } from '@symposia/shared';
import { relatedPostsQueryKey } from '../api/get-related-posts';
import { RelatedPosts } from './related-posts';

function renderWith(related: RelatedPost[]) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData(relatedPostsQueryKey('p1'), related);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <RelatedPosts postId="p1" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('RelatedPosts', () => {
  it('lists related posts as links with title, author and thumbnail', () => {
    renderWith([
      {
        id: 'p2',
        title: '蛋白质结构预测',
        user_id: 'u1',
        user_name: 'li_wen',
        user_avatar: '',
        media_type: 'image',
        thumbnail: '/ipfs/bafy-card',
      },
      {
        id: 'p3',
        title: 'Notes',
        user_id: 'u2',
        user_name: 'ada',
        user_avatar: '',
        media_type: 'document',
        thumbnail: null,
      },
    ]);
    const section = screen.getByRole('region', { name: 'Related' });
    const links = section.querySelectorAll('a');
    expect(links).toHaveLength(2);
    expect(links[0]).toHaveAttribute('href', '/forum/detail/p2');
    expect(links[0]).toHaveTextContent('蛋白质结构预测');
    expect(links[0]).toHaveTextContent('li_wen');
    expect(links[0]?.querySelector('img[src="/ipfs/bafy-card"]')).not.toBeNull();
  });

  it('takes no room when there are none', () => {
    const { container } = renderWith([]);
    expect(container).toBeEmptyDOMElement();
  });
});
