import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TOAST_DURATION_MS } from '@symposia/shared';
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
});
