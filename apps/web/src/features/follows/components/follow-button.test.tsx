import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Follows } from '@symposia/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastHost } from '@/components/ui/toast/toast';
import { authStore } from '@/lib/auth-store';
import { changeLanguage } from '@/lib/i18n';
import { jsonResponse, routeFetch } from '@/testing/fetch-mock';
import { makeCurrentUser } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { FollowButton, FollowTagToggle } from './follow-button';

const NONE: Follows = { authors: [], tags: [] };
const AT = '2026-03-01T00:00:00.000Z';

/** A server that keeps what the member follows, as POST and DELETE /follows change it. */
function followsServer(initial: Follows = NONE, { fail = false } = {}) {
  let follows = initial;
  return routeFetch({
    'GET /follows': () => jsonResponse(follows),
    'POST /follows': (request) => {
      if (fail) return jsonResponse({ detail: 'Internal error' }, 500);
      const body = JSON.parse(String(request.body)) as { type: 'author' | 'tag'; target: string };
      follows =
        body.type === 'tag'
          ? { ...follows, tags: [{ tag: body.target, followed_at: AT }, ...follows.tags] }
          : follows;
      return jsonResponse({ ...body, following: true }, 201);
    },
    'DELETE /follows': (request) => {
      const body = JSON.parse(String(request.body)) as { target: string };
      follows = {
        authors: follows.authors.filter((author) => author.id !== body.target),
        tags: follows.tags.filter((tag) => tag.tag.toLowerCase() !== body.target.toLowerCase()),
      };
      return new Response(null, { status: 204 });
    },
  });
}

const signIn = () => act(() => authStore.signIn('token-1', makeCurrentUser({ id: 'me' })));

afterEach(async () => {
  act(() => authStore.clear());
  await changeLanguage('en');
});

describe('FollowButton', () => {
  it('follows a tag: pressed and named Following once the server has it; onChanged runs', async () => {
    signIn();
    const { requests } = followsServer();
    const onChanged = vi.fn();
    renderWithProviders(
      <FollowButton type="tag" target="optics" name="optics" onChanged={onChanged} />,
    );
    const button = await screen.findByRole('button', { name: 'Follow tag #optics' });
    expect(button).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(button);
    const pressed = await screen.findByRole('button', { name: 'Following #optics' });
    expect(pressed).toHaveAttribute('aria-pressed', 'true');
    const sent = requests.find((request) => request.method === 'POST');
    expect(JSON.parse(String(sent!.body))).toEqual({ type: 'tag', target: 'optics' });
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));

    // Pressed again, it unfollows.
    await userEvent.click(pressed);
    expect(await screen.findByRole('button', { name: 'Follow tag #optics' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    const removed = requests.find((request) => request.method === 'DELETE');
    expect(JSON.parse(String(removed!.body))).toEqual({ type: 'tag', target: 'optics' });
  });

  it('knows an author followed already, and a tag followed in another letter case', async () => {
    signIn();
    followsServer({
      authors: [{ id: 'u-ada', username: 'ada', nickname: '', avatar: '', followed_at: AT }],
      tags: [{ tag: 'Optics', followed_at: AT }],
    });
    renderWithProviders(
      <>
        <FollowButton type="author" target="u-ada" name="Ada" />
        <FollowTagToggle tag="optics" />
      </>,
    );
    expect(await screen.findByRole('button', { name: 'Following Ada' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Follow tag #optics' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('puts the button back and says so when the server refuses', async () => {
    signIn();
    followsServer(NONE, { fail: true });
    renderWithProviders(
      <>
        <FollowButton type="tag" target="optics" name="optics" />
        <ToastHost />
      </>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Follow tag #optics' }));
    expect(
      await screen.findByText('Failed to update what you follow. Please try again.'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Follow tag #optics' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('asks a visitor to sign in, and sends nothing', async () => {
    const { requests } = followsServer();
    renderWithProviders(<FollowButton type="author" target="u-ada" name="Ada" />);
    await userEvent.click(screen.getByRole('button', { name: 'Follow Ada' }));
    expect(authStore.getState().loginPrompt).toEqual({
      message: 'Please sign in to follow authors and tags',
    });
    expect(requests).toEqual([]);
  });

  it('speaks Chinese', async () => {
    signIn();
    followsServer();
    await changeLanguage('zh-CN');
    renderWithProviders(<FollowTagToggle tag="光学" />);
    expect(await screen.findByRole('button', { name: '关注标签 #光学' })).toBeInTheDocument();
  });
});
