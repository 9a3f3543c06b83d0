import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { HomeSearch } from './home-search';

function CurrentLocation() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function renderSearch() {
  renderWithProviders(
    <>
      <Routes>
        <Route path="/" element={<HomeSearch />} />
        <Route path="/forum" element={<p>Forum</p>} />
      </Routes>
      <CurrentLocation />
    </>,
  );
  return {
    input: screen.getByPlaceholderText('Search academic topics, tags, or authors'),
    explore: screen.getByRole('button', { name: 'Explore' }),
    location: () => screen.getByTestId('location').textContent,
  };
}

describe('HomeSearch (spec §2 Home, §5)', () => {
  it('is a labelled search form', () => {
    renderSearch();
    expect(screen.getByRole('search')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search the forum' })).toBeInTheDocument();
  });

  it('opens the forum with the trimmed query', async () => {
    const { input, explore, location } = renderSearch();
    await userEvent.type(input, '   quantum computing  ');
    await userEvent.click(explore);
    expect(location()).toBe('/forum?search=quantum%20computing');
  });

  it('URL-encodes special characters', async () => {
    const { input, location } = renderSearch();
    await userEvent.type(input, 'graph & AI/ML?{Enter}');
    expect(location()).toBe(`/forum?search=${encodeURIComponent('graph & AI/ML?')}`);
    expect(location()).toBe('/forum?search=graph%20%26%20AI%2FML%3F');
  });

  it('does nothing for an empty or whitespace-only query', async () => {
    const { input, explore, location } = renderSearch();
    await userEvent.click(explore);
    expect(location()).toBe('/');
    await userEvent.type(input, '    {Enter}');
    expect(location()).toBe('/');
  });
});
