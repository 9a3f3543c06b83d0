import { useEffect, useState } from 'react';
import { LOADING_DOT_INTERVAL_MS, LOADING_MAX_DOTS } from '@symposia/shared';

/** Number of dots after 'Loading': 0, 1, 2, 3, 0, … one step per tick (spec §4). */
export function useLoadingDots(
  intervalMs: number = LOADING_DOT_INTERVAL_MS,
  maxDots: number = LOADING_MAX_DOTS,
): number {
  const [dots, setDots] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setDots((count) => (count + 1) % (maxDots + 1)), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, maxDots]);
  return dots;
}
