/**
 * The server's HTML loads its images and videos before React listens to them: one that fails
 * before its part of the page is hydrated would never show its fallback. This remembers such
 * failures (those before this script ran too) and fires each again on its element once React
 * has hydrated it, so the fallback shows as it would have in a page rendered in the browser.
 *
 * React marks an element as its own while it renders (react-hydrated.ts) but listens to it only
 * once that render is committed, which on a busy machine can be a second later: an error fired
 * between the two reaches no component. So a failure is fired again at every check until its
 * element shows something else (its fallback: another source, or another element), and the
 * handlers of the components that show one (FallbackImage, Avatar, the videos) are written so that
 * hearing the same failure twice moves on once.
 */
import { isHydrated } from './react-hydrated';

const MEDIA = 'img, video, audio';
// Lazy parts of a page hydrate when their chunk arrives: a few seconds at the very most.
const WATCH_MS = 15_000;
const CHECK_EVERY_MS = 100;

export function replayMediaErrorsWhenHydrated(root: HTMLElement): void {
  /** Each failed element, with the source that failed. */
  const pending = new Map<Element, string | null>();
  const remember = (element: Element) => pending.set(element, element.getAttribute('src'));

  const onError = (event: Event) => {
    if (event.isTrusted && event.target instanceof Element && event.target.matches(MEDIA)) {
      remember(event.target);
    }
  };
  // Errors do not bubble, but they pass through the root on their way down.
  root.addEventListener('error', onError, true);

  root.querySelectorAll<HTMLImageElement>('img').forEach((image) => {
    if (!image.complete || image.naturalWidth > 0 || !image.getAttribute('src')) return;
    // decode() tells a broken image from one without an intrinsic size (some SVGs).
    image.decode().catch(() => remember(image));
  });
  root.querySelectorAll<HTMLMediaElement>('video, audio').forEach((media) => {
    if (media.error) remember(media);
  });

  const stopAt = performance.now() + WATCH_MS;
  const check = () => {
    for (const [element, failedSource] of pending) {
      if (!element.isConnected || element.getAttribute('src') !== failedSource) {
        // Its fallback shows: the failure was heard.
        pending.delete(element);
      } else if (isHydrated(element)) {
        element.dispatchEvent(new Event('error'));
      }
    }
    if (performance.now() < stopAt) window.setTimeout(check, CHECK_EVERY_MS);
    else root.removeEventListener('error', onError, true);
  };
  check();
}
