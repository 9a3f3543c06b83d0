import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { HomeParticles } from './home-particles';

// Counts how often the particle field's module is actually loaded.
const engine = vi.hoisted(() => ({ loads: 0 }));
vi.mock('./particle-background', () => {
  engine.loads += 1;
  return { default: () => <div data-testid="particle-background" /> };
});

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

/** Lets the frame after the first paint and the idle callback after it run. */
async function paintAndIdle() {
  await act(async () => {
    await new Promise((resolve) => window.requestAnimationFrame(() => resolve(undefined)));
    await new Promise((resolve) => window.setTimeout(resolve, 50));
  });
}

// One file, in this order: the module registry (and so the load count) is the file's own.
describe('HomeParticles', () => {
  it('with reduced motion: never shows the particles nor fetches their engine', async () => {
    preferReducedMotion(true);
    render(<HomeParticles />);
    await paintAndIdle();
    expect(screen.queryByTestId('particle-background')).not.toBeInTheDocument();
    expect(engine.loads).toBe(0);
  });

  it('where the preference cannot be read: keeps still as well', async () => {
    vi.stubGlobal('matchMedia', undefined);
    render(<HomeParticles />);
    await paintAndIdle();
    expect(screen.queryByTestId('particle-background')).not.toBeInTheDocument();
    expect(engine.loads).toBe(0);
  });

  it('with motion welcome: nothing in the first paint, the particles once it is done', async () => {
    preferReducedMotion(false);
    render(<HomeParticles />);
    // The first render (what the first paint shows) has no particles and has not asked for them.
    expect(screen.queryByTestId('particle-background')).not.toBeInTheDocument();
    expect(engine.loads).toBe(0);

    await paintAndIdle();
    expect(await screen.findByTestId('particle-background')).toBeInTheDocument();
    expect(engine.loads).toBe(1);
  });
});
