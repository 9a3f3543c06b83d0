import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES, type ModerationLogEntry, type ModerationQueueItem } from '@symposia/shared';
import { ToastHost } from '@/components/ui/toast/toast';
import { jsonResponse, routeFetch, type RecordedRequest } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import { ModerationScreen } from './moderation-screen';
import { actionsFor } from './queue-item';

const alice = { id: 'u-alice', username: 'alice', avatar: '' };
const carol = { id: 'u-carol', username: 'carol', avatar: '' };

function makeItem(overrides: Partial<ModerationQueueItem> = {}): ModerationQueueItem {
  return {
    report_id: 'r-1',
    target_type: 'comment',
    target_id: 'c-1',
    target: { title: '', text: 'Cheap pills', post_id: 'p-1', hidden: false, deleted: false },
    author: alice,
    report_count: 3,
    reasons: [
      { reason: 'spam', count: 2 },
      { reason: 'abuse', count: 1 },
    ],
    notes: [{ reporter: carol, note: 'Advertising', created_at: '2026-03-01T08:00:00.000Z' }],
    first_reported_at: '2026-03-01T08:00:00.000Z',
    status: 'open',
    outcome: null,
    ...overrides,
  };
}

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

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

function renderScreen(routes: Record<string, Handler>) {
  const handlers = routeFetch(routes);
  renderWithProviders(
    <>
      <ModerationScreen />
      <ToastHost />
    </>,
  );
  return handlers;
}

/**
 * An open report on something on post p-1 (a review, a response): its post's title and its text
 * as user content, a link to it in place, and every action but Restore.
 */
function expectOpenOnPost(item: HTMLElement, shown: { title: string; text: string }) {
  expect(within(item).getByText(shown.title)).toHaveAttribute('translate', 'no');
  expect(within(item).getByText(shown.text)).toHaveAttribute('translate', 'no');
  expect(within(item).getByRole('link', { name: /^Open in place/ })).toHaveAttribute(
    'href',
    '/forum/detail/p-1',
  );
  expect(
    within(item)
      .getAllByRole('button')
      .map((button) => button.textContent),
  ).toEqual(['Dismiss', 'Hide', 'Delete', 'Suspend']);
}

const statusOf = (request: RecordedRequest) => new URL(request.url, 'http://x').searchParams;

describe('actionsFor', () => {
  it('offers what fits the target as it is', () => {
    expect(actionsFor(makeItem())).toEqual(['dismiss', 'hide', 'delete', 'suspend']);
    expect(actionsFor(makeItem({ target_type: 'user' }))).toEqual(['dismiss', 'suspend']);
    const hidden = makeItem({ target: { ...makeItem().target, hidden: true } });
    expect(actionsFor(hidden)).toEqual(['dismiss', 'delete', 'suspend', 'restore']);
    expect(actionsFor({ ...hidden, status: 'resolved', outcome: 'hide' })).toEqual(['restore']);
    expect(
      actionsFor(makeItem({ author: null, target: { ...makeItem().target, deleted: true } })),
    ).toEqual(['dismiss']);
  });
});

describe('ModerationScreen', () => {
  it('shows each target in place with its reports, and hides one with a required note', async () => {
    let open = [makeItem()];
    const { requests } = renderScreen({
      'GET /moderation/reports': () => jsonResponse(open),
      'POST /moderation/reports/r-1/resolve': () => {
        open = [];
        return jsonResponse({
          status: 'resolved',
          outcome: 'hide',
          resolved_count: 3,
          suspended_until: null,
        });
      },
    });

    const item = await screen.findByRole('article', { name: 'Comment by alice' });
    expect(item).toHaveTextContent('Cheap pills');
    expect(item).toHaveTextContent('3 reports');
    expect(within(item).getByText('Spam')).toBeVisible();
    expect(item).toHaveTextContent('× 2');
    expect(item).toHaveTextContent('carol: Advertising');
    expect(within(item).getByRole('link', { name: /^Open in place/ })).toHaveAttribute(
      'href',
      '/forum/detail/p-1#comment-c-1',
    );

    await userEvent.click(within(item).getByRole('button', { name: 'Hide' }));
    const dialog = screen.getByRole('dialog', { name: 'Hide the comment by alice?' });
    const note = within(dialog).getByRole('textbox', { name: 'Note' });
    expect(note).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide' }));
    expect(within(dialog).getByText('a note is required')).toBeVisible();
    await userEvent.type(note, 'Advertising');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide' }));

    expect(await screen.findByText(MESSAGES.noOpenReports)).toBeVisible();
    const resolve = requests.find((request) => request.method === 'POST')!;
    expect(JSON.parse(String(resolve.body))).toEqual({ action: 'hide', note: 'Advertising' });
    expect(await screen.findByText('3 reports resolved.')).toBeVisible();
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Open reports' })).toHaveFocus(),
    );
  });

  it('shows a reported review with its post and reviewer, and hides it', async () => {
    const review = makeItem({
      target_type: 'review',
      target_id: 'rv-1',
      target: {
        title: 'Findings',
        text: 'Buy tokens',
        post_id: 'p-1',
        hidden: false,
        deleted: false,
      },
    });
    const { requests } = renderScreen({
      'GET /moderation/reports': () => jsonResponse([review]),
      'POST /moderation/reports/r-1/resolve': () =>
        jsonResponse({
          status: 'resolved',
          outcome: 'hide',
          resolved_count: 3,
          suspended_until: null,
        }),
    });
    const item = await screen.findByRole('article', { name: 'Review by alice' });
    expectOpenOnPost(item, { title: 'Findings', text: 'Buy tokens' });
    await userEvent.click(within(item).getByRole('button', { name: 'Hide' }));
    const dialog = screen.getByRole('dialog', { name: 'Hide the review by alice?' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Advertising');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide' }));
    expect(await screen.findByText('3 reports resolved.')).toBeVisible();
    expect(requests.find((request) => request.method === 'POST')!.url).toContain(
      '/moderation/reports/r-1/resolve',
    );
  });

  it("shows a reported response with its excerpt and post; a hidden one is restored by its review's id", async () => {
    const response = (overrides: Partial<ModerationQueueItem>) =>
      makeItem({
        target_type: 'review_response',
        target_id: 'rv-1',
        target: {
          title: 'Findings',
          text: 'See example.org',
          post_id: 'p-1',
          hidden: false,
          deleted: false,
        },
        ...overrides,
      });
    const { requests } = renderScreen({
      'GET /moderation/reports': (request) =>
        jsonResponse([
          statusOf(request).get('status') === 'resolved'
            ? response({
                status: 'resolved',
                outcome: 'hide',
                target: { ...response({}).target, hidden: true },
              })
            : response({}),
        ]),
      'POST /moderation/review_response/rv-1/restore': () => new Response(null, { status: 204 }),
    });
    const item = await screen.findByRole('article', { name: 'Response to a review by alice' });
    expectOpenOnPost(item, { title: 'Findings', text: 'See example.org' });
    await userEvent.click(within(item).getByRole('button', { name: 'Hide' }));
    expect(
      screen.getByRole('dialog', { name: 'Hide the response by alice to a review?' }),
    ).toBeVisible();
    await userEvent.keyboard('{Escape}');

    await userEvent.click(screen.getByRole('tab', { name: 'Resolved' }));
    const hidden = await screen.findByRole('article', { name: 'Response to a review by alice' });
    expect(within(hidden).getByTestId('hidden-by-moderators')).toBeVisible();
    await userEvent.click(within(hidden).getByRole('button', { name: 'Restore' }));
    const dialog = screen.getByRole('dialog', {
      name: 'Restore the response by alice to a review?',
    });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Reconsidered');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'POST')).toBe(true));
    const sent = requests.find((request) => request.method === 'POST')!;
    expect(sent.url).toContain('/moderation/review_response/rv-1/restore');
    expect(JSON.parse(String(sent.body))).toEqual({ note: 'Reconsidered' });
  });

  it('suspends for a number of days, and says a refusal in the dialog', async () => {
    const { requests } = renderScreen({
      'GET /moderation/reports': () => jsonResponse([makeItem({ target_type: 'user' })]),
      'POST /moderation/reports/r-1/resolve': () =>
        jsonResponse({ detail: MESSAGES.cannotModerateModerator }, 422),
    });
    const item = await screen.findByRole('article', { name: 'Member by alice' });
    await userEvent.click(within(item).getByRole('button', { name: 'Suspend' }));
    const dialog = screen.getByRole('dialog', { name: 'Suspend the member alice?' });
    const days = within(dialog).getByRole('spinbutton', { name: 'Days' });
    expect(days).toHaveValue(7);
    await userEvent.clear(days);
    await userEvent.type(days, '30');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Spam wave');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      MESSAGES.cannotModerateModerator,
    );
    const sent = requests.find((request) => request.method === 'POST')!;
    expect(JSON.parse(String(sent.body))).toEqual({
      action: 'suspend',
      note: 'Spam wave',
      suspend_days: 30,
    });
  });

  it('a failed load says so with Retry; the resolved tab and the log load on their own', async () => {
    let fail = true;
    const { requests } = renderScreen({
      'GET /moderation/reports': (request) =>
        fail
          ? jsonResponse({ detail: 'Database unavailable' }, 503)
          : jsonResponse(
              statusOf(request).get('status') === 'resolved'
                ? [makeItem({ status: 'resolved', outcome: 'dismiss' })]
                : [],
            ),
      'GET /moderation/log': () => jsonResponse([logEntry]),
    });
    expect(await screen.findByText(MESSAGES.moderationLoadFailed)).toBeVisible();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(MESSAGES.noOpenReports)).toBeVisible();

    await userEvent.click(screen.getByRole('tab', { name: 'Resolved' }));
    const resolved = await screen.findByRole('article', { name: 'Comment by alice' });
    expect(resolved).toHaveTextContent('Dismissed');
    expect(within(resolved).queryByRole('button')).not.toBeInTheDocument();
    expect(requests.some((request) => statusOf(request).get('status') === 'resolved')).toBe(true);

    await userEvent.click(screen.getByRole('tab', { name: 'Log' }));
    const row = await screen.findByRole('row', { name: /Spam wave/ });
    expect(row).toHaveTextContent('mod');
    expect(row).toHaveTextContent('Suspended until');
    expect(within(row).getByRole('link', { name: 'Member' })).toHaveAttribute(
      'href',
      '/author/u-alice',
    );
  });
});
