import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_LOADER_SCRIPT, APP_MODULES_ELEMENT_ID } from '@symposia/shared';

/*
 * The page's second inline script (packages/shared/src/app-loader-script.ts), as a server-rendered
 * page runs it once its HTML is parsed: the app's scripts wait in a template until the page's
 * first contentful paint was shown. The browser's own timing is checked by
 * e2e/server-render.spec.ts; here, each of the script's paths: paint timing, the next frame where
 * paint timing is missing, the 5 s fallback, and a page nobody sees.
 */

const SCRIPT_SRC = '/assets/index-test.js';

/** The head a rendered page has: the app's script inert in its template. */
function renderedHead() {
  document.head.innerHTML =
    `<template id="${APP_MODULES_ELEMENT_ID}">` +
    `<link rel="modulepreload" href="/assets/shell-test.js"><script type="module" src="${SCRIPT_SRC}"></script>` +
    '</template>';
}

/** The app's scripts in the head itself, not in the template. */
const loaded = () =>
  [...document.head.children].filter((element) => element.tagName !== 'TEMPLATE').length;

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
  renderedHead();
});

afterEach(() => {
  vi.useRealTimers();
  setVisibility('visible');
  document.head.innerHTML = '';
});

describe('the app loader', () => {
  it('without paint timing, adds the app once the next frame has been drawn, and only once', () => {
    setVisibility('visible');
    new Function(APP_LOADER_SCRIPT)();
    vi.advanceTimersByTime(1);
    expect(loaded()).toBe(0);

    vi.advanceTimersToNextFrame();
    vi.advanceTimersByTime(1);
    expect(loaded()).toBe(2);
    expect(document.head.querySelector(`script[src="${SCRIPT_SRC}"]`)).not.toBeNull();

    document.dispatchEvent(new Event('visibilitychange'));
    expect(loaded()).toBe(2);
  });

  it('with paint timing, adds the app after the first contentful paint, or after 5 s', () => {
    setVisibility('visible');
    const observers: ((list: { getEntriesByName: (name: string) => unknown[] }) => void)[] = [];
    class PaintObserver {
      static supportedEntryTypes = ['paint'];
      constructor(private readonly callback: (list: unknown, observer: PaintObserver) => void) {}
      observe() {
        observers.push((list) => this.callback(list, this));
      }
      disconnect() {}
    }
    vi.stubGlobal('PerformanceObserver', PaintObserver);
    try {
      new Function(APP_LOADER_SCRIPT)();
      vi.advanceTimersToNextFrame();
      vi.advanceTimersByTime(1);
      // A first paint without content is not the one it waits for.
      observers[0]?.({ getEntriesByName: (name) => (name === 'first-paint' ? [{}] : []) });
      vi.advanceTimersByTime(1);
      expect(loaded()).toBe(0);
      observers[0]?.({ getEntriesByName: () => [{}] });
      vi.advanceTimersByTime(1);
      expect(loaded()).toBe(2);

      // A page whose paint never comes loads all the same.
      renderedHead();
      new Function(APP_LOADER_SCRIPT)();
      vi.advanceTimersByTime(4999);
      expect(loaded()).toBe(0);
      vi.advanceTimersByTime(1);
      expect(loaded()).toBe(2);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('in a page nobody sees, adds the app at once: no paint is coming', () => {
    setVisibility('hidden');
    new Function(APP_LOADER_SCRIPT)();
    expect(loaded()).toBe(2);
  });

  it('adds the app when the page is hidden before it painted', () => {
    setVisibility('visible');
    new Function(APP_LOADER_SCRIPT)();
    expect(loaded()).toBe(0);
    setVisibility('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(loaded()).toBe(2);
  });

  it('does nothing on a page without the template', () => {
    document.head.innerHTML = '';
    setVisibility('hidden');
    new Function(APP_LOADER_SCRIPT)();
    expect(document.head.children).toHaveLength(0);
  });
});
