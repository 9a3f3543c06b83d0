import { useSyncExternalStore } from 'react';
import { BREAKPOINTS } from '@symposia/shared';

export type DeviceType = 'mobile' | 'tablet' | 'desktop';

/** mobile < 768 ≤ tablet < 1024 ≤ desktop (spec §4, §9). */
export function getDeviceType(width: number): DeviceType {
  if (width < BREAKPOINTS.tablet) return 'mobile';
  if (width < BREAKPOINTS.desktop) return 'tablet';
  return 'desktop';
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

const snapshot = () => getDeviceType(window.innerWidth);
// Rendering without a window (never the case in this SPA) falls back to the widest layout.
const serverSnapshot = (): DeviceType => 'desktop';

/** The current device type; re-renders only when a resize crosses a breakpoint. */
export function useDeviceType(): DeviceType {
  return useSyncExternalStore(subscribe, snapshot, serverSnapshot);
}
