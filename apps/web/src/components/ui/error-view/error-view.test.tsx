import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@symposia/shared';
import { changeLanguage } from '@/lib/i18n';
import { ErrorView } from './error-view';

describe('ErrorView', () => {
  it("shows title 'Error' and the default message", () => {
    render(<ErrorView />);

    expect(screen.getByRole('heading', { name: 'Error' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.errorDefault);
    expect(screen.queryByLabelText('Details')).not.toBeInTheDocument();
  });

  it('runs the retry action and goes back one step', async () => {
    const onRetry = vi.fn();
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => {});
    render(
      <ErrorView message={MESSAGES.myPageLoadFailed} details="Server said no" onRetry={onRetry} />,
    );

    expect(screen.getByLabelText('Details')).toHaveTextContent('Server said no');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));

    expect(onRetry).toHaveBeenCalledOnce();
    expect(back).toHaveBeenCalledOnce();
  });
});

describe('ErrorView in Chinese', () => {
  it('shows its title, message and buttons in Chinese, and a known server detail too', async () => {
    await changeLanguage('zh-CN', false);
    render(<ErrorView message={MESSAGES.myPageLoadFailed} details={MESSAGES.internalError} />);

    expect(screen.getByRole('heading', { name: '错误' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('用户数据加载失败，请重试。');
    // The server's English detail is one of the product's messages: it is shown in Chinese.
    expect(screen.getByLabelText('详细信息')).toHaveTextContent('服务器出了点问题，请重试。');
    expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '返回' })).toBeInTheDocument();
  });

  it('leaves a detail that is not a product message as it is', async () => {
    await changeLanguage('zh-CN', false);
    render(<ErrorView details="TypeError: x is undefined" />);

    expect(screen.getByRole('alert')).toHaveTextContent('出错了');
    expect(screen.getByLabelText('详细信息')).toHaveTextContent('TypeError: x is undefined');
  });
});
