import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NewPostsBanner } from './new-posts-banner';

describe('NewPostsBanner', () => {
  it('is an empty polite live region until posts wait, so their arrival is announced', () => {
    const { rerender } = render(<NewPostsBanner waiting={false} onShow={() => {}} />);
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();

    rerender(<NewPostsBanner waiting onShow={() => {}} />);
    expect(screen.getByRole('status')).toBe(region);
    expect(
      screen.getByRole('button', { name: 'New posts — show' }).closest('[role="status"]'),
    ).toBe(region);
  });

  it('is reached with Tab and pressed with Enter or a click', async () => {
    const onShow = vi.fn();
    render(<NewPostsBanner waiting onShow={onShow} />);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'New posts — show' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onShow).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'New posts — show' }));
    expect(onShow).toHaveBeenCalledTimes(2);
  });
});
