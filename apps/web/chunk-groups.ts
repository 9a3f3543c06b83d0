/** What the bundler tells of a module while it cuts chunks (rolldown's `getModuleInfo`). */
interface ModuleInfo {
  code: string | null;
  importedIds: readonly string[];
  dynamicImporters: readonly string[];
}
export interface ChunkingContext {
  getModuleInfo: (id: string) => ModuleInfo | null;
}

/** The app's own sources, the shared package's included. */
const APP_SOURCE = /(?:apps[\\/]web|packages[\\/]shared)[\\/]src[\\/]/;

/** zod, which the shared schemas are built with when their module runs. */
const ZOD = /node_modules[\\/]zod[\\/]/;

/** The shared package's index, which re-exports everything: what a module takes from it is below. */
const SHARED_INDEX = /packages[\\/]shared[\\/]src[\\/]index\.ts$/;

/** Takes a schema (named `…Schema`, as every shared one is) from the shared package. */
const TAKES_A_SCHEMA = /import\s*\{[^}]*\b\w+Schema\b[^}]*\}\s*from\s*["']@symposia\/shared["']/;

/**
 * Whether running `id` builds zod schemas: it imports zod or a shared schema, or imports (without
 * loading it lazily) a module that does. The shared package's index is not followed, as every
 * module that takes a message from it would reach every schema through it.
 */
function buildsSchemas(id: string, ctx: ChunkingContext): boolean {
  const seen = new Set<string>();
  const next = [id];
  for (let module = next.pop(); module !== undefined; module = next.pop()) {
    if (seen.has(module) || SHARED_INDEX.test(module)) continue;
    seen.add(module);
    if (ZOD.test(module)) return true;
    const info = ctx.getModuleInfo(module);
    if (TAKES_A_SCHEMA.test(info?.code ?? '')) return true;
    next.push(...(info?.importedIds ?? []));
  }
  return false;
}

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
 *   Not a module that imports zod, even through the shared schemas (a form checking its fields):
 *   every screen would build those schemas on its first load, ~15 ms of a phone's main thread
 *   in one task for the post page, which checks nothing until a reader writes (issue 31).
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
    if (!APP_SOURCE.test(id)) return null;
    return buildsSchemas(id, ctx) ? null : 'screens';
  };
}
