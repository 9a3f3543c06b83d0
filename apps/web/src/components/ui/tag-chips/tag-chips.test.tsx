import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { TagChips } from './tag-chips';

describe('TagChips', () => {
  it('lists each tag as #tag, a link to the forum filtered by it (kept untranslated)', () => {
    render(
      <MemoryRouter>
        <TagChips tags={['physics', 'C++ & Rust']} label="Tags" />
      </MemoryRouter>,
    );
    const list = screen.getByRole('list', { name: 'Tags' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['#physics', '#C++ & Rust']);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/forum?tag=physics',
      '/forum?tag=C%2B%2B%20%26%20Rust',
    ]);
    for (const link of links) expect(link).toHaveAttribute('translate', 'no');
  });

  it('puts the action the app composes inside each tag’s pill, after its link', () => {
    render(
      <MemoryRouter>
        <TagChips
          tags={['optics', 'lasers']}
          label="Tags"
          action={(tag) => <button type="button">{`Follow tag #${tag}`}</button>}
        />
      </MemoryRouter>,
    );
    const items = within(screen.getByRole('list', { name: 'Tags' })).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('button').textContent)).toEqual([
      'Follow tag #optics',
      'Follow tag #lasers',
    ]);
    expect(within(items[0]!).getByRole('link')).toHaveAttribute('href', '/forum?tag=optics');
  });
});
