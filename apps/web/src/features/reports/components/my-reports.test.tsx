import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MY_PAGE_LIST_PAGE_SIZE, type MyReport } from '@symposia/shared';
import { changeLanguage } from '@/lib/i18n';
import { jsonResponse, routeFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import { MyReportsPanel } from './my-reports';

const report = (fields: Partial<MyReport> & Pick<MyReport, 'id'>): MyReport => ({
  target_type: 'post',
  target_id: 'p-1',
  post_id: 'p-1',
  reason: 'spam',
  note: '',
  status: 'open',
  outcome: null,
  created_at: '2026-03-01T08:00:00.000Z',
  resolved_at: null,
  ...fields,
});

const dismissed = report({
  id: 'r-1',
  target_type: 'comment',
  target_id: 'c-9',
  reason: 'abuse',
  note: 'Name-calling in the thread',
  status: 'resolved',
  outcome: 'dismiss',
  resolved_at: '2026-03-02T09:30:00.000Z',
});
const hidden = report({
  id: 'r-2',
  status: 'resolved',
  outcome: 'hide',
  resolved_at: '2026-03-02T10:00:00.000Z',
});
const open = report({ id: 'r-3', target_type: 'user', target_id: 'u-7', post_id: null });

const entry = (id: string) => document.querySelector(`[data-report-id="${id}"]`) as HTMLElement;

describe('My Page › Reports', () => {
  it('lists each report with what it was on, its status and the outcome, and links to what can still be seen', async () => {
    routeFetch({ 'GET /reports/mine': () => jsonResponse([dismissed, hidden, open]) });
    renderWithProviders(<MyReportsPanel />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your reports…');
    expect(await screen.findByRole('heading', { name: 'My reports', level: 2 })).toBeVisible();
    await screen.findAllByRole('listitem');

    const first = entry('r-1');
    expect(first).toHaveTextContent('Comment');
    expect(first).toHaveTextContent('Resolved');
    expect(first).toHaveTextContent('Dismissed: the moderators found nothing to act on.');
    expect(first).toHaveTextContent('Reason: Abuse or harassment');
    expect(within(first).getByText('Name-calling in the thread')).toHaveAttribute(
      'translate',
      'no',
    );
    expect(within(first).getAllByRole('time')).toHaveLength(2);
    expect(within(first).getByRole('link', { name: 'View the comment' })).toHaveAttribute(
      'href',
      '/forum/detail/p-1#comment-c-9',
    );

    // Hidden by the moderators: gone for the reporter, so no link.
    expect(entry('r-2')).toHaveTextContent('The moderators hid what you reported.');
    expect(within(entry('r-2')).queryByRole('link')).toBeNull();

    expect(entry('r-3')).toHaveTextContent('Member');
    expect(entry('r-3')).toHaveTextContent('Open');
    expect(entry('r-3')).toHaveTextContent('The moderators have not decided yet.');
    expect(within(entry('r-3')).getByRole('link', { name: 'View the profile' })).toHaveAttribute(
      'href',
      '/author/u-7',
    );
    // One page, shorter than a full one: nothing more to load.
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('loads the next page with Load more, by keyboard, as the other lists of My Page', async () => {
    const full = Array.from({ length: MY_PAGE_LIST_PAGE_SIZE }, (_, index) =>
      report({ id: `r-${index}` }),
    );
    const { requests } = routeFetch({
      'GET /reports/mine': (request) =>
        jsonResponse(
          new URL(request.url, 'http://x').searchParams.get('skip') === '0' ? full : [open],
        ),
    });
    renderWithProviders(<MyReportsPanel />);
    const more = await screen.findByRole('button', { name: 'Load more' });
    more.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('Member')).toBeVisible();
    expect(screen.getAllByRole('listitem')).toHaveLength(MY_PAGE_LIST_PAGE_SIZE + 1);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(requests.map((request) => new URL(request.url, 'http://x').search)).toEqual([
      `?skip=0&limit=${MY_PAGE_LIST_PAGE_SIZE}`,
      `?skip=${MY_PAGE_LIST_PAGE_SIZE}&limit=${MY_PAGE_LIST_PAGE_SIZE}`,
    ]);
  });

  it('says when there are none, and when they could not be loaded, with Retry', async () => {
    let fail = true;
    routeFetch({
      'GET /reports/mine': () =>
        fail ? jsonResponse({ detail: 'Database unavailable' }, 503) : jsonResponse([]),
    });
    renderWithProviders(<MyReportsPanel />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your reports could not be loaded.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'No reports yet' })).toBeVisible();
    expect(
      screen.getByText(/When you report a post, a comment, a review or a member/),
    ).toBeVisible();
  });

  it('speaks Chinese', async () => {
    await changeLanguage('zh-CN');
    routeFetch({ 'GET /reports/mine': () => jsonResponse([dismissed, open]) });
    renderWithProviders(<MyReportsPanel />);
    expect(await screen.findByRole('heading', { name: '我的举报' })).toBeVisible();
    await screen.findAllByRole('listitem');
    expect(entry('r-1')).toHaveTextContent('评论');
    expect(entry('r-1')).toHaveTextContent('已处理');
    expect(entry('r-1')).toHaveTextContent('已驳回：版主未发现需要处理的问题。');
    expect(entry('r-1')).toHaveTextContent('原因：辱骂或骚扰');
    expect(within(entry('r-1')).getByRole('link', { name: '查看评论' })).toBeVisible();
    expect(entry('r-3')).toHaveTextContent('待处理');
    expect(entry('r-3')).toHaveTextContent('版主尚未处理。');
  });
});
