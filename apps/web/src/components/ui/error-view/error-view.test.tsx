import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@symposia/shared';
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
