import { useEffect, useState } from 'react';
import { LOADING_MIN_DISPLAY_MS } from '@symposia/shared';

/**
 * True while `active`, and in any case for at least `minMs` after it first became true, so a quick
 * answer does not make the loading screen flash on and off (spec §4: minimum display 1000 ms).
 */
export function useMinimumDisplay(
  active: boolean,
  minMs: number = LOADING_MIN_DISPLAY_MS,
): boolean {
  const [minimumElapsed, setMinimumElapsed] = useState(!active);
  const [wasActive, setWasActive] = useState(active);

  // A new loading phase starts a new minimum (state adjusted during render, as React recommends).
  if (active !== wasActive) {
    setWasActive(active);
    if (active) setMinimumElapsed(false);
  }

  useEffect(() => {
    if (minimumElapsed) return;
    const timer = setTimeout(() => setMinimumElapsed(true), minMs);
    return () => clearTimeout(timer);
  }, [minimumElapsed, minMs]);

  return active || !minimumElapsed;
}
