import { describe, expect, it } from 'vitest';
import { chunkOfShared, type ChunkingContext } from './chunk-groups';

const src = (name: string) => `/repo/apps/web/src/${name}.tsx`;

/**
 * A module graph: what each module imports statically, which modules are loaded lazily, and the
 * code of some (the rest has none worth reading).
 */
function graph(
  imports: Record<string, string[]>,
  lazy: string[],
  code: Record<string, string> = {},
): ChunkingContext {
  return {
    getModuleInfo: (id) =>
      id in imports || lazy.includes(id)
        ? {
            code: code[id] ?? '',
            importedIds: imports[id] ?? [],
            dynamicImporters: lazy.includes(id) ? [src('main')] : [],
          }
        : null,
  };
}

describe('chunkOfShared', () => {
  const library = '/repo/node_modules/zod/index.js';
  const sharedIndex = '/repo/packages/shared/src/index.ts';
  const ctx = graph(
    {
      [src('main')]: [src('shell-part')],
      [src('home')]: [src('shell-part'), src('home-part')],
      [src('forum')]: [src('card-part'), src('filters')],
      [src('post')]: [src('card-part'), src('dialog'), library, src('form-dialog'), src('message')],
      [src('author')]: [
        src('dialog'),
        library,
        src('report-button'),
        src('form-dialog'),
        src('schema'),
        src('message'),
      ],
      [src('report-button')]: [src('report-dialog')],
      // A form checking its fields with a shared schema, and a dialog holding it; a module
      // building a schema itself; a module taking only a message from the shared package, whose
      // index re-exports the schemas too.
      [src('form-dialog')]: [src('form'), sharedIndex],
      [src('form')]: [sharedIndex],
      [src('schema')]: [library],
      [src('message')]: [sharedIndex],
      [sharedIndex]: [library],
    },
    [src('home'), src('forum'), src('post'), src('author'), src('report-dialog')],
    {
      [src('form')]:
        "import { loginFormSchema, MESSAGES } from '@symposia/shared';\nexport const Form = 1;",
      [src('message')]: "import { MESSAGES } from '@symposia/shared';\nexport const text = 1;",
    },
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

  it('keeps what builds zod schemas, itself or through another module, out of it', () => {
    expect(chunkOf(src('form'), ctx)).toBeNull();
    expect(chunkOf(src('form-dialog'), ctx)).toBeNull();
    expect(chunkOf(src('schema'), ctx)).toBeNull();
    // A message from the shared package is no schema.
    expect(chunkOf(src('message'), ctx)).toBe('screens');
  });

  it('never moves a screen or anything else loaded lazily, nor a library', () => {
    expect(chunkOf(src('post'), ctx)).toBeNull();
    expect(chunkOf(src('report-dialog'), ctx)).toBeNull();
    expect(chunkOf(library, ctx)).toBeNull();
  });
});
