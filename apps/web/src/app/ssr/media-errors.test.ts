import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { replayMediaErrorsWhenHydrated } from './media-errors';

/**
 * A failure from before hydration reaches the component once React listens: React marks an
 * element as its own while it renders (react-hydrated.ts) and hears its events only once that
 * render is committed, so a failure fired in between must be fired again.
 */

/** An image of the server's HTML that had already failed to load when the app started. */
function brokenImage(root: HTMLElement): HTMLImageElement {
  const image = document.createElement('img');
  image.setAttribute('src', '/ipfs/broken.png');
  Object.defineProperty(image, 'complete', { value: true });
  Object.defineProperty(image, 'naturalWidth', { value: 0 });
  image.decode = () => Promise.reject(new Error('EncodingError'));
  root.append(image);
  return image;
}

/** What React does to it: marks it while rendering, and hears its errors once committed. */
function hydrate(image: HTMLImageElement) {
  const state = { committed: false, heard: 0 };
  const mark = () => Object.assign(image, { __reactProps$test: {} });
  image.addEventListener('error', () => {
    if (!state.committed) return;
    state.heard += 1;
    // The fallback shows (FallbackImage's next source).
    image.setAttribute('src', '/placeholders/image.svg');
  });
  return { state, mark };
}

describe('replayMediaErrorsWhenHydrated', () => {
  let root: HTMLElement;
  beforeEach(() => {
    vi.useFakeTimers();
    root = document.createElement('div');
    document.body.append(root);
  });
  afterEach(() => {
    vi.useRealTimers();
    root.remove();
  });

  it('fires a failure again until the component hears it, then stops', async () => {
    const image = brokenImage(root);
    const react = hydrate(image);
    replayMediaErrorsWhenHydrated(root);
    await vi.advanceTimersByTimeAsync(200);

    react.mark();
    // Rendered, not yet committed: what is fired now reaches no component.
    await vi.advanceTimersByTimeAsync(500);
    expect(react.state.heard).toBe(0);

    react.state.committed = true;
    await vi.advanceTimersByTimeAsync(100);
    expect(react.state.heard).toBe(1);
    expect(image.getAttribute('src')).toBe('/placeholders/image.svg');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(react.state.heard).toBe(1);
  });

  it('replays a failure it learns of only after React rendered the element', async () => {
    const image = brokenImage(root);
    const react = hydrate(image);
    react.mark();
    replayMediaErrorsWhenHydrated(root);
    await vi.advanceTimersByTimeAsync(100);
    react.state.committed = true;
    await vi.advanceTimersByTimeAsync(200);
    expect(react.state.heard).toBe(1);
  });

  it('fires nothing at an image that loaded', async () => {
    const image = document.createElement('img');
    image.setAttribute('src', '/ipfs/fine.png');
    Object.defineProperty(image, 'complete', { value: true });
    Object.defineProperty(image, 'naturalWidth', { value: 640 });
    root.append(image);
    const react = hydrate(image);
    react.mark();
    react.state.committed = true;
    replayMediaErrorsWhenHydrated(root);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(react.state.heard).toBe(0);
  });
});
