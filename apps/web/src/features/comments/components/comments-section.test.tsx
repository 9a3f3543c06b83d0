import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { COMMENT_ROOTS_DEFAULT_LIMIT, MESSAGES } from '@symposia/shared';
import type { Comment } from '../types';
import { ToastHost } from '@/components/ui/toast/toast';
import { authStore } from '@/lib/auth-store';
import { jsonResponse, routeFetch, type RecordedRequest } from '@/testing/fetch-mock';
import { makeCurrentUser } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { makeComment, makeReply, threadRoutes } from '../testing/fixtures';
import { draftKey, readDraft } from '../utils/drafts';
import { CommentsSection } from './comments-section';

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

const at = (seconds: number) => new Date(Date.UTC(2026, 2, 1, 8, 0, seconds)).toISOString();

function renderSection(
  comments: Comment[] | Handler,
  routes: Record<string, Handler> = {},
  onCommentCreated = vi.fn(),
  route = '/',
) {
  // The server sends the thread as everyone reads it, a page at a time, and the reader's likes
  // on their own.
  const handlers = routeFetch(
    threadRoutes('post-1', () => (Array.isArray(comments) ? comments : []), {
      ...(typeof comments === 'function' ? { 'GET /comments/post/post-1/roots': comments } : {}),
      'GET /comments/post/post-1/liked': () =>
        jsonResponse({
          liked: Array.isArray(comments)
            ? comments.filter((comment) => comment.liked).map((comment) => comment._id)
            : [],
        }),
      ...routes,
    }),
  );
  const view = renderWithProviders(
    <>
      <CommentsSection postId="post-1" onCommentCreated={onCommentCreated} />
      <ToastHost />
    </>,
    { route },
  );
  return { ...handlers, ...view, onCommentCreated };
}

const bodyOf = (request: RecordedRequest) => JSON.parse(String(request.body)) as unknown;
const posts = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.method === 'POST');
/**
 * A comment's like button by its name. The author's name is its own element (user content, never
 * translated), which jsdom, having no layout, reads with a space after it.
 */
const likeName = (author: string, likes: string) =>
  new RegExp(`^Like comment by ${author} ?: ${likes}$`);

const articles = () =>
  screen.queryAllByRole('article').map((article) => article.getAttribute('aria-label'));

function signIn() {
  authStore.signIn('token-1', makeCurrentUser({ id: 'me', username: 'me' }));
}

/** A server that creates what it is sent, like the real one (level and root decided here). */
function creating(all: Comment[], overrides: Partial<Comment> = {}): Handler {
  return (request) => {
    const body = bodyOf(request) as { content: string; parentId?: string; rootId?: string };
    const parent = all.find((comment) => comment._id === body.parentId);
    const created = parent
      ? makeReply(parent, { content: body.content, username: 'me', ...overrides })
      : makeComment({ content: body.content, username: 'me', ...overrides });
    all.push(created);
    return jsonResponse(created, 201);
  };
}

/** A paragraph whose whole text is `text`, links (an @name) included. */
const textIs = (text: string) => (_: string, element: Element | null) =>
  element?.tagName === 'P' && element.textContent === text;

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('CommentsSection: the list', () => {
  it('shows threads newest first, one reply collapsed, and expands and collapses the rest', async () => {
    const user = userEvent.setup();
    const old = makeComment({ username: 'alice', createdAt: at(1), content: 'Old root' });
    const recent = makeComment({ username: 'dave', createdAt: at(50), content: 'New root' });
    const r1 = makeReply(old, { username: 'bob', createdAt: at(2), content: 'First reply' });
    const r2 = makeReply(r1, { username: 'carol', createdAt: at(3), content: '@bob second' });
    const r3 = makeReply(old, { username: 'erin', createdAt: at(4), content: 'Third reply' });
    renderSection([old, r1, r2, r3, recent]);

    expect(await screen.findByRole('heading', { name: 'Comments (5)', level: 2 })).toBeVisible();
    expect(articles()).toEqual(['Comment by dave', 'Comment by alice', 'Comment by bob']);
    // China time (UTC+8), YYYY-MM-DD HH:mm.
    expect(screen.getAllByText('2026-03-01 16:00')).toHaveLength(3);

    const toggle = screen.getByRole('button', { name: 'Show 2 more replies' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    // The replies after the first load now (GET /comments/{id}/replies).
    await waitFor(() => expect(articles()).toHaveLength(5));
    expect(articles()).toEqual([
      'Comment by dave',
      'Comment by alice',
      'Comment by bob',
      'Comment by carol',
      'Comment by erin',
    ]);
    const replies = screen.getByRole('list', { name: 'Replies to alice' });
    // The @name links to bob's profile (rich-text/mentions.tsx), within the comment's text.
    expect(within(replies).getByText(textIs('@bob second'))).toBeVisible();
    expect(within(replies).getByRole('link', { name: '@bob' })).toHaveAttribute(
      'href',
      '/author/@bob',
    );

    await user.click(screen.getByRole('button', { name: 'Hide replies' }));
    expect(articles()).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Show 2 more replies' })).toHaveFocus();
  });

  it('says Show 1 more reply for two replies, and shows no toggle for one', async () => {
    const a = makeComment({ createdAt: at(1) });
    const b = makeComment({ createdAt: at(2) });
    renderSection([a, b, makeReply(a), makeReply(a), makeReply(b)]);
    expect(await screen.findByRole('button', { name: 'Show 1 more reply' })).toBeVisible();
    expect(screen.getAllByRole('button', { name: /^Show \d+ more/ })).toHaveLength(1);
  });

  it('renders HTML in a comment as text', async () => {
    const content = '<img src=x onerror=alert(1)><b>bold</b>';
    renderSection([makeComment({ content })]);
    const text = await screen.findByText(content);
    expect(text.tagName).toBe('P');
    expect(text.querySelector('img, b')).toBeNull();
  });

  it(`says '${MESSAGES.noComments}' when there are none`, async () => {
    renderSection([]);
    expect(await screen.findByText(MESSAGES.noComments)).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Comments (0)' })).toBeVisible();
  });

  it('shows loading, then a failed load with Retry, which loads again', async () => {
    const user = userEvent.setup();
    let fail = true;
    renderSection(() =>
      fail
        ? jsonResponse({ detail: 'Post not found' }, 404)
        : jsonResponse({
            threads: [
              {
                root: makeComment({ content: 'Back again' }),
                replies: [],
                replyTotal: 0,
                repliesCursor: null,
              },
            ],
            total: 1,
            nextCursor: null,
          }),
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading comments…');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.commentsLoadFailed);

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Back again')).toBeVisible();
  });
});

describe('CommentsSection: writing', () => {
  it('cannot send empty or whitespace-only text; sends JSON and shows the comment at the top', async () => {
    const user = userEvent.setup();
    signIn();
    const all = [makeComment({ username: 'alice', createdAt: at(1) })];
    const { requests, onCommentCreated } = renderSection([...all], {
      'POST /comments/create': creating(all, { createdAt: at(99) }),
    });
    await screen.findByRole('heading', { name: 'Comments (1)' });

    const write = screen.getByRole('button', { name: 'Write a Comment' });
    await user.click(write);
    expect(write).toHaveAttribute('aria-expanded', 'true');
    const box = screen.getByRole('textbox', { name: 'Your comment' });
    expect(box).toHaveFocus();
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    await user.type(box, '   ');
    expect(submit).toBeDisabled();
    await user.type(box, 'Great paper');
    expect(submit).toBeEnabled();
    await user.click(submit);

    expect(await screen.findByText('Great paper')).toBeVisible();
    expect(articles()).toEqual(['Comment by me', 'Comment by alice']);
    expect(screen.getByRole('heading', { name: 'Comments (2)' })).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Your comment' })).toBeNull();
    expect(write).toHaveFocus();
    expect(onCommentCreated).toHaveBeenCalledWith(expect.objectContaining({ level: 1 }));

    const [create] = posts(requests);
    expect(create!.headers.get('Content-Type')).toBe('application/json');
    expect(create!.headers.get('Authorization')).toBe('Bearer token-1');
    expect(bodyOf(create!)).toEqual({ postId: 'post-1', content: '   Great paper', imageUrl: '' });
    expect(readDraft(draftKey('post-1', null))).toBeNull();
  });

  it('replies to a top-level comment, and to a reply with @name; the thread opens', async () => {
    const user = userEvent.setup();
    signIn();
    const root = makeComment({ _id: 'root', username: 'alice', createdAt: at(1) });
    const bob = makeReply(root, { _id: 'bob-reply', username: 'bob', createdAt: at(2) });
    const carol = makeReply(root, { username: 'carol', createdAt: at(3) });
    const all = [root, bob, carol];
    const { requests } = renderSection([...all], {
      'POST /comments/create': creating(all, { createdAt: at(90) }),
    });
    await screen.findByRole('heading', { name: 'Comments (3)' });

    // A reply to bob (level 2) starts with '@bob ' and stays in alice's thread.
    await user.click(screen.getByRole('button', { name: 'Reply to bob' }));
    const box = screen.getByRole('textbox', { name: 'Reply to bob' });
    expect(box).toHaveValue('@bob ');
    expect(box).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    await user.type(box, 'agreed');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText(textIs('@bob agreed'))).toBeVisible();
    expect(bodyOf(posts(requests)[0]!)).toEqual({
      postId: 'post-1',
      content: '@bob agreed',
      imageUrl: '',
      parentId: 'bob-reply',
      rootId: 'root',
    });
    // The thread expanded: every reply shows, the new one last.
    expect(articles()).toEqual([
      'Comment by alice',
      'Comment by bob',
      'Comment by carol',
      'Comment by me',
    ]);
    expect(screen.getByRole('button', { name: 'Hide replies' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Reply to bob' })).toHaveFocus();

    // A reply to the top-level comment has no prefix.
    await user.click(screen.getByRole('button', { name: 'Reply to alice' }));
    expect(screen.getByRole('textbox', { name: 'Reply to alice' })).toHaveValue('');
  });

  it('a 401 opens the login overlay with its message and keeps the text for after the sign-in', async () => {
    const user = userEvent.setup();
    let signedIn = false;
    const all: Comment[] = [];
    const create = creating(all);
    renderSection([], {
      'POST /comments/create': (request) =>
        signedIn ? create(request) : jsonResponse({ detail: MESSAGES.notAuthenticated }, 401),
    });
    await screen.findByText(MESSAGES.noComments);

    await user.click(screen.getByRole('button', { name: 'Write a Comment' }));
    await user.type(screen.getByRole('textbox', { name: 'Your comment' }), 'Before login');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() =>
      expect(authStore.getState().loginPrompt).toEqual({ message: MESSAGES.loginToComment }),
    );
    expect(screen.queryByText(MESSAGES.commentFailed)).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Your comment' })).toHaveValue('Before login');
    expect(readDraft(draftKey('post-1', null))).toBe('Before login');

    signedIn = true;
    act(() => signIn());
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Before login', { selector: 'p' })).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Your comment' })).toBeNull();
  });

  it(`a failure says '${MESSAGES.commentFailed}' with the reason, and keeps the text`, async () => {
    const user = userEvent.setup();
    signIn();
    renderSection([], {
      'POST /comments/create': () => jsonResponse({ detail: MESSAGES.tooManyComments }, 429),
    });
    await screen.findByText(MESSAGES.noComments);
    await user.click(screen.getByRole('button', { name: 'Write a Comment' }));
    await user.type(screen.getByRole('textbox', { name: 'Your comment' }), 'Too fast');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.commentFailed);
    expect(alert).toHaveTextContent(MESSAGES.tooManyComments);
    expect(screen.getByRole('textbox', { name: 'Your comment' })).toHaveValue('Too fast');
  });

  it('blocks a second submit while sending', async () => {
    const user = userEvent.setup();
    signIn();
    const answer = deferred<Response>();
    const { requests } = renderSection([], { 'POST /comments/create': () => answer.promise });
    await screen.findByText(MESSAGES.noComments);
    await user.click(screen.getByRole('button', { name: 'Write a Comment' }));
    const box = screen.getByRole('textbox', { name: 'Your comment' });
    await user.type(box, 'Once');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const sending = await screen.findByRole('button', { name: 'Submitting…' });
    expect(sending).toHaveAttribute('aria-disabled', 'true');
    await user.click(sending);
    await user.type(box, '{Control>}{Enter}{/Control}');
    expect(posts(requests)).toHaveLength(1);

    answer.resolve(jsonResponse(makeComment({ content: 'Once' }), 201));
    expect(await screen.findByText('Once', { selector: 'p' })).toBeVisible();
  });

  it('Ctrl+Enter submits and Escape cancels, dropping the draft', async () => {
    const user = userEvent.setup();
    signIn();
    const all: Comment[] = [];
    const { requests } = renderSection([], { 'POST /comments/create': creating(all) });
    await screen.findByText(MESSAGES.noComments);

    const write = screen.getByRole('button', { name: 'Write a Comment' });
    await user.click(write);
    await user.keyboard('Dropped');
    expect(readDraft(draftKey('post-1', null))).toBe('Dropped');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(write).toHaveFocus();
    expect(readDraft(draftKey('post-1', null))).toBeNull();

    await user.keyboard('{Enter}');
    expect(screen.getByRole('textbox', { name: 'Your comment' })).toHaveValue('');
    await user.keyboard('By keyboard{Control>}{Enter}{/Control}');
    expect(await screen.findByText('By keyboard')).toBeVisible();
    expect(posts(requests)).toHaveLength(1);
  });

  it('reopens the box with the draft after a reload', async () => {
    window.sessionStorage.setItem(draftKey('post-1', null), 'Kept across reloads');
    renderSection([]);
    expect(screen.getByRole('textbox', { name: 'Your comment' })).toHaveValue(
      'Kept across reloads',
    );
    window.sessionStorage.clear();
  });
});

describe('CommentsSection: likes', () => {
  it('toggles with the server’s count and pressed state', async () => {
    const user = userEvent.setup();
    signIn();
    const comment = makeComment({ _id: 'c-like', username: 'alice', likes: 4 });
    let liked = false;
    const { requests } = renderSection([comment], {
      'POST /comments/c-like/like': () => {
        liked = !liked;
        // The server's count wins, even when others liked it meanwhile.
        return jsonResponse({
          status: 'success',
          action: liked ? 'liked' : 'unliked',
          likes: liked ? 7 : 6,
        });
      },
    });
    const like = await screen.findByRole('button', { name: likeName('alice', '4 likes') });
    expect(like).toHaveAttribute('aria-pressed', 'false');

    await user.click(like);
    await waitFor(() => expect(like).toHaveAccessibleName(likeName('alice', '7 likes')));
    expect(like).toHaveAttribute('aria-pressed', 'true');

    await user.click(like);
    await waitFor(() => expect(like).toHaveAccessibleName(likeName('alice', '6 likes')));
    expect(like).toHaveAttribute('aria-pressed', 'false');
    expect(posts(requests)).toHaveLength(2);
  });

  it("shows the reader's own likes, asked for only when signed in", async () => {
    const mine = makeComment({ _id: 'c-mine', username: 'alice', likes: 3, liked: true });
    const other = makeComment({ _id: 'c-other', username: 'bob', likes: 2 });
    const guest = renderSection([mine, other]);
    expect(
      await screen.findByRole('button', { name: likeName('alice', '3 likes') }),
    ).toHaveAttribute('aria-pressed', 'false');
    expect(guest.requests.map((request) => request.url)).not.toContainEqual(
      expect.stringContaining('/liked'),
    );
    guest.unmount();

    signIn();
    const member = renderSection([mine, other]);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: likeName('alice', '3 likes') })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    expect(screen.getByRole('button', { name: likeName('bob', '2 likes') })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(member.requests.map((request) => request.url)).toContainEqual(
      expect.stringContaining('/comments/post/post-1/liked'),
    );
  });

  it('a failed like leaves the count and says so; a signed-out like opens the login overlay', async () => {
    const user = userEvent.setup();
    const comment = makeComment({ _id: 'c-x', username: 'alice', likes: 1 });
    let status = 500;
    renderSection([comment], {
      'POST /comments/c-x/like': () => jsonResponse({ detail: MESSAGES.internalError }, status),
    });
    const like = await screen.findByRole('button', { name: likeName('alice', '1 like') });

    await user.click(like);
    expect(await screen.findByText(MESSAGES.likeFailed)).toBeVisible();
    expect(like).toHaveAccessibleName(likeName('alice', '1 like'));

    status = 401;
    await user.click(like);
    await waitFor(() => expect(authStore.getState().loginPrompt).not.toBeNull());
  });
});

describe('CommentsSection: a link to one comment', () => {
  it('opens the folded thread of the linked reply, scrolls to it and moves focus to it', async () => {
    // jsdom lays nothing out and has no scrollIntoView: record the call instead.
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    const root = makeComment({ username: 'alice', createdAt: at(1) });
    const first = makeReply(root, { username: 'bob', createdAt: at(2) });
    const linked = makeReply(root, { username: 'carol', createdAt: at(3), content: 'Linked' });
    renderSection([root, first, linked], {}, vi.fn(), `/forum/detail/post-1#comment-${linked._id}`);

    const article = await screen.findByRole('article', { name: 'Comment by carol' });
    await waitFor(() => expect(article).toHaveFocus());
    expect(article).toHaveAttribute('id', `comment-${linked._id}`);
    expect(screen.getByRole('button', { name: 'Hide replies' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(scrolled).toHaveBeenCalledTimes(1);
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });

  it('marks a comment the moderators hid, as its author and the moderators get it', async () => {
    renderSection([
      makeComment({ username: 'alice', content: 'Seen by its author', hidden: true }),
      makeComment({ username: 'bob', content: 'Seen by all' }),
    ]);
    const hidden = await screen.findByRole('article', { name: 'Comment by alice' });
    expect(hidden).toHaveTextContent(MESSAGES.hiddenByModerators);
    expect(screen.getByRole('article', { name: 'Comment by bob' })).not.toHaveTextContent(
      MESSAGES.hiddenByModerators,
    );
  });
});

describe('CommentsSection: long threads, a page at a time', () => {
  const urls = (requests: RecordedRequest[]) =>
    requests.map((request) => new URL(request.url, 'http://localhost'));

  it('loads the first page of threads, then the next with "Load more comments"', async () => {
    const user = userEvent.setup();
    const roots = Array.from({ length: COMMENT_ROOTS_DEFAULT_LIMIT + 5 }, (_, index) =>
      makeComment({ username: `root${index}`, createdAt: at(index + 1) }),
    );
    const { requests } = renderSection(roots);
    expect(
      await screen.findByRole('heading', { name: `Comments (${roots.length})` }),
    ).toBeVisible();
    expect(articles()).toHaveLength(COMMENT_ROOTS_DEFAULT_LIMIT);
    // Newest first: the last written leads.
    expect(articles()[0]).toBe(`Comment by root${roots.length - 1}`);

    const more = screen.getByRole('button', { name: 'Load more comments' });
    await user.click(more);
    await waitFor(() => expect(articles()).toHaveLength(roots.length));
    expect(articles().at(-1)).toBe('Comment by root0');
    expect(screen.queryByRole('button', { name: 'Load more comments' })).toBeNull();
    // Never the whole thread at once.
    const asked = urls(requests);
    expect(asked.some((url) => url.pathname.endsWith('/comments/post/post-1'))).toBe(false);
    expect(asked.every((url) => url.searchParams.get('limit') !== '2000')).toBe(true);
    expect(
      asked
        .filter((url) => url.pathname.endsWith('/roots'))
        .map((url) => url.searchParams.get('cursor')),
    ).toEqual([null, `o${COMMENT_ROOTS_DEFAULT_LIMIT}`]);
  });

  it('loads the rest of a thread on "Show N more replies", after the first reply', async () => {
    const user = userEvent.setup();
    const root = makeComment({ username: 'alice', createdAt: at(1) });
    const replies = Array.from({ length: 6 }, (_, index) =>
      makeReply(root, { username: `r${index}`, createdAt: at(index + 2) }),
    );
    const { requests } = renderSection([root, ...replies]);
    const toggle = await screen.findByRole('button', { name: 'Show 5 more replies' });
    expect(articles()).toEqual(['Comment by alice', 'Comment by r0']);
    expect(requests.some((request) => request.url.includes('/replies'))).toBe(false);

    await user.click(toggle);
    await waitFor(() => expect(articles()).toHaveLength(7));
    expect(articles()).toEqual(['Comment by alice', ...replies.map((_, i) => `Comment by r${i}`)]);
    const asked = urls(requests).filter((url) => url.pathname.endsWith('/replies'));
    expect(asked.map((url) => url.pathname)).toEqual([`/api/v1/comments/${root._id}/replies`]);
    expect(asked[0]?.searchParams.get('cursor')).toBe('o1');
    // Closed and opened again: nothing is loaded twice.
    await user.click(screen.getByRole('button', { name: 'Hide replies' }));
    await user.click(screen.getByRole('button', { name: 'Show 5 more replies' }));
    expect(articles()).toHaveLength(7);
    expect(urls(requests).filter((url) => url.pathname.endsWith('/replies'))).toHaveLength(1);
  });

  it('puts a new reply in a thread not loaded yet in its place, once', async () => {
    const user = userEvent.setup();
    signIn();
    const root = makeComment({ _id: 'root', username: 'alice', createdAt: at(1) });
    const replies = [1, 2, 3].map((index) =>
      makeReply(root, { username: `r${index}`, createdAt: at(index + 1) }),
    );
    const all = [root, ...replies];
    // The server's thread holds the new reply too: its page brings it again.
    renderSection(all, { 'POST /comments/create': creating(all, { createdAt: at(90) }) });
    await user.click(await screen.findByRole('button', { name: 'Reply to alice' }));
    await user.type(screen.getByRole('textbox', { name: 'Reply to alice' }), 'late to this');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('late to this')).toBeVisible();
    // The thread opened and brought the replies in between; the new one stays last, once.
    await waitFor(() => expect(articles()).toHaveLength(5));
    expect(articles()).toEqual([
      'Comment by alice',
      'Comment by r1',
      'Comment by r2',
      'Comment by r3',
      'Comment by me',
    ]);
    expect(screen.getByRole('heading', { name: 'Comments (5)' })).toBeVisible();
  });
});
