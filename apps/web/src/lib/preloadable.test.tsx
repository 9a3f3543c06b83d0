import { act, render, screen } from '@testing-library/react';
import { Suspense, useEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { preloadable } from './preloadable';

/** A screen that counts its mounts: a remount would run its once-only effects again. */
function screenCountingMounts() {
  const mounts: number[] = [];
  function Screen({ label }: { label: string }) {
    const [id] = useState(() => mounts.length + 1);
    useEffect(() => {
      mounts.push(id);
    }, [id]);
    return <p>{label}</p>;
  }
  return { Screen, mounts };
}

describe('preloadable', () => {
  it('keeps a screen mounted through its lazy load when the parent renders again', async () => {
    const { Screen, mounts } = screenCountingMounts();
    let resolve!: () => void;
    const chunk = new Promise<{ Screen: typeof Screen }>((done) => {
      resolve = () => done({ Screen });
    });
    const Loaded = preloadable(
      () => chunk,
      (module) => module.Screen,
    );
    const tree = (label: string) => (
      <Suspense fallback={<p>loading</p>}>
        <Loaded label={label} />
      </Suspense>
    );

    const { rerender } = render(tree('first'));
    expect(screen.getByText('loading')).toBeInTheDocument();
    await act(async () => {
      resolve();
      await chunk;
    });
    expect(await screen.findByText('first')).toBeInTheDocument();
    // The parent renders again (a navigation's pending state, say): the same screen, updated.
    rerender(tree('second'));
    expect(await screen.findByText('second')).toBeInTheDocument();
    expect(mounts).toEqual([1]);
  });

  it('renders at once without suspending once preloaded', async () => {
    const { Screen, mounts } = screenCountingMounts();
    const Loaded = preloadable(
      () => Promise.resolve({ Screen }),
      (module) => module.Screen,
    );
    await Loaded.preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Loaded label="ready" />
      </Suspense>,
    );
    expect(screen.getByText('ready')).toBeInTheDocument();
    expect(mounts).toEqual([1]);
  });
});
