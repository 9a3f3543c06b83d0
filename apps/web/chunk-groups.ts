/** What the bundler tells of a module while it cuts chunks (rolldown's `getModuleInfo`). */
interface ModuleInfo {
  importedIds: readonly string[];
  dynamicImporters: readonly string[];
}
export interface ChunkingContext {
  getModuleInfo: (id: string) => ModuleInfo | null;
}

/** The app's own sources, the shared package's included. */
const APP_SOURCE = /(?:apps[\\/]web|packages[\\/]shared)[\\/]src[\\/]/;

/** Every module `roots` import, statically and transitively (not what they load lazily). */
function staticClosure(roots: readonly string[], ctx: ChunkingContext): Set<string> {
  const seen = new Set<string>();
  const next = [...roots];
  for (let id = next.pop(); id !== undefined; id = next.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    next.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * The chunk of a module that two screens or more share (vite.config.ts asks only of those), or
 * null for the bundler's own choice. Left to automatic splitting, a screen opened after the
 * forum loads each module it shares with one other screen as a chunk of its own: the post page
 * fetched 43 scripts, and a phone on a slow network waits a round trip for every few (issue 31).
 * - `listing`: what the forum's screen shares with later ones (a post card's tags, avatar, badges
 *   and follow button). The forum needs all of it anyway: it loads the same bytes in fewer files.
 * - `screens`: the app's own modules that later screens share (dialogs, form fields, tabs, …).
 *   A screen that shares one of them loads the rest too; the post page loads nearly all of it.
 * What the entry and the home page (`arrival`) import is never moved, so their first load stays
 * as it is, and neither is a module loaded lazily (a screen, a dialog): it stays its own chunk.
 */
export function chunkOfShared(roots: {
  arrival: readonly string[];
  listing: string;
}): (id: string, ctx: ChunkingContext) => string | null {
  let arrival: Set<string> | undefined;
  let listing: Set<string> | undefined;
  return (id, ctx) => {
    arrival ??= staticClosure(roots.arrival, ctx);
    listing ??= staticClosure([roots.listing], ctx);
    if (arrival.has(id) || (ctx.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0) return null;
    if (listing.has(id)) return 'listing';
    return APP_SOURCE.test(id) ? 'screens' : null;
  };
}
