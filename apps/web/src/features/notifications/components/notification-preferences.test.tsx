import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { NotificationPreferences as Preferences } from '@symposia/shared';
import { authStore } from '@/lib/auth-store';
import { changeLanguage } from '@/lib/i18n';
import { jsonResponse, routeFetch } from '@/testing/fetch-mock';
import { makeCurrentUser } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { NotificationPreferences } from './notification-preferences';
import { Unsubscribe } from './unsubscribe';

const STORED: Preferences = {
  kinds: {
    replies: { in_app: true, email: 'immediate' },
    mentions: { in_app: true, email: 'immediate' },
    reviews: { in_app: true, email: 'digest' },
    bounties: { in_app: true, email: 'digest' },
    moderation: { in_app: true, email: 'digest' },
    rewards: { in_app: true, email: 'digest' },
    followed_posts: { in_app: true, email: 'digest' },
    likes: { in_app: true, email: 'digest' },
  },
  digest: true,
};

afterEach(async () => {
  await changeLanguage('en', false);
});

describe('NotificationPreferences', () => {
  it('shows a bell switch and an email choice per kind, and saves them as a whole', async () => {
    authStore.signIn('token-1', makeCurrentUser());
    const { requests } = routeFetch({
      'GET /notifications/preferences': () => jsonResponse(STORED),
      'PUT /notifications/preferences': (request) =>
        jsonResponse(JSON.parse(String(request.body)) as Preferences),
    });
    renderWithProviders(<NotificationPreferences emailVerified />);

    const likes = await screen.findByRole('switch', { name: 'Likes In the bell' });
    expect(screen.getAllByRole('switch')).toHaveLength(9);
    const likesEmail = screen.getByRole('combobox', { name: 'Likes By email' });
    // Likes come by email in the digest at most.
    expect(
      within(likesEmail)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['In the digest', 'Never']);
    expect(screen.getByRole('combobox', { name: 'Replies By email' })).toHaveValue('immediate');
    const save = screen.getByRole('button', { name: 'Save notification preferences' });
    expect(save).toBeDisabled();
    expect(screen.queryByText(/verified address/)).toBeNull();

    await userEvent.click(likes);
    await userEvent.selectOptions(likesEmail, 'never');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Replies By email' }),
      'digest',
    );
    await userEvent.click(screen.getByRole('switch', { name: 'Weekly digest' }));
    expect(likes).toHaveAttribute('aria-checked', 'false');
    // Nothing is sent before Save.
    expect(requests.filter((request) => request.method === 'PUT')).toEqual([]);

    await userEvent.click(save);
    expect(await screen.findByRole('status')).toHaveTextContent('Notification preferences saved.');
    const put = requests.find((request) => request.method === 'PUT')!;
    expect(JSON.parse(String(put.body))).toEqual({
      kinds: {
        ...STORED.kinds,
        replies: { in_app: true, email: 'digest' },
        likes: { in_app: false, email: 'never' },
      },
      digest: false,
    });
    expect(screen.getByRole('button', { name: 'Save notification preferences' })).toBeDisabled();
  });

  it('says why a save failed and keeps the changes to try again; notes an unverified address', async () => {
    authStore.signIn('token-1', makeCurrentUser());
    let fail = true;
    routeFetch({
      'GET /notifications/preferences': () => jsonResponse(STORED),
      'PUT /notifications/preferences': (request) =>
        fail
          ? jsonResponse({ detail: 'Service unavailable' }, 503)
          : jsonResponse(JSON.parse(String(request.body)) as Preferences),
    });
    renderWithProviders(<NotificationPreferences emailVerified={false} />);
    expect(
      await screen.findByText(/Notification emails go only to a verified address/),
    ).toBeInTheDocument();
    const mentions = await screen.findByRole('switch', { name: 'Mentions In the bell' });
    await userEvent.click(mentions);
    await userEvent.click(screen.getByRole('button', { name: 'Save notification preferences' }));
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('Failed to save notification preferences');
    expect(failure).toHaveTextContent('Service unavailable');
    expect(mentions).toHaveAttribute('aria-checked', 'false');

    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Save notification preferences' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.getByRole('status')).toHaveTextContent('Notification preferences saved.');
  });

  it('speaks Chinese', async () => {
    await changeLanguage('zh-CN', false);
    authStore.signIn('token-1', makeCurrentUser());
    routeFetch({ 'GET /notifications/preferences': () => jsonResponse(STORED) });
    renderWithProviders(<NotificationPreferences emailVerified />);
    expect(await screen.findByRole('switch', { name: '点赞 通知铃' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: '回复 电子邮件' })).toHaveDisplayValue('立即发送');
    expect(screen.getByRole('button', { name: '保存通知偏好' })).toBeDisabled();
  });
});

describe('Unsubscribe', () => {
  it('changes nothing until asked, then sends the one-click POST with the token', async () => {
    const { requests } = routeFetch({
      'POST /notifications/unsubscribe': () => jsonResponse({ topic: 'replies' }),
    });
    renderWithProviders(
      <Unsubscribe token="u.replies.mac" topic="replies" headingId="h" preferencesHref="/mypage" />,
    );
    expect(screen.getByText('Stop emails about replies?')).toBeInTheDocument();
    expect(requests).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Done: you will get no more emails about replies.',
    );
    const [post] = requests;
    expect(new URL(post!.url, 'http://localhost').searchParams.get('token')).toBe('u.replies.mac');
    expect(String(post!.body)).toBe('List-Unsubscribe=One-Click');
    expect(screen.getByRole('link', { name: 'Choose which emails you get' })).toHaveAttribute(
      'href',
      '/mypage',
    );
  });

  it('says why a link is refused, and that one without a token cannot work', async () => {
    routeFetch({
      'POST /notifications/unsubscribe': () =>
        jsonResponse(
          {
            detail: 'token: bad',
            code: 'unsubscribeLinkInvalid',
            errors: [
              {
                field: 'token',
                message:
                  'This unsubscribe link is not valid. Check that you opened the whole link, or change your notification emails on My Page.',
                code: 'unsubscribeLinkInvalid',
              },
            ],
          },
          422,
        ),
    });
    const { unmount } = renderWithProviders(
      <Unsubscribe token="forged" topic={null} headingId="h" preferencesHref="/mypage" />,
    );
    expect(screen.getByText('Stop these emails?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not unsubscribe');
    unmount();
    renderWithProviders(
      <Unsubscribe token={null} topic={null} headingId="h" preferencesHref="/mypage" />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('This page needs the whole link');
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  });
});
