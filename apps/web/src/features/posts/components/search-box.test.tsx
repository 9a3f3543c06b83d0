import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SearchBox } from './search-box';

describe('SearchBox', () => {
  it('is pre-filled and submits the trimmed query with the button or Enter', async () => {
    const onSearch = vi.fn();
    render(
      <SearchBox
        action="/forum"
        keep={new URLSearchParams()}
        initialValue="quantum"
        onSearch={onSearch}
      />,
    );
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

  it('is a GET form of the forum address that carries its other parameters, for the browser to submit before hydration', () => {
    render(
      <SearchBox
        action="/forum"
        keep={new URLSearchParams({ tag: 'physics', sort: 'likes_desc' })}
        initialValue=""
        onSearch={() => {}}
      />,
    );
    const form = screen.getByRole('search');
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/forum');
    expect(new URLSearchParams(new FormData(form as HTMLFormElement) as never).toString()).toBe(
      'tag=physics&sort=likes_desc&search=',
    );
  });
});
