import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES, type FrozenRewardsEntry, type ModerationLogEntry } from '@symposia/shared';
import { ToastHost } from '@/components/ui/toast/toast';
import { jsonResponse, routeFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import { ModerationScreen } from './moderation-screen';

const frozen: FrozenRewardsEntry = {
  user: { id: 'u-ring', username: 'ringleader', avatar: '' },
  amount: '42.5',
  frozen_at: '2026-03-01T08:00:00.000Z',
  suspended_until: '2026-03-08T08:00:00.000Z',
};

const forfeitEntry: ModerationLogEntry = {
  id: 'l-2',
  moderator: { id: 'u-mod', username: 'mod', avatar: '' },
  action: 'forfeit_rewards',
  target_type: 'user',
  target_id: 'u-ring',
  note: 'Farming ring',
  report_id: null,
  suspended_until: null,
  amount: '42.5',
  signals: null,
  created_at: '2026-03-02T08:00:00.000Z',
};

function renderScreen(routes: Parameters<typeof routeFetch>[0]) {
  const handlers = routeFetch({ 'GET /moderation/reports': () => jsonResponse([]), ...routes });
  renderWithProviders(
    <>
      <ModerationScreen />
      <ToastHost />
    </>,
  );
  return handlers;
}

describe('Frozen rewards', () => {
  it('lists frozen balances and forfeits one with a required note, by keyboard', async () => {
    let list = [frozen];
    const { requests } = renderScreen({
      'GET /moderation/rewards/frozen': () => jsonResponse(list),
      'POST /moderation/users/u-ring/rewards': () => {
        list = [];
        return jsonResponse({ action: 'forfeit', amount: '42.5', pool_epoch: 7 });
      },
    });
    await userEvent.click(screen.getByRole('tab', { name: 'Frozen rewards' }));
    const row = (await screen.findAllByTestId('frozen-rewards-row'))[0]!;
    expect(row).toHaveTextContent('ringleader');
    expect(row).toHaveTextContent('42.5 tokens');

    within(row).getByRole('button', { name: 'Forfeit ringleader' }).focus();
    await userEvent.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', {
      name: 'Forfeit the 42.5 frozen tokens of ringleader',
    });
    const note = within(dialog).getByRole('textbox', { name: 'Note' });
    expect(note).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Forfeit' }));
    expect(within(dialog).getByText(MESSAGES.noteRequired)).toBeVisible();
    await userEvent.type(note, 'Farming ring');
    within(dialog).getByRole('button', { name: 'Forfeit' }).focus();
    await userEvent.keyboard('{Enter}');

    expect(await screen.findByText('No rewards are frozen.')).toBeVisible();
    const sent = requests.find((request) => request.method === 'POST')!;
    expect(JSON.parse(String(sent.body))).toEqual({ action: 'forfeit', note: 'Farming ring' });
    expect(await screen.findByText('Forfeited: 42.5 tokens of ringleader')).toBeVisible();
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Frozen rewards' })).toHaveFocus(),
    );
  });

  it('says a refusal in the dialog, and the log names the forfeit with its amount', async () => {
    renderScreen({
      'GET /moderation/rewards/frozen': () => jsonResponse([frozen]),
      'POST /moderation/users/u-ring/rewards': () =>
        jsonResponse({ detail: MESSAGES.nothingFrozen }, 409),
      'GET /moderation/log': () => jsonResponse([forfeitEntry]),
    });
    await userEvent.click(screen.getByRole('tab', { name: 'Frozen rewards' }));
    const row = (await screen.findAllByTestId('frozen-rewards-row'))[0]!;
    await userEvent.click(within(row).getByRole('button', { name: 'Release ringleader' }));
    const dialog = screen.getByRole('dialog', {
      name: 'Release the 42.5 frozen tokens of ringleader',
    });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Appeal');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Release' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.nothingFrozen);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await userEvent.click(screen.getByRole('tab', { name: 'Log' }));
    const table = await screen.findByRole('table', { name: 'Moderator actions, newest first' });
    expect(table).toHaveTextContent('Forfeited rewards (42.5 tokens)');
    expect(table).toHaveTextContent('Farming ring');
  });
});
