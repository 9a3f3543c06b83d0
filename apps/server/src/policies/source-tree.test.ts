import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Who may see or change what is decided in policies/ and, inside queries, by the one shared
 * condition in repositories/visibility.ts (docs/ARCHITECTURE.md §4). This test reads the source
 * of every route, service and repository and fails on the signs of a rule decided anywhere else:
 * a comparison of a visibility, a literal 'public' or 'private', a filter on a deletion time, a
 * viewer or author id compared by hand, a role compared outside policies/.
 */
const SRC = fileURLToPath(new URL('..', import.meta.url));
const SCANNED = ['routes', 'services', 'repositories'];
/** Where the rules are written (policies/ is not scanned at all). */
const ALLOWED = new Set(['repositories/visibility.ts']);

const FORBIDDEN: { pattern: RegExp; why: string }[] = [
  {
    pattern: /visibility['"`]?\s*,\s*['"`](=|!=|<>|in|not in)['"`]/,
    why: 'a visibility filtered in a query',
  },
  { pattern: /visibility\s*(===|!==|==|!=|<>|=(?!>))/, why: 'a visibility compared' },
  { pattern: /['"`](public|private)['"`]/, why: "a literal 'public' or 'private'" },
  { pattern: /deleted_at['"`]?\s*,\s*['"`]is/, why: 'a deletion filtered in a query' },
  { pattern: /deleted_at\s+is\s+(not\s+)?null/i, why: 'a deletion filtered in SQL' },
  {
    pattern: /(?<![\w.])(posts\.)?user_id['"`]?\s*,\s*['"`]=['"`]\s*,\s*(viewer|actor|reader)/,
    why: "a post's author compared with the viewer in a query",
  },
  {
    pattern:
      /(viewer|user|actor|reader|author)\??\.id\s*(===|!==)|(===|!==)\s*(viewer|user|actor|reader|author)\??\.id\b/,
    why: 'an id compared by hand (an ownership rule)',
  },
  {
    pattern: /\brole\s*(===|!==)|(===|!==)\s*['"`]moderator['"`]/,
    why: 'a role compared (repositories only store the roles ADMIN_USERNAMES assigns)',
  },
];

/** The offending lines of one file's source, as `line: text (why)`. */
function offences(source: string): string[] {
  const found: string[] = [];
  source.split('\n').forEach((text, index) => {
    const code = text.replace(/\/\/.*$/, '').replace(/^\s*\*.*$/, '');
    for (const { pattern, why } of FORBIDDEN) {
      if (pattern.test(code)) found.push(`${index + 1}: ${text.trim()} (${why})`);
    }
  });
  return found;
}

async function sourceFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .filter((entry) => !entry.name.endsWith('.test.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('authorization lives in policies/ (docs/ARCHITECTURE.md §4)', () => {
  it('no route, service or repository decides visibility, ownership or roles itself', async () => {
    const report: Record<string, string[]> = {};
    let scanned = 0;
    for (const folder of SCANNED) {
      for (const file of await sourceFiles(join(SRC, folder))) {
        const name = relative(SRC, file);
        if (ALLOWED.has(name)) continue;
        scanned += 1;
        const found = offences(await readFile(file, 'utf8'));
        if (found.length > 0) report[name] = found;
      }
    }
    // The scan really read the tree (a wrong path would pass with nothing to find).
    expect(scanned).toBeGreaterThan(20);
    expect(report).toEqual({});
  });

  it('catches each kind of rule written outside policies/', () => {
    const bad = [
      ".where('posts.visibility', '=', 'public')",
      "if (post.visibility === 'private') return;",
      'sql`select 1 from posts where visibility = ${x}`',
      ".where('deleted_at', 'is', null)",
      'sql`... and deleted_at is null`',
      ".where('posts.user_id', '=', viewer.id)",
      'if (viewer?.id !== post.author.id) throw new ForbiddenError();',
      "const mod = user.role === 'moderator';",
    ];
    for (const line of bad) expect(offences(line), line).not.toEqual([]);
    const fine = [
      "'posts.visibility',",
      'visibility: post.visibility,',
      ".on('own_like.user_id', '=', viewer.id)",
      "// visibility === 'private' in a comment is no rule",
      '.where(postVisibleTo(viewer))',
    ];
    for (const line of fine) expect(offences(line), line).toEqual([]);
  });
});

/**
 * Which stored files are still referenced — what the gateway serves, what a signed URL opens, what
 * the garbage collector keeps — is answered once, by repositories/file-references.ts. A second
 * answer would drift from the first and leak a private file or delete a live one.
 */
const REFERENCES_HOME = 'repositories/file-references.ts';
const REFERENCE_SCANNED = [
  'routes',
  'services',
  'repositories',
  'plugins',
  'storage',
  'processing',
];
const REFERENCE_QUESTIONS: { pattern: RegExp; why: string }[] = [
  {
    pattern: /['"`](ipfs|avatar)['"`]\s*,\s*['"`](ipfs|avatar)['"`]/,
    why: 'the standalone upload kinds listed again (STANDALONE_UPLOAD_KINDS)',
  },
  {
    pattern: /['"`](uploads\.)?kind['"`]\s*,\s*['"`]in['"`]/,
    why: 'upload kinds filtered by hand',
  },
  {
    pattern: /['"`](post_files|file_derivatives)\.cid['"`]\s*,\s*['"`](=|in)['"`]/,
    why: 'a CID looked up among post files or derivatives (referencedCids)',
  },
];

function referenceQuestions(source: string): string[] {
  const found: string[] = [];
  source.split('\n').forEach((text, index) => {
    const code = text.replace(/\/\/.*$/, '').replace(/^\s*\*.*$/, '');
    for (const { pattern, why } of REFERENCE_QUESTIONS) {
      if (pattern.test(code)) found.push(`${index + 1}: ${text.trim()} (${why})`);
    }
  });
  return found;
}

describe('"is this file still referenced" has one answer (repositories/file-references.ts)', () => {
  it('no other module asks it again', async () => {
    const report: Record<string, string[]> = {};
    let scanned = 0;
    for (const folder of REFERENCE_SCANNED) {
      for (const file of await sourceFiles(join(SRC, folder))) {
        const name = relative(SRC, file);
        if (name === REFERENCES_HOME) continue;
        scanned += 1;
        const found = referenceQuestions(await readFile(file, 'utf8'));
        if (found.length > 0) report[name] = found;
      }
    }
    expect(scanned).toBeGreaterThan(20);
    expect(report).toEqual({});
  });

  it('catches each way of asking it again', () => {
    const bad = [
      ".where('kind', 'in', ['ipfs', 'avatar'])",
      ".where('uploads.kind', 'in', kinds)",
      ".where('post_files.cid', '=', cid)",
      ".where('file_derivatives.cid', 'in', chunk)",
    ];
    for (const line of bad) expect(referenceQuestions(line), line).not.toEqual([]);
    const fine = [
      ".innerJoin('files', 'files.cid', 'post_files.cid')",
      '.where(postNotDeleted())',
      "kind: 'avatar',",
    ];
    for (const line of fine) expect(referenceQuestions(line), line).toEqual([]);
  });
});
