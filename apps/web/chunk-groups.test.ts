import { describe, expect, it } from 'vitest';
import { chunkOfShared, type ChunkingContext } from './chunk-groups';

const src = (name: string) => `/repo/apps/web/src/${name}.tsx`;

/** A module graph: what each module imports statically, and which modules are loaded lazily. */
function graph(imports: Record<string, string[]>, lazy: string[]): ChunkingContext {
  return {
    getModuleInfo: (id) =>
      id in imports || lazy.includes(id)
        ? {
            importedIds: imports[id] ?? [],
            dynamicImporters: lazy.includes(id) ? [src('main')] : [],
          }
        : null,
  };
}

describe('chunkOfShared', () => {
  const library = '/repo/node_modules/zod/index.js';
  const ctx = graph(
    {
      [src('main')]: [src('shell-part')],
      [src('home')]: [src('shell-part'), src('home-part')],
      [src('forum')]: [src('card-part'), src('filters')],
      [src('post')]: [src('card-part'), src('dialog'), library],
      [src('author')]: [src('dialog'), library, src('report-button')],
      [src('report-button')]: [src('report-dialog')],
    },
    [src('home'), src('forum'), src('post'), src('author'), src('report-dialog')],
  );
  const chunkOf = chunkOfShared({ arrival: [src('main'), src('home')], listing: src('forum') });

  it("leaves the entry's and the home page's modules where the bundler puts them", () => {
    expect(chunkOf(src('shell-part'), ctx)).toBeNull();
    expect(chunkOf(src('home-part'), ctx)).toBeNull();
  });

  it("gathers what the forum's screen imports into one chunk", () => {
    expect(chunkOf(src('card-part'), ctx)).toBe('listing');
    expect(chunkOf(src('filters'), ctx)).toBe('listing');
  });

  it("gathers the app's modules of later screens into another", () => {
    expect(chunkOf(src('dialog'), ctx)).toBe('screens');
    expect(chunkOf(src('report-button'), ctx)).toBe('screens');
  });

  it('never moves a screen or anything else loaded lazily, nor a library', () => {
    expect(chunkOf(src('post'), ctx)).toBeNull();
    expect(chunkOf(src('report-dialog'), ctx)).toBeNull();
    expect(chunkOf(library, ctx)).toBeNull();
  });
});
