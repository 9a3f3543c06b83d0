import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FORUM_PAGE_SIZE, MESSAGES } from '@symposia/shared';
import { jsonResponse, routeFetch, type RecordedRequest } from '@/testing/fetch-mock';
import { livePosts } from '@/lib/live-posts';
import { renderWithProviders } from '@/testing/render';
import { makePostListItem, makePosts } from '../testing/fixtures';
import { readForumScroll, writeForumScroll } from '../utils/scroll-memory';
import { PostGrid } from './post-grid';

const paramsOf = (request: RecordedRequest) =>
  Object.fromEntries(new URL(request.url, 'http://localhost').searchParams);

/** A server with `total` posts, answering skip/limit like the real one. */
function serveList(total: number) {
  const all = makePosts(total);
  return routeFetch({
    'GET /media/list': (request) => {
      const { skip = '0', limit = '12' } = paramsOf(request);
      return jsonResponse(all.slice(Number(skip), Number(skip) + Number(limit)));
    },
  });
}

const cards = () => screen.queryAllByRole('article');

beforeEach(() => {
  window.sessionStorage.clear();
});

describe('PostGrid', () => {
  it(`loads ${FORUM_PAGE_SIZE} posts a page and stops after a short page`, async () => {
    const { requests } = serveList(FORUM_PAGE_SIZE + 5);
    renderWithProviders(
      <PostGrid filter={{ search: 'codes', sort: 'likes_desc' }} forumUrl="/forum" />,
    );

    await waitFor(() => expect(cards()).toHaveLength(FORUM_PAGE_SIZE));
    expect(paramsOf(requests[0]!)).toEqual({
      skip: '0',
      limit: String(FORUM_PAGE_SIZE),
      sort_by: 'likes_desc',
      search: 'codes',
    });

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));

    await waitFor(() => expect(cards()).toHaveLength(FORUM_PAGE_SIZE + 5));
    expect(paramsOf(requests[1]!)).toMatchObject({ skip: String(FORUM_PAGE_SIZE) });
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('sends no sort_by and no search when there are none', async () => {
    const { requests } = serveList(2);
    renderWithProviders(<PostGrid filter={{ search: '' }} forumUrl="/forum" />);

    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(paramsOf(requests[0]!)).toEqual({ skip: '0', limit: String(FORUM_PAGE_SIZE) });
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('shows loading skeletons until the first page arrives', async () => {
    serveList(1);
    renderWithProviders(<PostGrid filter={{ search: '' }} forumUrl="/forum" />);

    expect(screen.getAllByTestId('post-skeleton').length).toBeGreaterThan(0);
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(screen.queryAllByTestId('post-skeleton')).toHaveLength(0);
  });

  it("says 'No posts found' and what was searched", async () => {
    serveList(0);
    renderWithProviders(<PostGrid filter={{ search: 'zebrafish' }} forumUrl="/forum" />);

    expect(await screen.findByText('No posts found')).toBeInTheDocument();
    expect(screen.getByText('zebrafish')).toBeInTheDocument();
  });

  it('suggests the same search without a word that stops it finding anything', async () => {
    routeFetch({
      'GET /media/list': () => jsonResponse([]),
      'GET /media/search-suggestions': () =>
        jsonResponse({ suggestions: [{ search: 'zebrafish', removed: 'heart' }] }),
    });
    renderWithProviders(<PostGrid filter={{ search: 'zebrafish heart' }} forumUrl="/forum" />);

    const suggestion = await screen.findByTestId('search-suggestion');
    expect(suggestion).toHaveTextContent('No results for “zebrafish heart”; try without ‘heart’');
    expect(within(suggestion).getByRole('link')).toHaveTextContent('without ‘heart’');
    expect(within(suggestion).getByRole('link')).toHaveAttribute('href', '/forum?search=zebrafish');
  });

  it(`shows '${MESSAGES.postListFailed}' with an empty list when the call fails`, async () => {
    routeFetch({ 'GET /media/list': () => jsonResponse({ detail: 'boom' }, 500) });
    renderWithProviders(<PostGrid filter={{ search: '' }} forumUrl="/forum" />);

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.postListFailed);
    expect(cards()).toHaveLength(0);
  });

  it('treats an answer that is not a list as empty, and logs it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    routeFetch({ 'GET /media/list': () => jsonResponse({ items: [] }) });
    renderWithProviders(<PostGrid filter={{ search: '' }} forumUrl="/forum" />);

    expect(await screen.findByText('No posts found')).toBeInTheDocument();
    expect(warn).toHaveBeenCalled();
  });

  it('opens a card in a new tab, telling the detail where to come back to', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    serveList(1);
    renderWithProviders(
      <PostGrid filter={{ search: 'a b' }} forumUrl="/forum?search=a+b&sort=time_asc" />,
    );

    await userEvent.click(await screen.findByText('Post 0'));

    expect(open).toHaveBeenCalledWith(
      `/forum/detail/post-0?from=${encodeURIComponent('/forum?search=a+b&sort=time_asc')}`,
      '_blank',
      'noopener',
    );
  });

  it('loads the pages the reader had, then scrolls back to where they were', async () => {
    writeForumScroll('/forum', { y: 1800, pages: 2 });
    const { requests } = serveList(FORUM_PAGE_SIZE * 3);
    renderWithProviders(<PostGrid filter={{ search: '' }} forumUrl="/forum" />);

    // Two pages of cards to render first: more than waitFor's default second on a busy machine.
    await waitFor(() => expect(window.scrollTo).toHaveBeenCalledWith(0, 1800));
    expect(cards()).toHaveLength(FORUM_PAGE_SIZE * 2);
    expect(requests).toHaveLength(2);
  });

  it('remembers the scroll position of its address', async () => {
    serveList(3);
    renderWithProviders(<PostGrid filter={{ search: 'x' }} forumUrl="/forum?search=x" />);
    await waitFor(() => expect(cards()).toHaveLength(3));

    Object.defineProperty(window, 'scrollY', { value: 420, configurable: true });
    fireEvent.scroll(window);

    await waitFor(() => expect(readForumScroll('/forum?search=x')).toEqual({ y: 420, pages: 1 }));
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });

  it('keeps the cards accessible by name', async () => {
    serveList(2);
    renderWithProviders(<PostGrid filter={{ search: '' }} forumUrl="/forum" />);
    const list = await screen.findByRole('list', { name: 'Post list' });
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(2));
    expect(within(list).getByRole('article', { name: 'Post 1' })).toBeInTheDocument();
  });

  describe('a post published meanwhile (issue 31)', () => {
    /** A server whose newest post is added later, as if just published. */
    function serveGrowingList() {
      const posts = makePosts(3);
      const fresh = makePostListItem({ id: 'fresh', title: 'Just published' });
      const server = routeFetch({
        'GET /media/list': (request) => {
          const { skip = '0', limit = '12' } = paramsOf(request);
          return jsonResponse(posts.slice(Number(skip), Number(skip) + Number(limit)));
        },
      });
      return { ...server, publish: () => posts.unshift(fresh) };
    }
    const newPosts = () => screen.queryByRole('button', { name: 'New posts — show' });

    it('shows at the top of the newest posts at once, without a button', async () => {
      const { requests, publish } = serveGrowingList();
      renderWithProviders(<PostGrid filter={{ search: '' }} forumUrl="/forum" />);
      await waitFor(() => expect(cards()).toHaveLength(3));

      publish();
      act(() => livePosts.published('fresh'));

      await waitFor(() => expect(cards()).toHaveLength(4));
      expect(cards()[0]).toHaveAccessibleName(/Just published/);
      expect(requests).toHaveLength(2);
      expect(newPosts()).not.toBeInTheDocument();
    });

    it('elsewhere (another sort) offers it; pressing reads the first page again', async () => {
      const { requests, publish } = serveGrowingList();
      renderWithProviders(
        <PostGrid filter={{ search: '', sort: 'likes_desc' }} forumUrl="/forum?sort=likes_desc" />,
      );
      await waitFor(() => expect(cards()).toHaveLength(3));

      publish();
      act(() => livePosts.published('fresh'));

      // The list does not move under the reader.
      expect(await screen.findByRole('button', { name: 'New posts — show' })).toBeVisible();
      expect(requests).toHaveLength(1);
      expect(cards()).toHaveLength(3);

      await userEvent.click(newPosts()!);
      await waitFor(() => expect(cards()).toHaveLength(4));
      expect(paramsOf(requests[1]!)).toMatchObject({ skip: '0', sort_by: 'likes_desc' });
      expect(newPosts()).not.toBeInTheDocument();
      expect(screen.getByRole('region', { name: 'Posts' })).toHaveFocus();
    });
  });
});
