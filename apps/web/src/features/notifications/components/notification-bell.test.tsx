import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES, type Notification } from '@symposia/shared';
import { authStore } from '@/lib/auth-store';
import { changeLanguage, i18n } from '@/lib/i18n';
import { jsonResponse, neverAnswer, routeFetch, type RecordedRequest } from '@/testing/fetch-mock';
import { makeCurrentUser } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { unreadCount } from '../stores/unread-count';
import { NotificationBell, badgeText, bellLabel } from './notification-bell';

function makeNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: 'n-1',
    type: 'reply',
    actor: { id: 'u-bob', username: 'bob', avatar: '' },
    post_id: 'p-1',
    comment_id: 'c-9',
    excerpt: 'It does hold',
    count: 1,
    created_at: '2026-03-01T08:00:00.000Z',
    read: false,
    ...overrides,
  };
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.hash}</p>;
}

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

function renderBell(routes: Record<string, Handler>) {
  const handlers = routeFetch({
    // The live stream stays open without a word: the count is set by the test.
    'GET /notifications/stream': neverAnswer,
    ...routes,
  });
  renderWithProviders(
    <>
      <NotificationBell />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </>,
  );
  return handlers;
}

afterEach(() => {
  act(() => authStore.clear());
});

describe('bell texts', () => {
  it('names the count for screen readers and draws at most two digits', () => {
    const t = i18n.getFixedT(null, 'notifications');
    expect(bellLabel(t, null)).toBe('Notifications');
    expect(bellLabel(t, 0)).toBe('Notifications');
    expect(bellLabel(t, 3)).toBe('Notifications, 3 unread');
    expect(badgeText(7)).toBe('7');
    expect(badgeText(150)).toBe('99+');
  });
});

describe('NotificationBell', () => {
  it('is not there for visitors', () => {
    renderBell({});
    expect(screen.queryByRole('button', { name: /^Notifications/ })).not.toBeInTheDocument();
  });

  it('shows the count, opens the list, goes to the comment and marks it read', async () => {
    authStore.signIn('token-1', makeCurrentUser());
    const { requests } = renderBell({
      'GET /notifications': () =>
        jsonResponse([
          makeNotification(),
          makeNotification({ id: 'n-2', type: 'like', count: 5, comment_id: null, read: true }),
        ]),
      'POST /notifications/read': () => jsonResponse({ count: 1 }),
    });
    const bell = screen.getByRole('button', { name: 'Notifications' });
    // The stream was opened with the token in a header, not in its address.
    await waitFor(() =>
      expect(requests.some((request) => request.url.endsWith('/notifications/stream'))).toBe(true),
    );
    const stream = requests.find((request) => request.url.endsWith('/notifications/stream'))!;
    expect(stream.headers.get('Authorization')).toBe('Bearer token-1');
    expect(stream.url).not.toContain('token-1');

    act(() => unreadCount.set(2));
    expect(bell).toHaveAccessibleName('Notifications, 2 unread');
    expect(screen.getByTestId('notification-badge')).toHaveTextContent('2');

    await userEvent.click(bell);
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    const items = await within(panel).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Unread: bob replied to your comment'),
      expect.stringContaining('bob and 4 others liked your post'),
    ]);
    await userEvent.click(within(items[0]!).getByRole('link'));

    expect(screen.getByTestId('where')).toHaveTextContent('/forum/detail/p-1#comment-c-9');
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
    await waitFor(() => expect(requests.some((request) => request.method === 'POST')).toBe(true));
    const read = requests.find((request) => request.method === 'POST')!;
    expect(JSON.parse(String(read.body))).toEqual({ ids: ['n-1'] });
    expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  });

  it("a reward says 'You earned N tokens' and opens the Token page", async () => {
    authStore.signIn('token-1', makeCurrentUser());
    renderBell({
      'GET /notifications': () =>
        jsonResponse([
          makeNotification({
            type: 'reward',
            actor: null,
            post_id: null,
            comment_id: null,
            excerpt: '125.5',
          }),
        ]),
      'POST /notifications/read': () => jsonResponse({ count: 0 }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    const link = await within(panel).findByRole('link', { name: /You earned 125\.5 tokens/ });
    // The amount is said once, not again as the excerpt.
    expect(within(panel).getAllByText(/125\.5/)).toHaveLength(1);
    await userEvent.click(link);
    expect(screen.getByTestId('where')).toHaveTextContent('/token');
  });

  it('Mark all as read clears the count; Escape closes the panel onto the bell', async () => {
    authStore.signIn('token-1', makeCurrentUser());
    let read = false;
    const { requests } = renderBell({
      'GET /notifications': () => jsonResponse([makeNotification({ read })]),
      'POST /notifications/read': () => {
        read = true;
        return jsonResponse({ count: 1 });
      },
    });
    act(() => unreadCount.set(1));
    const bell = screen.getByRole('button', { name: 'Notifications, 1 unread' });
    await userEvent.click(bell);
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    await within(panel).findByRole('listitem');
    await userEvent.click(within(panel).getByRole('button', { name: 'Mark all as read' }));

    expect(bell).toHaveAccessibleName('Notifications');
    await waitFor(() => expect(within(panel).queryByText(/Unread:/)).not.toBeInTheDocument());
    const sent = requests.find((request) => request.method === 'POST')!;
    expect(JSON.parse(String(sent.body))).toEqual({ all: true });

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(bell).toHaveFocus();
  });

  it('says when there is nothing, and forgets the count on sign-out', async () => {
    authStore.signIn('token-1', makeCurrentUser());
    renderBell({ 'GET /notifications': () => jsonResponse([]) });
    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText(MESSAGES.noNotifications)).toBeVisible();
    act(() => unreadCount.set(4));
    act(() => authStore.clear());
    expect(screen.queryByRole('button', { name: /^Notifications/ })).not.toBeInTheDocument();
    expect(unreadCount.get()).toBeNull();
  });
});

describe('NotificationBell in Chinese', () => {
  it('lists the notifications in Chinese, names and quoted words untranslated', async () => {
    await changeLanguage('zh-CN', false);
    authStore.signIn('token-1', makeCurrentUser());
    renderBell({
      'GET /notifications': () =>
        jsonResponse([
          makeNotification(),
          makeNotification({ id: 'n-2', type: 'like', count: 5, comment_id: null, read: true }),
          makeNotification({
            id: 'n-3',
            type: 'moderation',
            actor: null,
            excerpt: MESSAGES.moderationNotice.hide('comment', 'off topic'),
            read: true,
          }),
        ]),
    });
    act(() => unreadCount.set(1));
    const bell = screen.getByRole('button', { name: '通知，1 条未读' });
    await userEvent.click(bell);
    const panel = await screen.findByRole('region', { name: '通知' });
    const items = await within(panel).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('未读：bob回复了你的评论');
    expect(items[1]).toHaveTextContent('bob 等 4 人赞了你的帖子');
    expect(items[2]).toHaveTextContent('来自版主的消息');
    expect(within(items[0]!).getByText('bob')).toHaveAttribute('translate', 'no');
    expect(within(items[0]!).getByText('It does hold')).toHaveAttribute('translate', 'no');
    // The moderator's note stays as written; the notice around it is in Chinese.
    expect(within(items[2]!).getByText('off topic')).toHaveAttribute('translate', 'no');
    expect(items[2]).toHaveTextContent(
      i18n.t('messages:moderationHide', { what: '评论', note: 'off topic' }),
    );
    expect(within(panel).getByRole('button', { name: '全部标为已读' })).toBeInTheDocument();
  });
});
