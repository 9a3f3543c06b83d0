import { useEffect, useState } from 'react';

/**
 * False until the screen has been painted and the browser is idle: for decoration that must never
 * delay the first paint or compete with what the page itself is loading.
 */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let idle: number | undefined;
    let timer: number | undefined;
    const markReady = () => setReady(true);
    // A frame callback runs just before the next paint; what it schedules runs after it.
    const frame = window.requestAnimationFrame(() => {
      if (typeof window.requestIdleCallback === 'function') {
        idle = window.requestIdleCallback(markReady, { timeout: 2000 });
      } else {
        timer = window.setTimeout(markReady, 0);
      }
    });
    return () => {
      window.cancelAnimationFrame(frame);
      if (idle !== undefined) window.cancelIdleCallback(idle);
      if (timer !== undefined) window.clearTimeout(timer);
    };
  }, []);
  return ready;
}
