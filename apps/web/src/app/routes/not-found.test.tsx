import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@symposia/shared';
import { changeLanguage } from '@/lib/i18n';
import { NotFoundRoute } from './not-found';

function renderNotFound() {
  return render(
    <MemoryRouter initialEntries={['/no/such/page']}>
      <NotFoundRoute />
    </MemoryRouter>,
  );
}

describe('NotFoundRoute', () => {
  it('says the page is not found and links Home', async () => {
    renderNotFound();

    expect(
      screen.getByRole('heading', { name: MESSAGES.pageNotFoundTitle, level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.pageNotFoundText)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe(`${MESSAGES.pageNotFoundTitle} · Symposia`));
  });

  it('speaks Chinese, the tab title included', async () => {
    await changeLanguage('zh-CN', false);
    renderNotFound();

    expect(screen.getByRole('heading', { name: '页面不存在', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('此地址没有内容，可能已被移走，或链接有误。')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('页面不存在 · Symposia'));
  });
});
