import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { i18n } from '@/lib/i18n';

// The api-client loads zod and the shared contract with the first answer it checks; loading them
// here once keeps that first import out of every test's waiting time.
await import('@/lib/answer-contract');

// findBy… and waitFor wait for what a test expects to appear; Testing Library's default of 1 s is
// a speed assertion on a busy machine (the first test of a file also loads the lazy screens' code).
// A limit sized for a machine several times slower only guards against a hang: a test that passes
// waits no longer than its screen takes.
configure({ asyncUtilTimeout: 10_000 });

// Embla measures layout that jsdom does not have: every test gets a carousel that stays on its
// first slide. The carousel's own behaviour is tested end to end (e2e/post-detail.spec.ts).
vi.mock('embla-carousel', () => {
  const carousel = {
    on: () => carousel,
    off: () => carousel,
    destroy: () => {},
    selectedScrollSnap: () => 0,
    slideNodes: () => [],
    scrollPrev: () => {},
    scrollNext: () => {},
    scrollTo: () => {},
  };
  return { default: () => carousel };
});

// The server renderer's tests run in Node (`@vitest-environment node`), with no window.
const inBrowser = typeof window !== 'undefined';

// jsdom has no layout, so it does not implement scrolling; navigation scrolls to the top.
if (inBrowser) window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

afterEach(async () => {
  cleanup();
  // A test that switched to Chinese leaves the next one in English, the default.
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
  if (!inBrowser) return;
  window.localStorage.clear();
  authStore.clear();
  authStore.dismissLogin();
});
