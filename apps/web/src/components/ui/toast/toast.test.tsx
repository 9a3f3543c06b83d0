import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TOAST_DURATION_MS } from '@symposia/shared';
import { changeLanguage } from '@/lib/i18n';
import { ToastHost, notify } from './toast';

describe('toasts', () => {
  it('show a title with details and a progress bar timed to close after 5000 ms', async () => {
    render(<ToastHost />);

    act(() => notify.error('failed to update title', 'please try again later'));

    expect(await screen.findByText('failed to update title')).toBeInTheDocument();
    expect(screen.getByText('please try again later')).toBeInTheDocument();
    const progress = screen.getByRole('progressbar', { hidden: true });
    expect(progress).toHaveStyle({ animationDuration: `${TOAST_DURATION_MS}ms` });
  });

  describe('in Chinese', () => {
    afterEach(() => changeLanguage('en'));

    it('names the close button and the timer in Chinese', async () => {
      await changeLanguage('zh-CN');
      render(<ToastHost />);

      act(() => notify.info('saved'));

      expect(await screen.findByText('saved')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: '关闭', hidden: true })).toBeInTheDocument();
      expect(
        screen.getByRole('progressbar', { name: '此通知自动关闭前的剩余时间', hidden: true }),
      ).toBeInTheDocument();
    });
  });
});
