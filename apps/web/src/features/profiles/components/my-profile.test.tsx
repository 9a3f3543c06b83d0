import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  MYPAGE_ACTIVITY_BAR_WIDTHS,
  MY_PAGE_LIST_PAGE_SIZE,
  type CurrentUser,
} from '@symposia/shared';
import { ToastHost } from '@/components/ui/toast/toast';
import { authStore, useAuth } from '@/lib/auth-store';
import { changeLanguage, i18n } from '@/lib/i18n';
import { jsonResponse, routeFetch, type RecordedRequest } from '@/testing/fetch-mock';
import { makeCurrentUser } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { MyProfile } from './my-profile';

/** My Page as the route renders it: the stored user, re-rendered when an edit replaces it. */
function StoredProfile() {
  const { user } = useAuth();
  return user ? (
    <>
      <MyProfile user={user} />
      <ToastHost />
    </>
  ) : null;
}

function renderMyPage(user: CurrentUser, routes: Parameters<typeof routeFetch>[0] = {}) {
  const fetch = routeFetch(routes);
  authStore.signIn('tok', user);
  renderWithProviders(<StoredProfile />);
  return fetch;
}

const form = (request: RecordedRequest) =>
  Object.fromEntries(new URLSearchParams(String(request.body)));

const withPosts = makeCurrentUser({
  posts: [
    {
      id: 'p-1',
      title: 'Open draft',
      date: '2026-03-01T16:30:00.000Z',
      likes: 2,
      comments: 1,
      visibility: 'private',
      review_status: 'unreviewed',
    },
    {
      id: 'p-2',
      title: 'Published work',
      date: '2026-03-02T16:30:00.000Z',
      likes: 0,
      comments: 0,
      visibility: 'public',
      review_status: 'unreviewed',
    },
  ],
  comments: [
    {
      id: 'c-1',
      postId: 'p-9',
      postTitle: 'Someone else',
      content: 'Nice result',
      date: '2026-03-03T00:00:00.000Z',
    },
  ],
  likes: [{ id: 'p-8', title: 'Liked post', date: '2026-03-04T00:00:00.000Z' }],
  stats: { posts: 2, comments: 1, likes: 5, activity_level: 3, tokens_earned: '12500.25' },
});

describe('MyProfile', () => {
  it('shows the profile with the email and phone, and tabs with ARIA roles', () => {
    renderMyPage(makeCurrentUser({ username: 'ada', title: 'Analyst' }));

    expect(screen.getByRole('heading', { name: 'ada', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Analyst', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByText('ada@example.org')).toBeInTheDocument();
    expect(screen.getByText('+44 20 7946 0000')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'https://example.org/ada' })).toHaveAttribute(
      'href',
      'https://example.org/ada',
    );
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Profile',
      'Posts',
      'Comments',
      'Likes',
      'Statistics',
    ]);
    expect(screen.getByRole('tabpanel', { name: 'Profile' })).toBeInTheDocument();
  });

  it('shows the Reviews tab the app composes, after Likes', async () => {
    const user = userEvent.setup();
    authStore.signIn('tok', makeCurrentUser());
    renderWithProviders(
      <MyProfile user={makeCurrentUser()} reviews={<p>The reviews written and received</p>} />,
    );
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Profile',
      'Posts',
      'Comments',
      'Likes',
      'Reviews',
      'Statistics',
    ]);
    await user.click(screen.getByRole('tab', { name: 'Reviews' }));
    expect(screen.getByRole('tabpanel', { name: 'Reviews' })).toHaveTextContent(
      'The reviews written and received',
    );
  });

  it('shows the empty states with their calls to action', async () => {
    const user = userEvent.setup();
    renderMyPage(makeCurrentUser());

    await user.click(screen.getByRole('tab', { name: 'Posts' }));
    expect(screen.getByRole('heading', { name: 'My Posts (0)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Your First Post' })).toHaveAttribute(
      'href',
      '/upload',
    );
    expect(screen.getByRole('link', { name: 'New Post' })).toHaveAttribute('href', '/upload');

    await user.click(screen.getByRole('tab', { name: 'Comments' }));
    expect(screen.getByRole('link', { name: 'Browse Posts' })).toHaveAttribute('href', '/forum');

    await user.click(screen.getByRole('tab', { name: 'Likes' }));
    expect(screen.getByRole('link', { name: 'Discover Content' })).toHaveAttribute(
      'href',
      '/forum',
    );
  });

  it('lists posts (private ones marked), comments and likes with links to the posts', async () => {
    const user = userEvent.setup();
    renderMyPage(withPosts);

    await user.click(screen.getByRole('tab', { name: 'Posts' }));
    const posts = screen.getByRole('tabpanel', { name: 'Posts' });
    expect(within(posts).getByRole('heading', { name: 'My Posts (2)' })).toBeInTheDocument();
    const items = within(posts).getAllByRole('listitem');
    expect(within(items[0]!).getByRole('link', { name: 'Open draft' })).toHaveAttribute(
      'href',
      '/forum/detail/p-1',
    );
    expect(within(items[0]!).getByText('Private')).toBeInTheDocument();
    expect(within(items[1]!).queryByText('Private')).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Comments' }));
    expect(screen.getByText('Nice result')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Someone else' })).toHaveAttribute(
      'href',
      '/forum/detail/p-9',
    );

    await user.click(screen.getByRole('tab', { name: 'Likes' }));
    expect(screen.getByRole('link', { name: 'Liked post' })).toHaveAttribute(
      'href',
      '/forum/detail/p-8',
    );
  });

  it('pages a tab on from GET /auth/me/{list} until the count is reached', async () => {
    const user = userEvent.setup();
    const comment = (index: number) => ({
      id: `c-${index}`,
      postId: `p-${index}`,
      postTitle: `Post ${index}`,
      content: `Remark ${index}`,
      date: '2026-03-03T00:00:00.000Z',
    });
    const total = MY_PAGE_LIST_PAGE_SIZE * 2 + 3;
    const all = Array.from({ length: total }, (_, index) => comment(index));
    const { requests } = renderMyPage(
      makeCurrentUser({
        comments: all.slice(0, MY_PAGE_LIST_PAGE_SIZE),
        stats: { posts: 0, comments: total, likes: 0, activity_level: 0, tokens_earned: '0' },
      }),
      {
        'GET /auth/me/comments': (request) => {
          const query = new URL(request.url, 'http://localhost').searchParams;
          const skip = Number(query.get('skip'));
          return jsonResponse(all.slice(skip, skip + Number(query.get('limit'))));
        },
      },
    );

    await user.click(screen.getByRole('tab', { name: 'Comments' }));
    const panel = screen.getByRole('tabpanel', { name: 'Comments' });
    expect(
      within(panel).getByRole('heading', { name: `My Comments (${total})` }),
    ).toBeInTheDocument();
    expect(within(panel).getAllByRole('listitem')).toHaveLength(MY_PAGE_LIST_PAGE_SIZE);
    // The first page came with /auth/me: nothing is asked until the member wants more.
    expect(requests).toHaveLength(0);

    await user.click(within(panel).getByRole('button', { name: 'Load more' }));
    expect(await within(panel).findByText('Remark 39')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Load more' }));
    expect(await within(panel).findByText(`Remark ${total - 1}`)).toBeInTheDocument();
    expect(within(panel).getAllByRole('listitem')).toHaveLength(total);
    expect(within(panel).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(requests.map((request) => new URL(request.url, 'http://localhost').search)).toEqual([
      `?skip=${MY_PAGE_LIST_PAGE_SIZE}&limit=${MY_PAGE_LIST_PAGE_SIZE}`,
      `?skip=${MY_PAGE_LIST_PAGE_SIZE * 2}&limit=${MY_PAGE_LIST_PAGE_SIZE}`,
    ]);
    // Three pages of items rendered and clicked through: more than the default on a busy machine.
  }, 20_000);

  it('offers no more than the first page when the count says there is no more', async () => {
    const user = userEvent.setup();
    renderMyPage(withPosts);
    await user.click(screen.getByRole('tab', { name: 'Likes' }));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('shows the statistics with the fixed 87% activity figure and bars', async () => {
    const user = userEvent.setup();
    renderMyPage(withPosts);

    await user.click(screen.getByRole('tab', { name: 'Statistics' }));
    const panel = screen.getByRole('tabpanel', { name: 'Statistics' });
    expect(
      within(panel)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    ).toEqual([
      ['Posts', '2'],
      ['Comments', '1'],
      ['Likes', '5'],
      ['Tokens earned', '12,500.25'],
    ]);
    expect(within(panel).getByText('87%')).toBeInTheDocument();
    expect(
      Array.from(panel.querySelectorAll<HTMLElement>('[data-width]')).map((bar) => bar.style.width),
    ).toEqual(MYPAGE_ACTIVITY_BAR_WIDTHS.map((width) => `${width}%`));
  });

  it('saves the username through modify_profile and shows the answer', async () => {
    const user = userEvent.setup();
    const stored = makeCurrentUser({ id: 'u-1', username: 'ada' });
    const { requests } = renderMyPage(stored, {
      'POST /modify/modify_profile': (request) =>
        jsonResponse({ ...stored, username: form(request).username }),
    });

    await user.click(screen.getByRole('button', { name: 'Edit username' }));
    const input = screen.getByRole('textbox', { name: 'Username' });
    await user.clear(input);
    await user.type(input, 'ada_l{Enter}');

    expect(await screen.findByRole('heading', { name: 'ada_l', level: 1 })).toBeInTheDocument();
    expect(form(requests[0]!)).toEqual({ user_id: 'u-1', username: 'ada_l' });
    await waitFor(() => expect(window.localStorage.getItem('username')).toBe('ada_l'));
  });

  it("restores the username and says why when it is taken: 'failed to update username'", async () => {
    const user = userEvent.setup();
    renderMyPage(makeCurrentUser({ username: 'ada' }), {
      'POST /modify/modify_profile': () => jsonResponse({ detail: MESSAGES.usernameTaken }, 409),
    });

    await user.click(screen.getByRole('button', { name: 'Edit username' }));
    const input = screen.getByRole('textbox', { name: 'Username' });
    await user.clear(input);
    await user.type(input, 'grace{Enter}');

    expect(await screen.findByText(MESSAGES.updateFailed('username'))).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.usernameTaken)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'ada', level: 1 })).toBeInTheDocument();
  });

  it('refuses a file that is not an image without calling the server', async () => {
    const { requests } = renderMyPage(makeCurrentUser());
    const input = screen.getByLabelText('Avatar image file');
    expect(input).toHaveAttribute('accept', 'image/*');

    fireEvent.change(input, {
      target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] },
    });

    expect(await screen.findByText(MESSAGES.avatarInvalidTypeToastTitle)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.avatarInvalidTypeToastDetails)).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('uploads an image as multipart user_id + new_avatar and shows the new avatar', async () => {
    const stored = makeCurrentUser({ id: 'u-1', username: 'ada', avatar: '' });
    const { requests } = renderMyPage(stored, {
      'POST /modify/modify_avatar': () => jsonResponse({ ...stored, avatar: '/ipfs/bafyavatar' }),
    });
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });

    fireEvent.change(screen.getByLabelText('Avatar image file'), { target: { files: [file] } });

    expect(await screen.findByAltText("ada's avatar")).toHaveAttribute('src', '/ipfs/bafyavatar');
    const body = requests[0]?.body as FormData;
    expect(body.get('user_id')).toBe('u-1');
    expect((body.get('new_avatar') as File).name).toBe('me.png');
  });

  it("says 'failed to update avatar' with the server's reason when the upload is refused", async () => {
    renderMyPage(makeCurrentUser(), {
      'POST /modify/modify_avatar': () =>
        jsonResponse({ detail: MESSAGES.avatarTooManyPixels }, 413),
    });
    fireEvent.change(screen.getByLabelText('Avatar image file'), {
      target: { files: [new File(['x'], 'huge.png', { type: 'image/png' })] },
    });

    expect(await screen.findByText(MESSAGES.updateFailed('avatar'))).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.avatarTooManyPixels)).toBeInTheDocument();
  });

  it('opens Settings as a dialog that takes focus, moves with the arrow keys and closes with Escape', async () => {
    const user = userEvent.setup();
    renderMyPage(makeCurrentUser());
    const opener = screen.getByRole('button', { name: 'Settings' });

    await user.click(opener);

    const dialog = screen.getByRole('dialog', { name: 'Settings' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveFocus();
    expect(within(dialog).getByRole('heading', { name: 'Privacy Settings' })).toBeInTheDocument();
    expect(
      within(dialog).getByRole('heading', { name: 'Contact Information' }),
    ).toBeInTheDocument();

    const grip = within(dialog).getByRole('button', { name: 'Move the settings window' });
    act(() => grip.focus());
    await user.keyboard('{ArrowRight}{ArrowDown}{ArrowDown}');
    expect(dialog.style.transform).toBe('translate(16px, 32px)');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('keeps Tab inside the settings window', async () => {
    const user = userEvent.setup();
    renderMyPage(makeCurrentUser());
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    const dialog = screen.getByRole('dialog', { name: 'Settings' });

    const close = within(dialog).getByRole('button', { name: 'Close settings' });
    const edit = within(dialog).getByRole('button', { name: 'Edit contact information' });
    act(() => edit.focus());
    await user.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
    act(() => close.focus());
    await user.tab({ shift: true });
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('saves only the non-empty contact values that changed', async () => {
    const user = userEvent.setup();
    const stored = makeCurrentUser({ id: 'u-1', email: 'ada@example.org', phone: '' });
    const { requests } = renderMyPage(stored, {
      'POST /modify/modify_email': (request) =>
        jsonResponse({ ...stored, email: form(request).new_email }),
      'POST /modify/modify_phone': () => jsonResponse(stored),
    });
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    const dialog = screen.getByRole('dialog', { name: 'Settings' });

    await user.click(within(dialog).getByRole('button', { name: 'Edit contact information' }));
    const email = within(dialog).getByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'ada@lovelace.org');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText('ada@lovelace.org')).toBeInTheDocument();
    expect(requests.map((request) => new URL(request.url, 'http://x').pathname)).toEqual([
      '/api/v1/modify/modify_email',
    ]);
    expect(form(requests[0]!)).toEqual({ user_id: 'u-1', new_email: 'ada@lovelace.org' });
  });

  it("says 'Failed to update phone' and keeps the form when the phone is refused", async () => {
    const user = userEvent.setup();
    renderMyPage(makeCurrentUser({ phone: '' }), {
      'POST /modify/modify_phone': () =>
        jsonResponse({ detail: 'new_phone: must be a phone number', errors: [] }, 422),
    });
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    const dialog = screen.getByRole('dialog', { name: 'Settings' });
    await user.click(within(dialog).getByRole('button', { name: 'Edit contact information' }));
    await user.type(within(dialog).getByLabelText('Phone'), 'call me');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(MESSAGES.updatePhoneFailed)).toBeInTheDocument();
    expect(screen.getByText('new_phone: must be a phone number')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Phone')).toHaveValue('call me');
  });
});

describe('MyProfile in Chinese', () => {
  it('shows My Page, its tabs and its settings in Chinese, the member’s own words untranslated', async () => {
    await changeLanguage('zh-CN', false);
    const user = userEvent.setup();
    renderMyPage({ ...withPosts, username: 'ada', title: 'Analyst' });

    expect(screen.getByText('我的主页')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'ada', level: 1 })).toHaveAttribute(
      'translate',
      'no',
    );
    expect(screen.getByText('Analyst')).toHaveAttribute('translate', 'no');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      '资料',
      '帖子',
      '评论',
      '点赞',
      '统计',
    ]);
    expect(screen.getByRole('button', { name: '编辑用户名' })).toBeInTheDocument();
    expect(screen.getByText('ada@example.org')).toHaveAttribute('translate', 'no');

    await user.click(screen.getByRole('tab', { name: '帖子' }));
    const posts = screen.getByRole('tabpanel', { name: '帖子' });
    expect(within(posts).getByRole('heading', { name: '我的帖子 (2)' })).toBeInTheDocument();
    expect(within(posts).getByText('2 个赞')).toBeInTheDocument();
    expect(within(posts).getByText('Open draft')).toHaveAttribute('translate', 'no');

    await user.click(screen.getByRole('tab', { name: '统计' }));
    expect(screen.getByText('获得的代币')).toBeInTheDocument();
    expect(screen.getByText('活跃度')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '设置' }));
    const dialog = screen.getByRole('dialog', { name: '设置' });
    expect(within(dialog).getByRole('switch', { name: '公开个人资料' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '编辑联系方式' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '修改密码' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '关闭设置' })).toBeInTheDocument();
  });

  it("names the field in Chinese in 'failed to update {{field}}'", async () => {
    await changeLanguage('zh-CN', false);
    const user = userEvent.setup();
    renderMyPage(makeCurrentUser({ username: 'ada' }), {
      'POST /modify/modify_profile': () => jsonResponse({ detail: MESSAGES.usernameTaken }, 409),
    });
    await user.click(screen.getByRole('button', { name: '编辑用户名' }));
    const input = screen.getByRole('textbox', { name: '用户名' });
    await user.clear(input);
    await user.type(input, 'grace{Enter}');

    const title = i18n.t('messages:updateFailed', { field: '用户名' });
    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(title).not.toBe(MESSAGES.updateFailed('username'));
  });
});
