import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Leaderboard, RewardsMe, TokenInfo } from '@symposia/shared';
import { authStore } from '@/lib/auth-store';
import { changeLanguage } from '@/lib/i18n';
import { zhCN } from '@/locales/zh-CN';
import { jsonResponse, routeFetch } from '@/testing/fetch-mock';
import { makeCurrentUser } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { TokenScreen } from './token-screen';

const info: TokenInfo = {
  enabled: true,
  network_name: 'Local chain (embedded)',
  cluster: 'embedded',
  mint: 'So11111111111111111111111111111111111111112',
  decimals: 9,
  limits: {
    per_request: 100,
    per_user_daily: 500,
    per_address_daily: 500,
    per_ip_daily: 1000,
    global_daily: 100000,
  },
  explorer_tx_url: null,
};

const rewards: RewardsMe = {
  claimable: '1250.5',
  frozen: '0',
  pending_score: 17,
  epoch: { id: 4, ends_at: '2099-03-08T00:00:00.000Z' },
  history: [{ epoch: 3, score: 21, amount: '1', claimed_at: null, signature: null, hold: null }],
  total_earned: '1290.5',
  claim_allowed_from: null,
  min_claim: '10',
};

const board: Leaderboard = {
  epoch: { id: 3, starts_at: '2026-02-03T00:00:00.000Z', ends_at: '2026-02-04T00:00:00.000Z' },
  entries: [
    { rank: 1, user_id: 'u-ada', username: 'ada', avatar: '', score: 42.5, amount: '500' },
    { rank: 2, user_id: null, username: 'Anonymous', avatar: '', score: 30, amount: '352.75' },
  ],
};

describe('the Token page in Chinese', () => {
  it('says the faucet form, the rewards and the leaderboard in Chinese', async () => {
    await changeLanguage('zh-CN');
    authStore.signIn('tok', makeCurrentUser());
    routeFetch({
      'GET /token/info': () => jsonResponse(info),
      'GET /rewards/me': () => jsonResponse(rewards),
      'GET /rewards/leaderboard': () => jsonResponse(board),
    });
    renderWithProviders(<TokenScreen walletPanel={null} walletAddress={null} linkedWallets={[]} />);

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(zhCN.screen.tokenTitle);
    expect(screen.getByLabelText('接收地址')).toHaveAttribute('placeholder', 'Solana 钱包地址');
    expect(await screen.findByText('每次最多申领 100 个代币。')).toBeVisible();
    expect(screen.getByRole('button', { name: '申领代币' })).toBeVisible();

    const rewardsCard = screen.getByRole('region', { name: '我的奖励' });
    expect(await within(rewardsCard).findByTestId('rewards-claimable')).toHaveTextContent(
      '1,250.5 个代币',
    );
    expect(within(rewardsCard).getByText('第 4 期目前得分')).toBeVisible();
    // The countdown's units are Chinese too.
    expect(within(rewardsCard).getByTestId('epoch-countdown')).toHaveTextContent(/\d+ 天 \d+ 小时/);
    expect(within(rewardsCard).getByText('第 3 期')).toBeVisible();
    expect(within(rewardsCard).getByText('尚未领取')).toBeVisible();
    expect(within(rewardsCard).getByRole('link', { name: '前往“我的主页”绑定钱包' })).toBeVisible();

    const leaderboard = screen.getByRole('region', { name: '排行榜' });
    const table = await within(leaderboard).findByRole('table', {
      name: '第 3 期排名靠前的成员（2026-02-04 08:00 结束）',
    });
    // A member the reader may not know is 'Anonymous' in the reader's language.
    expect(within(table).getByText(zhCN.messages.anonymous)).toBeVisible();
    expect(within(table).getByRole('link', { name: 'ada' })).toHaveAttribute('translate', 'no');
  });

  it('checks the form in Chinese', async () => {
    await changeLanguage('zh-CN');
    authStore.signIn('tok', makeCurrentUser());
    routeFetch({
      'GET /token/info': () => jsonResponse(info),
      'GET /rewards/me': () => jsonResponse(rewards),
      'GET /rewards/leaderboard': () => jsonResponse(board),
    });
    renderWithProviders(<TokenScreen walletPanel={null} walletAddress={null} linkedWallets={[]} />);

    await userEvent.click(screen.getByRole('button', { name: '申领代币' }));
    expect(await screen.findByText(zhCN.messages.enterReceivingAddress)).toBeVisible();
    expect(await screen.findByText(zhCN.messages.tokenAmountInvalid)).toBeVisible();
  });
});
