import { useEffect, type ReactNode } from 'react';

let markHydrated: () => void = () => undefined;

/**
 * Resolves once the screen of a server-rendered page has hydrated. React hydrates what a Suspense
 * boundary holds after the rest, at its lowest priority: the layout's effects (main.tsx's) run
 * while the screen is still the server's HTML. Whatever changes what the screen shows (the reader's
 * language, their own view) waits for this, or the screen would hydrate against text it no longer
 * renders (React's error 418, and the screen rendered afresh).
 */
export const screenHydrated = new Promise<void>((resolve) => {
  markHydrated = resolve;
});

/**
 * Wraps the screen inside the layout's Suspense boundary (app/root-layout.tsx), on the server as in
 * the browser, so the tree and the ids React makes with useId are the same on both sides.
 */
export function ScreenHydratedMark({ children }: { children: ReactNode }) {
  useEffect(() => markHydrated(), []);
  return children;
}
