import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SearchBox } from './search-box';

describe('SearchBox', () => {
  it('is pre-filled and submits the trimmed query with the button or Enter', async () => {
    const onSearch = vi.fn();
    render(<SearchBox initialValue="quantum" onSearch={onSearch} />);
    const box = screen.getByRole('searchbox', { name: 'Search posts' });
    expect(box).toHaveValue('quantum');

    await userEvent.clear(box);
    await userEvent.type(box, '  surface codes  ');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenLastCalledWith('surface codes');

    await userEvent.clear(box);
    await userEvent.type(box, 'ml{Enter}');
    expect(onSearch).toHaveBeenLastCalledWith('ml');
  });
});
