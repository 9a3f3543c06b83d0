import { fireEvent, render as renderBare, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@symposia/shared';
import { describe, expect, it, vi } from 'vitest';
import { makePostListItem } from '../testing/fixtures';
import { PLACEHOLDER_IMAGES } from '../utils/placeholders';
import { PostCard } from './post-card';

/** The placeholder picture of `type` on the page (features/posts/utils/placeholders.ts). */
const placeholderImage = (type: 'document' | 'video') =>
  document.querySelector(`img[src="${PLACEHOLDER_IMAGES[type]}"]`);

/** Cards link their tags to the forum filtered by each: they render inside a router. */
const render = (ui: ReactElement) => renderBare(ui, { wrapper: MemoryRouter });

describe('PostCard', () => {
  it('shows title, author, time in China time, summary, tags with # and the counts', () => {
    const post = makePostListItem({
      title: 'Surface codes',
      user_name: 'Ada Lovelace',
      created_at: '2026-01-15T20:05:00.000Z',
      summary: 'A short summary.',
      tags: ['physics', 'quantum'],
      likes: 1,
      comments: 4,
    });
    render(<PostCard post={post} onOpen={() => {}} />);

    const card = screen.getByRole('article', { name: 'Surface codes' });
    expect(within(card).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: "Ada Lovelace's avatar" })).toBeInTheDocument();
    // 20:05 UTC is 04:05 the next day in Asia/Shanghai.
    expect(within(card).getByText('2026-01-16 04:05')).toHaveAttribute(
      'datetime',
      '2026-01-15T20:05:00.000Z',
    );
    expect(within(card).getByText('A short summary.')).toBeInTheDocument();
    expect(
      within(within(card).getByRole('list', { name: 'Tags' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['#physics', '#quantum']);
    // Each tag leads to the forum filtered by it (issue 30), where it is followed.
    expect(within(card).getByRole('link', { name: '#quantum' })).toHaveAttribute(
      'href',
      '/forum?tag=quantum',
    );
    expect(within(card).getByTestId('like-count')).toHaveTextContent('1 like');
    expect(within(card).getByTestId('comment-count')).toHaveTextContent('4 comments');
  });

  it('follows a tag’s link without opening the post', async () => {
    const onOpen = vi.fn();
    render(<PostCard post={makePostListItem({ tags: ['optics'] })} onOpen={onOpen} />);
    await userEvent.click(screen.getByRole('link', { name: '#optics' }));
    expect(onOpen).not.toHaveBeenCalled();
  });

  it("marks a post the moderators hid 'Hidden by the moderators'; others carry no mark", async () => {
    const { rerender } = render(
      <PostCard post={makePostListItem({ title: 'Withheld', hidden: true })} onOpen={() => {}} />,
    );
    const card = screen.getByRole('article', { name: 'Withheld' });
    expect(await within(card).findByTestId('hidden-by-moderators')).toHaveTextContent(
      MESSAGES.hiddenByModerators,
    );

    rerender(
      <PostCard post={makePostListItem({ title: 'Shown', hidden: false })} onOpen={() => {}} />,
    );
    expect(screen.queryByTestId('hidden-by-moderators')).toBeNull();
  });

  it('shows the review status of a reviewed post; an unreviewed one carries none', () => {
    const { rerender } = render(
      <PostCard post={makePostListItem({ review_status: 'validated' })} onOpen={() => {}} />,
    );
    expect(screen.getByTestId('review-status')).toHaveTextContent('Validated');
    rerender(
      <PostCard post={makePostListItem({ review_status: 'unreviewed' })} onOpen={() => {}} />,
    );
    expect(screen.queryByTestId('review-status')).toBeNull();
  });

  it("shows 'Anonymous' with an initials avatar for an unnamed author", () => {
    render(<PostCard post={makePostListItem({ user_name: '  ' })} onOpen={() => {}} />);
    expect(screen.getByText('Anonymous')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: "Anonymous's avatar" })).toHaveTextContent('A');
  });

  it('falls back to the initials avatar when the picture is broken', () => {
    render(
      <PostCard
        post={makePostListItem({ user_name: 'Grace Hopper', user_avatar: '/broken.png' })}
        onOpen={() => {}}
      />,
    );
    fireEvent.error(screen.getByRole('img', { name: "Grace Hopper's avatar" }));
    expect(screen.getByRole('img', { name: "Grace Hopper's avatar" })).toHaveTextContent('GH');
  });

  it('loads the image lazily and falls back to the bundled placeholder when it breaks', () => {
    render(<PostCard post={makePostListItem({ title: 'Chart' })} onOpen={() => {}} />);
    const image = screen.getByRole('img', { name: 'Image of the post: Chart' });
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('src', '/ipfs/post-1-cid');

    fireEvent.error(image);

    expect(screen.getByRole('img', { name: 'Image of the post: Chart' })).toHaveAttribute(
      'src',
      PLACEHOLDER_IMAGES.image[0],
    );
  });

  it("shows a private post's media through the signed URL the API gave, unchanged", () => {
    const signed = '/ipfs/bafycard?token=1767225600.c2lnbmF0dXJlLW9mLXRoZS1zZXJ2ZXItaGVyZS4uLi4u';
    render(
      <PostCard
        post={makePostListItem({ title: 'Mine', visibility: 'private', media: signed })}
        onOpen={() => {}}
      />,
    );
    expect(screen.getByRole('img', { name: 'Image of the post: Mine' })).toHaveAttribute(
      'src',
      signed,
    );
  });

  it("shows a 'Document' badge and placeholder for a document, 'Audio' for audio", () => {
    const { rerender } = render(
      <PostCard post={makePostListItem({ media_type: 'document' })} onOpen={() => {}} />,
    );
    expect(screen.getByText('Document')).toBeInTheDocument();
    expect(placeholderImage('document')).not.toBeNull();

    rerender(<PostCard post={makePostListItem({ media_type: 'audio' })} onOpen={() => {}} />);
    expect(screen.getByText('Audio')).toBeInTheDocument();
  });

  it("the first card's placeholder is fetched at once, with high priority; the others lazily", () => {
    const { rerender } = render(
      <PostCard post={makePostListItem({ media_type: 'document' })} onOpen={() => {}} priority />,
    );
    const first = placeholderImage('document');
    expect(first).toHaveAttribute('loading', 'eager');
    expect(first).toHaveAttribute('fetchpriority', 'high');

    rerender(<PostCard post={makePostListItem({ media_type: 'document' })} onOpen={() => {}} />);
    const later = placeholderImage('document');
    expect(later).toHaveAttribute('loading', 'lazy');
    expect(later).not.toHaveAttribute('fetchpriority');
  });

  it('opens the post on click and on Enter', async () => {
    const onOpen = vi.fn();
    const post = makePostListItem();
    render(<PostCard post={post} onOpen={onOpen} />);
    const card = screen.getByRole('article');

    await userEvent.click(within(card).getByText(post.title));
    expect(onOpen).toHaveBeenCalledWith(post);

    card.focus();
    await userEvent.keyboard('{Enter}');
    expect(onOpen).toHaveBeenCalledTimes(2);
  });

  it("plays a video with its button without opening the post, with a 'Video' badge", async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (
      this: HTMLMediaElement,
    ) {
      this.dispatchEvent(new Event('play'));
      return Promise.resolve();
    });
    vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockReturnValue(true);
    const onOpen = vi.fn();
    render(
      <PostCard
        post={makePostListItem({ media_type: 'video', title: 'Experiment' })}
        onOpen={onOpen}
      />,
    );

    expect(screen.getByText('Video')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Play video: Experiment' }));

    expect(play).toHaveBeenCalledOnce();
    expect(onOpen).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Pause video: Experiment' })).toBeInTheDocument();
  });

  it('replaces a video that fails with the video placeholder', () => {
    render(<PostCard post={makePostListItem({ media_type: 'video' })} onOpen={() => {}} />);
    fireEvent.error(document.querySelector('video')!);
    expect(document.querySelector('video')).toBeNull();
    expect(placeholderImage('video')).not.toBeNull();
  });
});
