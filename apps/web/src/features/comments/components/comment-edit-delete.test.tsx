import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES, type Comment as SharedComment } from '@symposia/shared';
import type { Comment } from '../types';
import { ToastHost } from '@/components/ui/toast/toast';
import { authStore } from '@/lib/auth-store';
import { jsonResponse, routeFetch, type RecordedRequest } from '@/testing/fetch-mock';
import { makeCurrentUser } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { makeComment, makeReply, threadRoutes } from '../testing/fixtures';
import { deletedPlaceholder } from '../utils/threads';
import { CommentsSection } from './comments-section';

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

const shared = ({ liked: _liked, ...comment }: Comment): SharedComment => comment;

/** A server holding `all`: the list answers what is in it now, so a reload shows the change. */
function renderSection(all: Comment[], routes: Record<string, Handler> = {}) {
  const handlers = routeFetch(
    threadRoutes('post-1', () => all, {
      'GET /comments/post/post-1/liked': () => jsonResponse({ liked: [] }),
      ...routes,
    }),
  );
  const onCommentDeleted = vi.fn();
  const view = renderWithProviders(
    <>
      <CommentsSection postId="post-1" onCommentDeleted={onCommentDeleted} />
      <ToastHost />
    </>,
  );
  return { ...handlers, ...view, onCommentDeleted };
}

const signInAs = (id: string, role: 'member' | 'moderator' = 'member') =>
  authStore.signIn('token-1', makeCurrentUser({ id, username: id, role }));
const article = (name: string) => screen.getByRole('article', { name });
const bodyOf = (request: RecordedRequest) => JSON.parse(String(request.body)) as unknown;
const sent = (requests: RecordedRequest[], method: string) =>
  requests.filter((request) => request.method === method);

describe('Comments: edit and delete', () => {
  it('offers Edit and Delete on your own comments only; a moderator may delete any', async () => {
    const mine = makeComment({ userId: 'me', username: 'me', content: 'Mine' });
    const theirs = makeComment({ userId: 'bob', username: 'bob', content: 'Theirs' });
    signInAs('me');
    const first = renderSection([mine, theirs]);
    const own = await screen.findByRole('article', { name: 'Comment by me' });
    expect(within(own).getByRole('button', { name: 'Edit your comment' })).toBeVisible();
    expect(within(own).getByRole('button', { name: 'Delete comment by me' })).toBeVisible();
    const other = article('Comment by bob');
    expect(within(other).queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(within(other).queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    first.unmount();

    authStore.clear();
    const guest = renderSection([mine, theirs]);
    await screen.findByRole('article', { name: 'Comment by bob' });
    expect(screen.queryByRole('button', { name: /^(Edit|Delete)/ })).not.toBeInTheDocument();
    guest.unmount();

    signInAs('mod', 'moderator');
    renderSection([mine, theirs]);
    const moderated = await screen.findByRole('article', { name: 'Comment by bob' });
    expect(within(moderated).getByRole('button', { name: 'Delete comment by bob' })).toBeVisible();
    expect(within(moderated).queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
  });

  it('edits in place: Enter saves (JSON PATCH), the text and "edited" show at once', async () => {
    const mine = makeComment({ _id: 'c-mine', userId: 'me', username: 'me', content: 'Frist' });
    signInAs('me');
    const { requests } = renderSection([mine], {
      'PATCH /comments/c-mine': (request) =>
        jsonResponse(
          shared({
            ...mine,
            content: (bodyOf(request) as { content: string }).content,
            edited_at: '2026-03-01T16:30:00.000Z',
          }),
        ),
    });
    const own = await screen.findByRole('article', { name: 'Comment by me' });
    await userEvent.click(within(own).getByRole('button', { name: 'Edit your comment' }));

    const box = within(own).getByRole('textbox', { name: 'Edit comment' });
    expect(box).toHaveFocus();
    expect(box).toHaveValue('Frist');
    await userEvent.clear(box);
    // Shift+Enter is a new line, not a save.
    await userEvent.type(box, 'First{Shift>}{Enter}{/Shift}line two');
    expect(sent(requests, 'PATCH')).toHaveLength(0);
    await userEvent.keyboard('{Enter}');

    expect(within(own).queryByRole('textbox')).not.toBeInTheDocument();
    expect(own).toHaveTextContent('First');
    await waitFor(() => expect(own).toHaveTextContent('edited 2026-03-02 00:30'));
    const [patch] = sent(requests, 'PATCH');
    expect(patch?.headers.get('Content-Type')).toBe('application/json');
    expect(bodyOf(patch!)).toEqual({ content: 'First\nline two' });
    await waitFor(() =>
      expect(within(own).getByRole('button', { name: 'Edit your comment' })).toHaveFocus(),
    );
  });

  it('Escape and Cancel leave the text as it was; Save is off for empty text', async () => {
    const mine = makeComment({ _id: 'c-mine', userId: 'me', username: 'me', content: 'Stays' });
    signInAs('me');
    const { requests } = renderSection([mine]);
    const own = await screen.findByRole('article', { name: 'Comment by me' });

    await userEvent.click(within(own).getByRole('button', { name: 'Edit your comment' }));
    await userEvent.type(within(own).getByRole('textbox'), ' changed{Escape}');
    expect(within(own).queryByRole('textbox')).not.toBeInTheDocument();
    expect(own).toHaveTextContent('Stays');
    expect(own).not.toHaveTextContent('changed');

    await userEvent.click(within(own).getByRole('button', { name: 'Edit your comment' }));
    await userEvent.clear(within(own).getByRole('textbox'));
    await userEvent.type(within(own).getByRole('textbox'), '   ');
    expect(within(own).getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.click(within(own).getByRole('button', { name: 'Cancel' }));
    expect(own).toHaveTextContent('Stays');
    expect(sent(requests, 'PATCH')).toHaveLength(0);
  });

  it("a refused edit puts the text back and toasts 'failed to update comment'", async () => {
    const mine = makeComment({ _id: 'c-mine', userId: 'me', username: 'me', content: 'Before' });
    signInAs('me');
    renderSection([mine], {
      'PATCH /comments/c-mine': () => jsonResponse({ detail: 'Comment is too long' }, 422),
    });
    const own = await screen.findByRole('article', { name: 'Comment by me' });
    await userEvent.click(within(own).getByRole('button', { name: 'Edit your comment' }));
    await userEvent.type(within(own).getByRole('textbox'), ' after{Enter}');

    expect(await screen.findByText('failed to update comment')).toBeInTheDocument();
    expect(screen.getByText('Comment is too long')).toBeInTheDocument();
    await waitFor(() => expect(own).toHaveTextContent('Before'));
    expect(own).not.toHaveTextContent('after');
  });

  it('deletes after confirmation: with replies it stays as [deleted] with the replies under it', async () => {
    const mine = makeComment({ _id: 'c-mine', userId: 'me', username: 'me', content: 'Mine' });
    const reply = makeReply(mine, { userId: 'bob', username: 'bob', content: 'A reply' });
    const all = [mine, reply];
    signInAs('me');
    const { requests, onCommentDeleted } = renderSection(all, {
      'DELETE /comments/c-mine': () => {
        all[0] = deletedPlaceholder(mine);
        return new Response(null, { status: 204 });
      },
    });
    const own = await screen.findByRole('article', { name: 'Comment by me' });
    await userEvent.click(within(own).getByRole('button', { name: 'Delete comment by me' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete this comment?' });
    await userEvent.keyboard('{Escape}');
    expect(confirm).not.toBeInTheDocument();
    expect(sent(requests, 'DELETE')).toHaveLength(0);

    await userEvent.click(within(own).getByRole('button', { name: 'Delete comment by me' }));
    await userEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );

    const placeholder = await screen.findByRole('article', { name: MESSAGES.deletedComment });
    expect(placeholder).toHaveTextContent(MESSAGES.deletedComment);
    expect(placeholder).not.toHaveTextContent('Mine');
    expect(within(placeholder).queryByRole('button')).not.toBeInTheDocument();
    expect(article('Comment by bob')).toHaveTextContent('A reply');
    expect(screen.getByRole('heading', { name: 'Comments (1)' })).toBeVisible();
    expect(onCommentDeleted).toHaveBeenCalledOnce();
    expect(sent(requests, 'DELETE')).toHaveLength(1);
  });

  it('a deleted comment without replies disappears; a failed delete keeps it with a toast', async () => {
    const mine = makeComment({ _id: 'c-mine', userId: 'me', username: 'me', content: 'Bye' });
    const other = makeComment({ _id: 'c-other', userId: 'me', username: 'me', content: 'Hi' });
    const all = [mine, other];
    signInAs('me');
    renderSection(all, {
      'DELETE /comments/c-mine': () => {
        all.splice(0, 1);
        return new Response(null, { status: 204 });
      },
      'DELETE /comments/c-other': () => jsonResponse({ detail: 'Database unavailable' }, 503),
    });
    const bye = (await screen.findAllByRole('article')).find((item) =>
      item.textContent?.includes('Bye'),
    )!;
    await userEvent.click(within(bye).getByRole('button', { name: /^Delete/ }));
    await userEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(screen.queryByText('Bye')).not.toBeInTheDocument());
    expect(screen.queryByText(MESSAGES.deletedComment)).not.toBeInTheDocument();

    const hi = screen.getByRole('article', { name: 'Comment by me' });
    await userEvent.click(within(hi).getByRole('button', { name: /^Delete/ }));
    await userEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText(MESSAGES.deleteFailed('comment'))).toBeInTheDocument();
    expect(screen.getByText('Hi')).toBeInTheDocument();
  });
});
