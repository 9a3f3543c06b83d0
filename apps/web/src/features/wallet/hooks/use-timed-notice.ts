import { useCallback, useEffect, useRef, useState } from 'react';
import { WALLET_TOAST_DURATION_MS } from '@symposia/shared';

/**
 * A short message that clears itself: the wallet messages show for 3 s (spec §4, §9). Showing a new
 * one restarts the clock.
 */
export function useTimedNotice(durationMs: number = WALLET_TOAST_DURATION_MS) {
  const [notice, setNotice] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const show = useCallback(
    (message: string) => {
      clearTimeout(timer.current);
      setNotice(message);
      timer.current = setTimeout(() => setNotice(null), durationMs);
    },
    [durationMs],
  );

  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setNotice(null);
  }, []);

  return { notice, show, clear };
}
