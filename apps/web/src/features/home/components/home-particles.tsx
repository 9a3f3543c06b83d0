import { lazy, Suspense } from 'react';
import { useAfterFirstPaint } from '../hooks/use-after-first-paint';
import { usePrefersReducedMotion } from '../hooks/use-prefers-reduced-motion';

// Decoration, not content: its own chunk, loaded on demand.
const ParticleBackground = lazy(() => import('./particle-background'));

/**
 * The hero's particle field (spec §2 Home), only where it is wanted and never in the way: not at
 * all for people who prefer reduced motion (its code is not even fetched), and for everyone else
 * only once the screen has painted and the browser is idle.
 */
export function HomeParticles() {
  const reducedMotion = usePrefersReducedMotion();
  const painted = useAfterFirstPaint();
  if (reducedMotion || !painted) return null;
  return (
    <Suspense fallback={null}>
      <ParticleBackground />
    </Suspense>
  );
}
