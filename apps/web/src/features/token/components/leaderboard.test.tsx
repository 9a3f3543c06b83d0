import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Leaderboard as LeaderboardData } from '@symposia/shared';
import { authStore } from '@/lib/auth-store';
import { jsonResponse, routeFetch, type RecordedRequest } from '@/testing/fetch-mock';
import { makeCurrentUser } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { Leaderboard } from './leaderboard';

const epoch = (id: number) => ({
  id,
  starts_at: `2026-02-0${id}T00:00:00.000Z`,
  ends_at: `2026-02-0${id + 1}T00:00:00.000Z`,
});

const board = (id: number): LeaderboardData => ({
  epoch: epoch(id),
  entries: [
    { rank: 1, user_id: 'u-ada', username: 'ada', avatar: '', score: 42.5, amount: '500' },
    { rank: 2, user_id: null, username: 'Anonymous', avatar: '', score: 30, amount: '352.75' },
    { rank: 3, user_id: 'u-bob', username: `bob${id}`, avatar: '', score: 1, amount: '12' },
  ],
});

const epochAsked = (request: RecordedRequest) =>
  new URL(request.url, 'http://localhost').searchParams.get('epoch');

const region = () => screen.getByRole('region', { name: 'Leaderboard' });

describe('Leaderboard', () => {
  it('ranks the members of the last ended epoch; Anonymous is not linked', async () => {
    authStore.signIn('tok', makeCurrentUser({ id: 'u-bob' }));
    routeFetch({ 'GET /rewards/leaderboard': () => jsonResponse(board(3)) });
    renderWithProviders(<Leaderboard />);

    const table = await within(region()).findByRole('table', {
      name: 'Top members of epoch 3, ended 2026-02-04 08:00',
    });
    const rows = within(table).getAllByTestId('leaderboard-row');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^1.*ada.*42\.5.*500$/),
      expect.stringMatching(/^2.*Anonymous.*30.*352\.75$/),
      expect.stringMatching(/^3.*bob3.*\(you\).*1.*12$/),
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'ada' })).toHaveAttribute(
      'href',
      '/author/u-ada',
    );
    expect(within(rows[1]!).queryByRole('link')).not.toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Rank', 'Member', 'Score', 'Tokens']);
  });

  it('before the first epoch ends, says so', async () => {
    routeFetch({ 'GET /rewards/leaderboard': () => jsonResponse({ epoch: null, entries: [] }) });
    renderWithProviders(<Leaderboard />);
    expect(await within(region()).findByText(/No epoch has ended yet/)).toBeVisible();
    expect(within(region()).queryByRole('button')).not.toBeInTheDocument();
  });

  it('an epoch nobody earned in is said, not shown as an empty table', async () => {
    routeFetch({
      'GET /rewards/leaderboard': () => jsonResponse({ epoch: epoch(1), entries: [] }),
    });
    renderWithProviders(<Leaderboard />);
    expect(await within(region()).findByText('Nobody earned tokens in epoch 1.')).toBeVisible();
    expect(within(region()).queryByRole('table')).not.toBeInTheDocument();
  });

  it('goes back to earlier epochs and forward to the last one', async () => {
    const { requests } = routeFetch({
      'GET /rewards/leaderboard': (request) =>
        jsonResponse(board(Number(epochAsked(request) ?? 3))),
    });
    renderWithProviders(<Leaderboard />);
    const previous = await within(region()).findByRole('button', { name: /Previous epoch/ });
    const next = within(region()).getByRole('button', { name: /Next epoch/ });
    expect(next).toHaveAttribute('aria-disabled', 'true');

    await userEvent.click(previous);
    expect(await within(region()).findByText('bob2')).toBeVisible();
    expect(next).not.toHaveAttribute('aria-disabled');
    await userEvent.click(previous);
    expect(await within(region()).findByText('bob1')).toBeVisible();
    expect(previous).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(previous);
    expect(previous).toHaveFocus();

    await userEvent.click(next);
    await userEvent.click(await within(region()).findByRole('button', { name: /Next epoch/ }));
    await waitFor(() => expect(within(region()).getByText('bob3')).toBeVisible());
    // The last one is asked by default again (it may have moved on meanwhile).
    expect(requests.map(epochAsked)).toEqual([null, '2', '1', '2', null]);
  });

  it('a failed load offers Retry', async () => {
    let fail = true;
    routeFetch({
      'GET /rewards/leaderboard': () =>
        fail ? jsonResponse({ detail: 'Service Unavailable' }, 503) : jsonResponse(board(3)),
    });
    renderWithProviders(<Leaderboard />);
    expect(await within(region()).findByRole('alert')).toHaveTextContent(
      'The leaderboard could not be loaded.',
    );
    fail = false;
    await userEvent.click(within(region()).getByRole('button', { name: 'Retry' }));
    expect(await within(region()).findByRole('table')).toBeVisible();
  });
});
