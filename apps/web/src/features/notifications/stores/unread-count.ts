import { useSyncExternalStore } from 'react';

type Listener = () => void;

/**
 * The signed-in member's unread notification count, as the live stream (or the polling that
 * stands in for it) last reported it; null while unknown. A tiny store rather than a query: the
 * bell in the header reads it without loading TanStack Query's query code for it, and the stream
 * pushes into it.
 */
export function createUnreadCountStore() {
  let count: number | null = null;
  const listeners = new Set<Listener>();
  return {
    get: () => count,
    set(next: number | null) {
      if (next === count) return;
      count = next;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const unreadCount = createUnreadCountStore();

export function useUnreadCount(): number | null {
  return useSyncExternalStore(unreadCount.subscribe, unreadCount.get, unreadCount.get);
}
