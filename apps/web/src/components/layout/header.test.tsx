import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import { renderWithProviders } from '@/testing/render';
import { Header } from './header';

function resizeTo(width: number) {
  window.innerWidth = width;
  window.dispatchEvent(new Event('resize'));
}

function renderHeader(route: string) {
  return renderWithProviders(
    <>
      <Header walletSlot={<div data-testid="wallet-slot" />} />
      <Routes>
        <Route path="*" element={null} />
      </Routes>
    </>,
    { route },
  );
}

afterEach(() => {
  resizeTo(1024);
  // The switch tells the page its language; the next test starts in English.
  document.documentElement.lang = 'en';
});

describe('Header', () => {
  it('links Home, Forum, Reviews, Upload, Tokens and My Page, marking the current one', () => {
    resizeTo(1280);
    renderHeader('/forum/detail/abc');
    const nav = screen.getByRole('navigation', { name: 'Main' });

    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Home',
      'Forum',
      'Reviews',
      'Upload',
      'Tokens',
      'My Page',
    ]);
    expect(within(nav).getByRole('link', { name: 'Forum' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    expect(screen.getByTestId('wallet-slot')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /menu/i })).not.toBeInTheDocument();
  });

  it('folds the links into a menu below 768 px that closes after navigating', async () => {
    resizeTo(500);
    renderHeader('/');

    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const nav = screen.getByRole('navigation', { name: 'Main' });

    await userEvent.click(within(nav).getByRole('link', { name: 'Upload' }));
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the mobile menu with Escape', async () => {
    resizeTo(500);
    renderHeader('/');
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));

    await userEvent.keyboard('{Escape}');

    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveFocus();
  });

  it('shows all links again when the window grows past the breakpoint', () => {
    resizeTo(500);
    renderHeader('/');

    act(() => resizeTo(900));

    expect(screen.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });
});

describe('Header language switch', () => {
  it('turns the interface Chinese, remembers the choice and offers English back', async () => {
    resizeTo(1280);
    renderHeader('/');

    // The switch shows the other language in its own script, and says what it does.
    const toggle = screen.getByRole('button', { name: /Choose the language of the interface/ });
    expect(toggle).toHaveTextContent('中文');
    await userEvent.click(toggle);

    const nav = await screen.findByRole('navigation', { name: '主导航' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['首页', '论坛', '评审', '上传', '代币', '我的主页']);
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBe('zh-CN');
    expect(document.documentElement.lang).toBe('zh-CN');

    const back = screen.getByRole('button', { name: /选择界面语言/ });
    expect(back).toHaveTextContent('English');
    await userEvent.click(back);

    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('is in the bar of a 390 px phone, usable from the keyboard', async () => {
    resizeTo(390);
    renderHeader('/');

    const toggle = screen.getByRole('button', { name: /Choose the language of the interface/ });
    toggle.focus();
    await userEvent.keyboard('{Enter}');

    expect(await screen.findByRole('button', { name: '菜单' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Menu' })).not.toBeInTheDocument();
  });
});
