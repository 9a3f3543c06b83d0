import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ModerationLogEntry, ModerationQueueItem } from '@symposia/shared';
import { changeLanguage } from '@/lib/i18n';
import { jsonResponse, routeFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import { ModerationScreen } from './moderation-screen';

const item: ModerationQueueItem = {
  report_id: 'r-1',
  target_type: 'comment',
  target_id: 'c-1',
  target: { title: '', text: 'Cheap pills', post_id: 'p-1', hidden: false, deleted: false },
  author: { id: 'u-alice', username: 'alice', avatar: '' },
  report_count: 3,
  reasons: [
    { reason: 'spam', count: 2 },
    { reason: 'abuse', count: 1 },
  ],
  notes: [
    {
      reporter: { id: 'u-carol', username: 'carol', avatar: '' },
      note: 'Advertising',
      created_at: '2026-03-01T08:00:00.000Z',
    },
  ],
  first_reported_at: '2026-03-01T08:00:00.000Z',
  status: 'open',
  outcome: null,
};

const reviewItem: ModerationQueueItem = {
  ...item,
  report_id: 'r-2',
  target_type: 'review',
  target_id: 'rv-1',
  target: { title: 'Findings', text: 'Buy tokens', post_id: 'p-1', hidden: false, deleted: false },
  author: { id: 'u-carol', username: 'carol', avatar: '' },
  notes: [],
};

const logEntry: ModerationLogEntry = {
  id: 'l-1',
  moderator: { id: 'u-mod', username: 'mod', avatar: '' },
  action: 'suspend',
  target_type: 'user',
  target_id: 'u-alice',
  note: 'Spam wave',
  report_id: 'r-9',
  suspended_until: '2026-03-08T08:00:00.000Z',
  amount: null,
  signals: null,
  created_at: '2026-03-01T08:00:00.000Z',
};

describe('the moderation queue in Chinese', () => {
  it('says the queue, the reasons, the actions and the log in Chinese; user content is marked', async () => {
    await changeLanguage('zh-CN');
    routeFetch({
      'GET /moderation/reports': () => jsonResponse([item, reviewItem]),
      'GET /moderation/log': () => jsonResponse([logEntry]),
    });
    renderWithProviders(<ModerationScreen />);

    expect(screen.getByRole('heading', { level: 1, name: '内容审核' })).toBeVisible();
    expect(screen.getByRole('tab', { name: '待处理' })).toBeVisible();

    const article = await screen.findByRole('article', { name: '评论 作者 alice' });
    expect(article).toHaveTextContent('3 次举报');
    expect(within(article).getByText('垃圾信息')).toBeVisible();
    expect(within(article).getByText('辱骂或骚扰')).toBeVisible();
    expect(within(article).getByText('Cheap pills')).toHaveAttribute('translate', 'no');
    expect(within(article).getByText('Advertising')).toHaveAttribute('translate', 'no');
    expect(within(article).getByRole('link', { name: /^在原处查看/ })).toBeVisible();
    expect(
      within(article)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['驳回', '隐藏', '删除', '封禁']);

    await userEvent.click(within(article).getByRole('button', { name: '隐藏' }));
    const dialog = screen.getByRole('dialog', { name: '确定要隐藏alice 的评论吗？' });
    expect(within(dialog).getByRole('textbox', { name: '备注' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // A review: named by its reviewer, with its post's title.
    const review = await screen.findByRole('article', { name: '评审 作者 carol' });
    expect(within(review).getByText('Findings')).toHaveAttribute('translate', 'no');
    await userEvent.click(within(review).getByRole('button', { name: '隐藏' }));
    expect(screen.getByRole('dialog', { name: '确定要隐藏carol 的评审吗？' })).toBeVisible();
    await userEvent.keyboard('{Escape}');

    await userEvent.click(screen.getByRole('tab', { name: '日志' }));
    const row = await screen.findByRole('row', { name: /Spam wave/ });
    expect(row).toHaveTextContent('封禁 至 2026-03-08 16:00');
    expect(within(row).getByText('Spam wave')).toHaveAttribute('translate', 'no');
    expect(within(row).getByRole('link', { name: '用户' })).toHaveAttribute(
      'href',
      '/author/u-alice',
    );
  });
});
