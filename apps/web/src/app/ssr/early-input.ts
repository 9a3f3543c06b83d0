import { EARLY_CLICK_ATTRIBUTE, EARLY_INPUT_GLOBAL } from '@symposia/shared';
import { isHydrated } from './react-hydrated';

/**
 * A press the server page's script kept (packages/shared/src/early-input-script.ts): the button
 * (or form), and the button's aria-pressed as it was (a toggle whose state has meanwhile become
 * what the press asked for is not pressed again).
 */
export type EarlyPress = { element: Element; pressed: string | null };

/** What the script leaves at EARLY_INPUT_GLOBAL. */
type EarlyInput = { take: () => EarlyPress[] };

// A part of the page hydrates when its chunk arrives: a few seconds at the very most.
const WAIT_MS = 15_000;
const CHECK_EVERY_MS = 50;

/**
 * The presses the server's page kept before hydration (packages/shared/src/early-input.ts), and
 * from now on none: called right before hydrateRoot(), after which React hears every click itself
 * (one on a part not hydrated yet hydrates that part first), so no press is both kept and heard.
 */
export function takeEarlyPresses(win: Window = window): EarlyPress[] {
  const early = (win as unknown as Record<string, EarlyInput | undefined>)[EARLY_INPUT_GLOBAL];
  return early ? early.take() : [];
}

/** Resolves once React has hydrated `element`, or it left the page, or the wait is over. */
function hydratedOrGone(element: Element): Promise<void> {
  const giveUpAt = performance.now() + WAIT_MS;
  return new Promise((resolve) => {
    const check = () => {
      if (isHydrated(element) || !element.isConnected || performance.now() > giveUpAt) resolve();
      else window.setTimeout(check, CHECK_EVERY_MS);
    };
    check();
  });
}

/**
 * Performs each press once, in order, as the app: the button is clicked (the form submitted) once
 * React has hydrated it and `ready` has settled (the member's own view loaded, so a like acts on
 * their post as they see it). A toggle (aria-pressed) that meanwhile shows what the press asked
 * for — a post the member had already liked — is left as it is; so is a button now disabled or
 * gone.
 */
export async function replayEarlyPresses(
  presses: readonly EarlyPress[],
  ready: Promise<unknown> = Promise.resolve(),
): Promise<void> {
  if (presses.length === 0) return;
  await ready.catch(() => undefined);
  // What `ready` brought is rendered before the next task: React commits its store updates in a
  // microtask.
  await new Promise((resolve) => window.setTimeout(resolve, 0));
  for (const { element, pressed } of presses) {
    await hydratedOrGone(element);
    element.removeAttribute(EARLY_CLICK_ATTRIBUTE);
    if (!element.isConnected || !isHydrated(element)) continue;
    if (pressed !== null && element.getAttribute('aria-pressed') !== pressed) continue;
    if (element instanceof HTMLFormElement) element.requestSubmit();
    else if (element instanceof HTMLElement) element.click();
  }
}
