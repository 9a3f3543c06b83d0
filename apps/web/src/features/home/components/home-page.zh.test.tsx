import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { HOME_STATS } from '@symposia/shared';
import { changeLanguage } from '@/lib/i18n';
import { zhCN } from '@/locales/zh-CN';
import { renderWithProviders } from '@/testing/render';
import { HomePage } from './home-page';

vi.mock('../utils/aos', () => ({ startAos: vi.fn(), refreshAos: vi.fn() }));
vi.mock('./particle-background', () => ({ default: () => null }));

describe('HomePage in Chinese', () => {
  it('says the hero, About, the features, the stats and the call to action in Chinese', async () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn(() => ({ matches: true, addEventListener: vi.fn(), removeEventListener: vi.fn() })),
    );
    await changeLanguage('zh-CN');
    renderWithProviders(<HomePage />);

    expect(screen.getByText(zhCN.screen.tagline)).toBeVisible();
    for (const slogan of zhCN.screen.slogans) expect(screen.getByText(slogan)).toBeVisible();
    expect(screen.getByRole('searchbox')).toHaveAttribute(
      'placeholder',
      zhCN.screen.homeSearchPlaceholder,
    );
    expect(screen.getByRole('button', { name: '探索' })).toBeVisible();

    const about = screen.getByRole('region', { name: '关于 Symposia' });
    expect(within(about).getByRole('list', { name: '平台提供' })).toBeVisible();
    const features = screen.getByRole('region', { name: '平台特色' });
    expect(
      within(features)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['代币奖励机制', 'AI 内容生成', '学术社区', '开放讨论与同行评议']);

    const stats = screen.getByRole('region', { name: 'Symposia 数据一览' });
    expect(within(stats).getAllByRole('listitem')).toHaveLength(HOME_STATS.length);
    expect(within(stats).getByText('研究者')).toBeVisible();
    expect(screen.getByRole('link', { name: '立即注册' })).toHaveAttribute('href', '/register');
  });
});
