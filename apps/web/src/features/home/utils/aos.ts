/**
 * AOS (animate on scroll), loaded on demand by the Home screen only, together with its stylesheet,
 * so neither reaches the app shell nor people who prefer reduced motion.
 */
import AOS from 'aos';
import 'aos/dist/aos.css';
import { HOME_REVEAL } from '@symposia/shared';

export const REVEAL_DURATION_MS = HOME_REVEAL.durationMs;
export const REVEAL_ONCE = HOME_REVEAL.once;
export const REVEAL_OFFSET_PX = HOME_REVEAL.offsetPx;

let started = false;

/**
 * Starts AOS once per page life (its listeners are global and cannot be removed), later calls only
 * re-read the elements. The mutation observer stays off: it would inspect every DOM change of the
 * whole app for ever; the Home screen tells AOS itself when its elements change.
 */
export function startAos(): void {
  if (started) {
    AOS.refreshHard();
    return;
  }
  started = true;
  AOS.init({
    duration: REVEAL_DURATION_MS,
    once: REVEAL_ONCE,
    offset: REVEAL_OFFSET_PX,
    disableMutationObserver: true,
  });
}

/** Re-reads which elements animate and where they are, and reveals those already in view. */
export function refreshAos(): void {
  if (started) AOS.refreshHard();
}
