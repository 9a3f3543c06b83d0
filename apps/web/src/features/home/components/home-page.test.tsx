import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HOME_STATS } from '@symposia/shared';
import { renderWithProviders } from '@/testing/render';
import { HomePage } from './home-page';

const aos = vi.hoisted(() => ({ startAos: vi.fn(), refreshAos: vi.fn() }));
vi.mock('../utils/aos', () => aos);
vi.mock('./particle-background', () => ({
  default: () => <div data-testid="particle-background" />,
}));

function preferReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: reduce && query === '(prefers-reduced-motion: reduce)',
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

afterEach(() => {
  aos.startAos.mockClear();
  aos.refreshAos.mockClear();
});

describe('HomePage (spec §2 Home)', () => {
  it('shows the hero with the title, tagline and both slogans', () => {
    preferReducedMotion(true);
    renderWithProviders(<HomePage />);
    expect(screen.getByRole('heading', { name: 'Symposia', level: 1 })).toBeInTheDocument();
    expect(
      screen.getByText('connecting academic thoughts, tokenizing research insights'),
    ).toBeInTheDocument();
    expect(screen.getByText('science without boundaries, value unlocked')).toBeInTheDocument();
    expect(screen.getByText('share, like, earn, repeat')).toBeInTheDocument();
  });

  it('has About with three paragraphs and a list, and four feature cards', () => {
    preferReducedMotion(true);
    renderWithProviders(<HomePage />);
    const about = screen.getByRole('region', { name: 'About Symposia' });
    expect(about.querySelectorAll('p')).toHaveLength(3);
    expect(
      within(about).getByRole('list', { name: 'What the platform provides' }),
    ).toBeInTheDocument();

    const features = screen.getByRole('region', { name: 'Platform Features' });
    expect(
      within(features)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([
      'Token Reward Mechanism',
      'AI Content Generation',
      'Academic Community',
      'Open Discussion with Peer Review',
    ]);
  });

  it('shows the stats strip and the call to action linking to /register', () => {
    preferReducedMotion(true);
    renderWithProviders(<HomePage />);
    for (const stat of HOME_STATS) {
      expect(screen.getByText(stat.value)).toBeInTheDocument();
      expect(screen.getByText(stat.label)).toBeInTheDocument();
    }
    expect(
      screen.getByRole('heading', { name: 'Join the Future of Academic Innovation' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register Now' })).toHaveAttribute('href', '/register');
  });

  it('with reduced motion: no particles, no scroll animation, nothing hidden', async () => {
    preferReducedMotion(true);
    const { container } = renderWithProviders(<HomePage />);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByTestId('particle-background')).not.toBeInTheDocument();
    expect(aos.startAos).not.toHaveBeenCalled();
    expect(container.querySelector('[data-aos]')).toBeNull();
  });

  it('without a readable preference nothing moves either', () => {
    vi.stubGlobal('matchMedia', undefined);
    const { container } = renderWithProviders(<HomePage />);
    expect(screen.queryByTestId('particle-background')).not.toBeInTheDocument();
    expect(container.querySelector('[data-aos]')).toBeNull();
  });

  it('with motion welcome: particles behind the hero, sections marked for AOS once it started', async () => {
    preferReducedMotion(false);
    const { container } = renderWithProviders(<HomePage />);
    // Visible first: nothing is marked before AOS runs.
    expect(container.querySelector('[data-aos]')).toBeNull();

    expect(await screen.findByTestId('particle-background')).toBeInTheDocument();
    await waitFor(() => expect(aos.startAos).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(container.querySelectorAll('[data-aos]').length).toBeGreaterThan(0));
    expect(aos.refreshAos).toHaveBeenCalled();
  });
});
