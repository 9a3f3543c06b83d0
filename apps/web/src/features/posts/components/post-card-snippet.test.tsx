import { render as renderBare, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makePostListItem } from '../testing/fixtures';
import { PostCard } from './post-card';

/** Cards link their tags to the forum filtered by each: they render inside a router. */
const render = (ui: ReactElement) => renderBare(ui, { wrapper: MemoryRouter });

describe('PostCard in search results', () => {
  it('shows the snippet instead of the summary, the match highlighted, markup as text', () => {
    const post = makePostListItem({
      summary: 'The summary.',
      snippet: '…uses &lt;script&gt; to predict <mark>蛋白质</mark>结构 &amp; more',
    });
    const { container } = render(<PostCard post={post} onOpen={() => {}} />);

    const snippet = screen.getByTestId('search-snippet');
    expect(snippet).toHaveTextContent('…uses <script> to predict 蛋白质结构 & more');
    expect(snippet.querySelector('mark')).toHaveTextContent('蛋白质');
    expect(container.querySelector('script')).toBeNull();
    expect(screen.queryByText('The summary.')).toBeNull();
  });

  it('shows the summary outside searches', () => {
    render(<PostCard post={makePostListItem({ summary: 'The summary.' })} onOpen={() => {}} />);
    expect(screen.getByText('The summary.')).toBeInTheDocument();
    expect(screen.queryByTestId('search-snippet')).toBeNull();
  });
});
