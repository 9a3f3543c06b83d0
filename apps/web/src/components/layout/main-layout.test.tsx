import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { MainLayout } from './main-layout';

function renderLayout(navigationPending: boolean) {
  return renderWithProviders(
    <MainLayout navigationPending={navigationPending}>
      <p>The old screen</p>
    </MainLayout>,
  );
}

describe('MainLayout while a navigation waits', () => {
  it('shows nothing of it when no navigation waits', () => {
    renderLayout(false);
    const main = screen.getByRole('main');
    expect(main).not.toHaveAttribute('inert');
    expect(main).not.toHaveAttribute('aria-busy');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    // The polite status is there, silent, so that its words are announced when they come.
    expect(screen.getByRole('status')).toHaveTextContent(/^$/);
  });

  it('makes the old screen inert and busy, under a progress bar and a polite status', () => {
    renderLayout(true);
    const main = document.getElementById('main-content')!;
    expect(main).toHaveAttribute('inert');
    expect(main).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('progressbar', { name: 'Loading the page…' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the page…');
    // jsdom has no inert behaviour: that the old screen's button no longer acts is the browser's
    // to show (e2e/pending-navigation.spec.ts).
  });
});
