import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import type { ReviewStatusFilter } from '../utils/review-status-param';
import { parseReviewStatusParam } from '../utils/review-status-param';
import { ReviewStatusFilterButtons } from './review-status-filter';

function Harness({ onChange }: { onChange: (status: ReviewStatusFilter | undefined) => void }) {
  const [status, setStatus] = useState<ReviewStatusFilter | undefined>();
  return (
    <ReviewStatusFilterButtons
      status={status}
      onChange={(next) => {
        onChange(next);
        setStatus(next);
      }}
    />
  );
}

describe('ReviewStatusFilterButtons', () => {
  it('presses one status at a time; All shows every post', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const all = screen.getByRole('button', { name: 'All' });
    expect(all).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'Validated' }));
    expect(onChange).toHaveBeenLastCalledWith('validated');
    expect(screen.getByRole('button', { name: 'Validated' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(all).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(all);
    expect(onChange).toHaveBeenLastCalledWith(undefined);
  });

  it('reads only the statuses it offers from the address', () => {
    expect(parseReviewStatusParam('disputed')).toBe('disputed');
    expect(parseReviewStatusParam('unreviewed')).toBeUndefined();
    expect(parseReviewStatusParam('nonsense')).toBeUndefined();
  });

  it('speaks Chinese', async () => {
    await changeLanguage('zh-CN');
    render(<Harness onChange={vi.fn()} />);
    expect(screen.getByRole('group', { name: '按评审状态筛选' })).toBeVisible();
    expect(screen.getByRole('button', { name: '评审中' })).toBeVisible();
  });
});
