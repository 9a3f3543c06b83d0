import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Comment } from '../types';
import { authStore } from '@/lib/auth-store';
import { changeLanguage } from '@/lib/i18n';
import { jsonResponse, routeFetch } from '@/testing/fetch-mock';
import { makeCurrentUser } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { makeComment, makeReply, threadRoutes } from '../testing/fixtures';
import { CommentsSection } from './comments-section';

const at = (seconds: number) => new Date(Date.UTC(2026, 2, 1, 8, 0, seconds)).toISOString();

/** The element that keeps a text as its author wrote it (translate="no"), if any. */
const untranslated = (element: HTMLElement) => element.closest('[translate="no"]');

function renderSection(comments: Comment[]) {
  routeFetch(
    threadRoutes('post-1', () => comments, {
      'GET /comments/post/post-1/liked': () => jsonResponse({ liked: [] }),
    }),
  );
  return renderWithProviders(<CommentsSection postId="post-1" />);
}

describe('the comments section in Chinese', () => {
  it('labels the section, threads and actions in Chinese; names and texts stay as written', async () => {
    await changeLanguage('zh-CN');
    authStore.signIn('token-1', makeCurrentUser({ id: 'me', username: 'me' }));
    const root = makeComment({ username: 'alice', createdAt: at(1), content: 'Nice result' });
    const mine = makeReply(root, {
      userId: 'me',
      username: 'me',
      createdAt: at(2),
      content: 'Thanks',
      likes: 2,
    });
    renderSection([
      root,
      mine,
      makeReply(root, { createdAt: at(3) }),
      makeReply(root, { createdAt: at(4) }),
    ]);

    expect(await screen.findByRole('heading', { level: 2, name: '评论 (4)' })).toBeVisible();
    expect(screen.getByRole('button', { name: '发表评论' })).toBeVisible();
    expect(screen.getByRole('list', { name: '评论' })).toBeVisible();
    expect(screen.getByRole('article', { name: 'alice 的评论' })).toBeVisible();
    expect(screen.getByRole('button', { name: '展开其余 2 条回复' })).toBeVisible();

    const body = screen.getByText('Nice result');
    expect(untranslated(body)).not.toBeNull();
    const name = screen.getByRole('link', { name: 'alice' });
    expect(untranslated(name)).toBe(name);

    const reply = screen.getByRole('article', { name: 'me 的评论' });
    // jsdom, without layout, reads each of a name's elements with spaces around it.
    expect(within(reply).getByRole('button', { name: /^回复\s*me$/ })).toBeVisible();
    expect(within(reply).getByRole('button', { name: /^编辑\s?你的评论$/ })).toBeVisible();
    const like = within(reply).getByRole('button', { name: /^给 me\s*的评论点赞：\s*2 个赞$/ });
    expect(untranslated(within(like).getByText('me'))).not.toBeNull();

    await userEvent.click(within(reply).getByRole('button', { name: /^删除/ }));
    const confirm = screen.getByRole('alertdialog', { name: '删除这条评论？' });
    expect(confirm).toHaveTextContent('你的评论将被删除。');
    expect(within(confirm).getByRole('button', { name: '删除' })).toBeVisible();
  });

  it('opens the comment box in Chinese', async () => {
    await changeLanguage('zh-CN');
    renderSection([]);

    await userEvent.click(await screen.findByRole('button', { name: '发表评论' }));
    expect(screen.getByRole('textbox', { name: '你的评论' })).toHaveFocus();
    expect(screen.getByRole('button', { name: '提交' })).toBeDisabled();
    expect(screen.getByText(/^Ctrl\+Enter（Mac 上为 ⌘\+Enter）提交；Esc 取消。/)).toBeVisible();
  });
});
