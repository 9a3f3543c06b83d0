import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { SortOption } from '@symposia/shared';
import { SortButtons } from './sort-buttons';

function Harness({ onChange }: { onChange: (sort: SortOption | undefined) => void }) {
  const [sort, setSort] = useState<SortOption | undefined>();
  return (
    <SortButtons
      sort={sort}
      onChange={(next) => {
        onChange(next);
        setSort(next);
      }}
    />
  );
}

const hot = () => screen.getByRole('button', { name: /^Hot/ });
const recent = () => screen.getByRole('button', { name: /^Recent/ });

describe('SortButtons', () => {
  it('cycles Hot through descending, ascending and none, shown by aria-pressed and an arrow', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    expect(hot()).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(hot());
    expect(onChange).toHaveBeenLastCalledWith('likes_desc');
    expect(hot()).toHaveAttribute('aria-pressed', 'true');
    expect(hot()).toHaveAccessibleName('Hot (descending)');
    expect(hot()).toHaveTextContent('↓');

    await userEvent.click(hot());
    expect(onChange).toHaveBeenLastCalledWith('likes_asc');
    expect(hot()).toHaveAccessibleName('Hot (ascending)');
    expect(hot()).toHaveTextContent('↑');

    await userEvent.click(hot());
    expect(onChange).toHaveBeenLastCalledWith(undefined);
    expect(hot()).toHaveAttribute('aria-pressed', 'false');
    expect(hot()).toHaveAccessibleName('Hot');
  });

  it('pressing Recent resets Hot, and the other way round', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);

    await userEvent.click(hot());
    await userEvent.click(hot());
    await userEvent.click(recent());
    expect(onChange).toHaveBeenLastCalledWith('time_desc');
    expect(hot()).toHaveAttribute('aria-pressed', 'false');
    expect(recent()).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(hot());
    expect(onChange).toHaveBeenLastCalledWith('likes_desc');
    expect(recent()).toHaveAttribute('aria-pressed', 'false');
  });

  it('reflects a sort that came from the address', () => {
    render(<SortButtons sort="time_asc" onChange={() => {}} />);
    expect(recent()).toHaveAttribute('aria-pressed', 'true');
    expect(recent()).toHaveAccessibleName('Recent (ascending)');
    expect(hot()).toHaveAttribute('aria-pressed', 'false');
  });

  it('submits the sort each button leads to as `sort` in a form around them, none when it clears it', () => {
    render(<SortButtons sort="likes_asc" onChange={() => {}} />);
    // Hot ascending → none: no parameter; Recent → time descending.
    expect(hot()).toHaveAttribute('type', 'submit');
    expect(hot()).not.toHaveAttribute('name');
    expect(recent()).toHaveAttribute('name', 'sort');
    expect(recent()).toHaveAttribute('value', 'time_desc');
  });
});
