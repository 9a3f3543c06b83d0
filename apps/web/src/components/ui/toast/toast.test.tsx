import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

  it('show a message raised again while it is up once, and again once it is closed', async () => {
    render(<ToastHost />);

    act(() => {
      notify.success('Your ORCID iD is linked.');
      notify.success('Your ORCID iD is linked.');
      notify.error('Your ORCID iD is linked.');
      notify.success('Your ORCID iD is linked.', 'with details');
    });

    expect(await screen.findAllByText('with details')).toHaveLength(1);
    // The same type, title and details once; an error or other details are other messages.
    const up = () =>
      screen
        .getAllByText('Your ORCID iD is linked.')
        .map((title) => title.closest<HTMLElement>('.Toastify__toast')!)
        .filter((toast) => !toast.className.includes('exit'));
    expect(up()).toHaveLength(3);
    const plain = up().find(
      (toast) => toast.className.includes('success') && !within(toast).queryByText('with details'),
    )!;
    await userEvent.click(within(plain).getByRole('button', { name: 'Close', hidden: true }));
    await expect.poll(() => up().length).toBe(2);
    act(() => notify.success('Your ORCID iD is linked.'));
    await expect.poll(() => up().length).toBe(3);
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
