import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES, type LikeResult, type PostDetail } from '@symposia/shared';
import { ToastHost } from '@/components/ui/toast/toast';
import { authStore } from '@/lib/auth-store';
import { jsonResponse, routeFetch } from '@/testing/fetch-mock';
import { makeCurrentUser } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { usePost } from '../api/get-post';
import { makePostDetail } from '../testing/fixtures';
import { PostDetailView } from './post-detail-view';

function Detail({ onBack = () => {} }: { onBack?: () => void }) {
  const query = usePost('post-1');
  return query.data ? <PostDetailView post={query.data} onBack={onBack} /> : null;
}

function renderDetail(post: PostDetail, like: () => Response | Promise<Response>) {
  const handlers = routeFetch({
    'GET /media/post-1': () => jsonResponse(post),
    'POST /media/post-1/like': like,
  });
  renderWithProviders(
    <>
      <Detail />
      <ToastHost />
    </>,
  );
  return handlers;
}

const likeButton = () => screen.getByRole('button', { name: /likes?$/ });

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('PostDetailView', () => {
  it('shows the post: author link, China time, content by lines, tags with #', async () => {
    renderDetail(
      makePostDetail({
        title: 'Surface codes',
        'author id': 'u-7',
        'author name': 'Ada Lovelace',
        timestamp: '2026-03-01T16:30:00.000Z',
        content: 'First line\n\nSecond line\r\nThird line',
        tags: ['physics', 'qc'],
        comments: 1,
      }),
      () => jsonResponse({}),
    );

    expect(await screen.findByRole('heading', { name: 'Surface codes', level: 1 })).toBeVisible();
    expect(screen.getByRole('link', { name: /Ada Lovelace/ })).toHaveAttribute(
      'href',
      '/author/u-7',
    );
    expect(screen.getByText('2026-03-02 00:30')).toBeInTheDocument();
    const content = screen.getByTestId('post-content');
    expect(
      within(content)
        .getAllByText(/line/)
        .map((p) => [p.tagName, p.textContent]),
    ).toEqual([
      ['P', 'First line'],
      ['P', 'Second line'],
      ['P', 'Third line'],
    ]);
    expect(
      within(screen.getByRole('list', { name: 'Tags' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['#physics', '#qc']);
    expect(screen.getByTestId('comment-count')).toHaveTextContent('1 comment');
    expect(screen.getByText('No AI analysis yet.')).toBeInTheDocument();
  });

  it("shows a private post's files through the signed URLs the API gave, unchanged", async () => {
    const signed = (cid: string) => `/ipfs/${cid}?token=1767225600.${'s'.repeat(43)}`;
    const file = makePostDetail().files[0]!;
    renderDetail(
      makePostDetail({
        title: 'Mine',
        visibility: 'private',
        'media list': [signed('bafyimage'), signed('bafydoc')],
        files: [
          { ...file, cid: 'bafyimage', url: signed('bafyimage'), thumbnail: signed('bafythumb') },
          {
            ...file,
            cid: 'bafydoc',
            url: signed('bafydoc'),
            name: 'paper.pdf',
            content_type: 'application/pdf',
            media_type: 'document',
          },
        ],
      }),
      () => jsonResponse({}),
    );
    const image = await screen.findByRole('img', { name: /Mine, image 1 of 2/ });
    expect(image).toHaveAttribute('src', signed('bafythumb'));
    expect(screen.getByRole('link', { name: 'Open document: paper.pdf' })).toHaveAttribute(
      'href',
      signed('bafydoc'),
    );
  });

  it("shows its author a post in processing: its files as uploaded and 'Analysis in progress…'", async () => {
    // Issue 31: before processing made a thumbnail, the files are shown from themselves.
    authStore.signIn('token-1', makeCurrentUser({ id: 'u-author', username: 'ada' }));
    try {
      const file = makePostDetail().files[0]!;
      renderDetail(
        makePostDetail({
          title: 'Just uploaded',
          'author id': 'u-author',
          status: 'processing',
          ai_analysis: '',
          visibility: 'private',
          'media list': ['/ipfs/bafyimage', '/ipfs/bafydoc'],
          files: [
            { ...file, cid: 'bafyimage', url: '/ipfs/bafyimage', thumbnail: null },
            {
              ...file,
              cid: 'bafydoc',
              url: '/ipfs/bafydoc',
              name: 'paper.pdf',
              content_type: 'application/pdf',
              media_type: 'document',
            },
          ],
        }),
        () => jsonResponse({}),
      );
      const image = await screen.findByRole('img', { name: /Just uploaded, image 1 of 2/ });
      expect(image).toHaveAttribute('src', '/ipfs/bafyimage');
      expect(screen.getByRole('link', { name: 'Open document: paper.pdf' })).toHaveAttribute(
        'href',
        '/ipfs/bafydoc',
      );
      const analysis = screen.getByRole('region', { name: /AI Analysis/ });
      expect(within(analysis).getByText('Analysis in progress…')).toBeVisible();
    } finally {
      authStore.clear();
    }
  });

  it("shows 'Anonymous' for an unnamed author", async () => {
    renderDetail(makePostDetail({ 'author name': '' }), () => jsonResponse({}));
    expect(await screen.findByRole('link', { name: /Anonymous/ })).toBeInTheDocument();
  });

  it("likes at once, then takes the server's count; a click in flight is ignored", async () => {
    const answer = deferred<Response>();
    const { requests } = renderDetail(
      makePostDetail({ likes: 3, liked: false }),
      () => answer.promise,
    );
    await screen.findByRole('heading', { level: 1 });

    await userEvent.click(likeButton());
    expect(likeButton()).toHaveAttribute('aria-pressed', 'true');
    expect(likeButton()).toHaveAccessibleName('4 likes');

    await userEvent.click(likeButton());
    expect(likeButton()).toHaveAttribute('aria-pressed', 'true');

    const result: LikeResult = { status: 'success', action: 'liked', likes: 10 };
    await act(async () => answer.resolve(jsonResponse(result)));

    await waitFor(() => expect(likeButton()).toHaveAccessibleName('10 likes'));
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1);
  });

  it('unlikes, and reverts with an error toast when the call fails', async () => {
    renderDetail(makePostDetail({ likes: 5, liked: true }), () =>
      jsonResponse({ detail: 'Something went wrong' }, 500),
    );
    await screen.findByRole('heading', { level: 1 });

    await userEvent.click(likeButton());

    expect(await screen.findByText(MESSAGES.likeFailed)).toBeInTheDocument();
    expect(likeButton()).toHaveAttribute('aria-pressed', 'true');
    expect(likeButton()).toHaveAccessibleName('5 likes');
  });

  it('reverts when the answer contradicts the click', async () => {
    renderDetail(makePostDetail({ likes: 2, liked: false }), () =>
      jsonResponse({ status: 'success', action: 'unliked', likes: 1 } satisfies LikeResult),
    );
    await screen.findByRole('heading', { level: 1 });

    await userEvent.click(likeButton());

    await waitFor(() => expect(likeButton()).toHaveAttribute('aria-pressed', 'false'));
    expect(likeButton()).toHaveAccessibleName('2 likes');
  });

  it('reverts and asks to sign in when the server answers 401', async () => {
    renderDetail(makePostDetail({ likes: 0, liked: false }), () =>
      jsonResponse({ detail: 'Not authenticated' }, 401),
    );
    await screen.findByRole('heading', { level: 1 });

    await userEvent.click(likeButton());

    await waitFor(() => expect(authStore.getState().loginPrompt).not.toBeNull());
    expect(likeButton()).toHaveAccessibleName('0 likes');
    expect(screen.queryByText(MESSAGES.likeFailed)).not.toBeInTheDocument();
  });

  it('goes back with the Back button', async () => {
    const onBack = vi.fn();
    routeFetch({ 'GET /media/post-1': () => jsonResponse(makePostDetail()) });
    renderWithProviders(<Detail onBack={onBack} />);

    await userEvent.click(await screen.findByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalledOnce();
  });
});
