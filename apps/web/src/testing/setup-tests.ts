import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { authStore } from '@/lib/auth-store';

// The api-client loads zod and the shared contract with the first answer it checks; loading them
// here once keeps that first import out of every test's waiting time.
await import('@/lib/answer-contract');

// jsdom has no layout, so it does not implement scrolling; navigation scrolls to the top.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  authStore.clear();
  authStore.dismissLogin();
});
