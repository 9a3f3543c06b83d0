import { useEffect, useLayoutEffect, useState } from 'react';
// Type only: the module itself loads on demand below.
import type * as aosModule from '../utils/aos';
import { usePrefersReducedMotion } from './use-prefers-reduced-motion';

type AosModule = typeof aosModule;

export type RevealAnimation = 'fade-up' | 'fade-in' | 'zoom-in';
type RevealAttributes = { 'data-aos'?: RevealAnimation; 'data-aos-delay'?: number };

/**
 * On-scroll reveal (spec §2 Home) that can never hide content for good: elements only get their
 * `data-aos` attributes (which make AOS's stylesheet hide them until revealed) once AOS has loaded
 * and started, and only while motion is welcome. Reduced motion, a failed load or the time before
 * AOS is ready all leave the content plainly visible.
 *
 * Returns a function giving the attributes to spread on an element: `{...reveal('fade-up')}`.
 */
export function useScrollReveal(): (
  animation?: RevealAnimation,
  delayMs?: number,
) => RevealAttributes {
  const reducedMotion = usePrefersReducedMotion();
  const [aos, setAos] = useState<AosModule | null>(null);

  useEffect(() => {
    if (reducedMotion) return;
    let cancelled = false;
    import('../utils/aos')
      .then((module) => {
        if (cancelled) return;
        module.startAos();
        setAos(module);
      })
      .catch((error: unknown) =>
        console.warn('Scroll animations are off: AOS did not load', error),
      );
    return () => {
      cancelled = true;
    };
  }, [reducedMotion]);

  const active = aos !== null && !reducedMotion;

  // Before the first paint with the attributes, so elements already in view never flash hidden.
  useLayoutEffect(() => {
    if (!active) return;
    aos.refreshAos();
    // Once this screen's elements are gone, let AOS forget them.
    return () => void window.setTimeout(aos.refreshAos, 0);
  }, [active, aos]);

  return (animation = 'fade-up', delayMs) =>
    active ? { 'data-aos': animation, ...(delayMs ? { 'data-aos-delay': delayMs } : {}) } : {};
}
