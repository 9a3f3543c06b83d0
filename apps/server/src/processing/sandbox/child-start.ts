import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/** How a sandbox child is started: its heap limit, and the TypeScript loader under tsx. */
export function childExecArgv(entry: URL, memoryMb: number): string[] {
  const args = [`--max-old-space-size=${memoryMb}`];
  if (entry.pathname.endsWith('.ts')) {
    // Only in development and tests: the child needs the same TypeScript loader as its parent.
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    args.unshift('--import', tsx);
  }
  return args;
}

/** How V8 says it ran out of the heap it was given (it aborts the process). */
export const HEAP_EXHAUSTED = /heap out of memory|Reached heap limit|Allocation failed/i;
