import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES, type PostDetail, type PostRevision } from '@symposia/shared';
import { ToastHost } from '@/components/ui/toast/toast';
import { authStore } from '@/lib/auth-store';
import { jsonResponse, routeFetch, type RecordedRequest } from '@/testing/fetch-mock';
import { makeCurrentUser } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { postQueryKey, usePost } from '../api/get-post';
import { postsQueryKey } from '../api/get-posts';
import { makePostDetail } from '../testing/fixtures';
import { PostDetailView } from './post-detail-view';

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

function Detail({ onDeleted }: { onDeleted: () => void }) {
  const query = usePost('post-1');
  return query.data ? (
    <PostDetailView post={query.data} onBack={() => {}} onDeleted={onDeleted} />
  ) : null;
}

function renderDetail(post: PostDetail, routes: Record<string, Handler> = {}) {
  const handlers = routeFetch({ 'GET /media/post-1': () => jsonResponse(post), ...routes });
  const onDeleted = vi.fn();
  const view = renderWithProviders(
    <>
      <Detail onDeleted={onDeleted} />
      <ToastHost />
    </>,
  );
  return { ...handlers, ...view, onDeleted };
}

const signInAs = (id: string) => authStore.signIn('token-1', makeCurrentUser({ id, username: id }));
const bodyOf = (request: RecordedRequest) => JSON.parse(String(request.body)) as unknown;
const sent = (requests: RecordedRequest[], method: string) =>
  requests.filter((request) => request.method === method);

describe('Post detail: Edit and Delete', () => {
  it('shows Edit and Delete to the author only, not to another member or a guest', async () => {
    signInAs('someone-else');
    const first = renderDetail(makePostDetail({ 'author id': 'author-1' }));
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    first.unmount();

    authStore.clear();
    const second = renderDetail(makePostDetail({ 'author id': 'author-1' }));
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    second.unmount();

    signInAs('author-1');
    renderDetail(makePostDetail({ 'author id': 'author-1' }));
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeVisible();
  });

  it("shows a moderator Delete, not Edit, on someone else's post; a hidden post says so", async () => {
    authStore.signIn(
      'token-1',
      makeCurrentUser({ id: 'mod-1', username: 'mod', role: 'moderator' }),
    );
    const { requests } = renderDetail(makePostDetail({ 'author id': 'author-1', hidden: true }), {
      'DELETE /media/post-1': () => new Response(null, { status: 204 }),
    });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByText(MESSAGES.hiddenByModerators)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this post?' });
    expect(dialog).toHaveTextContent('by ada will be deleted');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(sent(requests, 'DELETE')).toHaveLength(1));
  });

  it('edits: the form starts with the post, sends only what changed, and the page shows it', async () => {
    signInAs('author-1');
    const post = makePostDetail({
      'author id': 'author-1',
      title: 'Old title',
      Summary: 'A summary',
      content: 'Body',
      tags: ['physics', 'qc'],
      visibility: 'public',
    });
    const saved = {
      ...post,
      title: 'New title',
      tags: ['physics'],
      edited_at: '2026-03-01T16:30:00.000Z',
    };
    const { requests, queryClient } = renderDetail(post, {
      'PATCH /media/post-1': () => jsonResponse(saved),
    });
    const listState = () =>
      queryClient.getQueryState([...postsQueryKey, { search: '', sort: null }]);
    queryClient.setQueryData([...postsQueryKey, { search: '', sort: null }], {
      pages: [[]],
      pageParams: [0],
    });

    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit post' });
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    // The dialog takes the focus in an effect after it shows.
    await waitFor(() => expect(title).toHaveFocus());
    expect(title).toHaveValue('Old title');
    expect(within(dialog).getByRole('textbox', { name: /Summary/ })).toHaveValue('A summary');
    expect(within(dialog).getByRole('textbox', { name: /Content/ })).toHaveValue('Body');
    const tags = within(dialog).getByRole('textbox', { name: /Tags/ });
    expect(tags).toHaveValue('physics, qc');
    expect(within(dialog).getByRole('radio', { name: /Public/ })).toBeChecked();

    await userEvent.clear(title);
    await userEvent.type(title, 'New title');
    await userEvent.clear(tags);
    await userEvent.type(tags, 'physics');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [patch] = sent(requests, 'PATCH');
    expect(patch?.headers.get('Content-Type')).toBe('application/json');
    expect(bodyOf(patch!)).toEqual({ title: 'New title', tags: 'physics' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('New title');
    expect(screen.getByRole('button', { name: /edited 2026-03-02 00:30/ })).toBeVisible();
    expect(queryClient.getQueryData(postQueryKey('post-1'))).toEqual(saved);
    // The forum list is loaded again when next shown, with the new title.
    expect(listState()?.isInvalidated).toBe(true);
  });

  it('refuses an empty title under the field without asking the server; Cancel changes nothing', async () => {
    signInAs('author-1');
    const { requests } = renderDetail(makePostDetail({ 'author id': 'author-1', title: 'Kept' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit post' });
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    await userEvent.clear(title);
    await userEvent.type(title, '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(title).toHaveAccessibleDescription('must not be empty');
    expect(title).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Kept');
    expect(sent(requests, 'PATCH')).toHaveLength(0);
  });

  it('checks a DOI before sending; a pasted resolver link is sent bare, an empty one clears it', async () => {
    signInAs('author-1');
    const post = makePostDetail({ 'author id': 'author-1', doi: '10.1000/old' });
    const { requests } = renderDetail(post, {
      'PATCH /media/post-1': () => jsonResponse(post),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit post' });
    const doi = within(dialog).getByRole('textbox', { name: /DOI/ });
    expect(doi).toHaveValue('10.1000/old');
    await userEvent.clear(doi);
    await userEvent.type(doi, 'not a doi');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(doi).toHaveAttribute('aria-invalid', 'true');
    expect(sent(requests, 'PATCH')).toHaveLength(0);

    await userEvent.clear(doi);
    await userEvent.type(doi, 'https://doi.org/10.1234/abc.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(requests, 'PATCH')).toHaveLength(1));
    expect(bodyOf(sent(requests, 'PATCH')[0]!)).toEqual({ doi: '10.1234/abc.5' });

    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit post' });
    await userEvent.clear(within(dialog).getByRole('textbox', { name: /DOI/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(requests, 'PATCH')).toHaveLength(2));
    expect(bodyOf(sent(requests, 'PATCH')[1]!)).toEqual({ doi: null });
  });

  it("shows the content's Preview, and back to the text", async () => {
    signInAs('author-1');
    renderDetail(makePostDetail({ 'author id': 'author-1', content: 'Plain body' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit post' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(within(dialog).getByRole('region', { name: /Content/ })).toHaveTextContent('Plain body');
    expect(within(dialog).queryByRole('textbox', { name: /Content/ })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(within(dialog).getByRole('textbox', { name: /Content/ })).toHaveValue('Plain body');
  });

  it("a refusal keeps the form as typed, names the field and toasts 'failed to update title'", async () => {
    signInAs('author-1');
    renderDetail(makePostDetail({ 'author id': 'author-1', title: 'Before' }), {
      'PATCH /media/post-1': () =>
        jsonResponse(
          { detail: 'Invalid input', errors: [{ field: 'title', message: 'is not allowed' }] },
          422,
        ),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit post' });
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    await userEvent.type(title, ' after');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(MESSAGES.updateFailed('title'))).toBeInTheDocument();
    expect(screen.getByText('Invalid input')).toBeInTheDocument();
    expect(title).toHaveValue('Before after');
    expect(title).toHaveAccessibleDescription('is not allowed');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Before');
  });

  it('deletes only after confirmation; Escape and Cancel keep the post', async () => {
    signInAs('author-1');
    const { requests, onDeleted, queryClient } = renderDetail(
      makePostDetail({ 'author id': 'author-1', title: 'Doomed' }),
      { 'DELETE /media/post-1': () => new Response(null, { status: 204 }) },
    );
    const deleteButton = await screen.findByRole('button', { name: 'Delete' });

    await userEvent.click(deleteButton);
    const confirm = screen.getByRole('alertdialog', { name: 'Delete this post?' });
    // jsdom, without layout, reads the title's own element (user content) with spaces around it.
    expect(confirm).toHaveAccessibleDescription(/“\s?Doomed\s?” will be deleted/);
    expect(confirm).toHaveTextContent('“Doomed” will be deleted');
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await userEvent.click(deleteButton);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(sent(requests, 'DELETE')).toHaveLength(0);

    await userEvent.click(deleteButton);
    await userEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(onDeleted).toHaveBeenCalledOnce());
    expect(sent(requests, 'DELETE')).toHaveLength(1);
    expect(await screen.findByText(MESSAGES.postDeleted)).toBeInTheDocument();
    // Opening the post again asks the server rather than showing the deleted post from memory.
    expect(queryClient.getQueryState(postQueryKey('post-1'))).toBeUndefined();
  });

  it("a failed delete keeps the post and says 'failed to delete post'", async () => {
    signInAs('author-1');
    const { onDeleted } = renderDetail(makePostDetail({ 'author id': 'author-1' }), {
      'DELETE /media/post-1': () => jsonResponse({ detail: 'Database unavailable' }, 503),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await userEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText(MESSAGES.deleteFailed('post'))).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    expect(onDeleted).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { level: 1 })).toBeVisible();
  });
});

describe('Post detail: edited and the earlier versions', () => {
  const revisions: PostRevision[] = [
    {
      revision: 2,
      edited_at: '2026-03-01T10:00:00.000Z',
      title: 'Second title',
      summary: 'Second summary',
      content: 'Second **body**',
      tags: ['b'],
    },
    {
      revision: 1,
      edited_at: '2026-02-01T10:00:00.000Z',
      title: 'First title',
      summary: '',
      content: 'First body',
      tags: [],
    },
  ];

  it('says nothing on a post never edited', async () => {
    renderDetail(makePostDetail({ edited_at: null }));
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText(/edited/)).not.toBeInTheDocument();
  });

  it('shows "edited" with the China time; it opens the versions, newest first', async () => {
    const { requests } = renderDetail(makePostDetail({ edited_at: '2026-03-05T17:00:00.000Z' }), {
      'GET /media/post-1/revisions': () => jsonResponse(revisions),
    });
    const edited = await screen.findByRole('button', { name: 'edited 2026-03-06 01:00' });
    await userEvent.click(edited);

    const dialog = screen.getByRole('dialog', { name: 'Earlier versions' });
    const items = await within(dialog).findAllByRole('listitem', { name: /^Version/ });
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
      'Version 2',
      'Version 1',
    ]);
    expect(within(items[0]!).getByRole('heading', { level: 3 })).toHaveTextContent('Second title');
    expect(within(items[0]!).getByText('2026-03-01 18:00')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Second summary')).toBeInTheDocument();
    expect(within(items[0]!).getByText('#b')).toBeInTheDocument();
    expect(within(items[1]!).getByText('First body')).toBeInTheDocument();
    expect(requests.some((request) => request.url.endsWith('/media/post-1/revisions'))).toBe(true);

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(edited).toHaveFocus();
  });

  it('offers Retry when the versions do not load', async () => {
    let calls = 0;
    renderDetail(makePostDetail({ edited_at: '2026-03-05T17:00:00.000Z' }), {
      'GET /media/post-1/revisions': () => {
        calls += 1;
        return calls === 1 ? jsonResponse({ detail: 'Busy' }, 503) : jsonResponse(revisions);
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: /^edited/ }));
    expect(await screen.findByText(MESSAGES.revisionsLoadFailed)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByRole('listitem', { name: /^Version/ })).toHaveLength(2);
  });
});
