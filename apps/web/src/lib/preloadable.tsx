import { lazy, type ComponentType } from 'react';

export type Preloadable<P extends object> = ComponentType<P> & { preload: () => Promise<void> };

/**
 * A component in a chunk of its own, as with React's lazy(), that `preload()` loads ahead: once
 * loaded it renders at once instead of suspending. A page rendered on the server is hydrated only
 * once the chunks its HTML shows are here (main.tsx), so the first render matches the server's HTML
 * instead of suspending on them: a boundary still waiting for its chunk when anything above it
 * renders again is rendered afresh, its fallback shown in between.
 */
export function preloadable<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): Preloadable<P> {
  let loaded: ComponentType<P> | null = null;
  const preload = () =>
    load().then((module) => {
      loaded = pick(module);
    });
  const Lazy = lazy(() => preload().then(() => ({ default: loaded as ComponentType<P> })));
  const Preloaded = (props: P) => {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  };
  return Object.assign(Preloaded, { preload });
}
