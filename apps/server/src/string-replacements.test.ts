import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * `text.replace(pattern, replacement)` expands `$\``, `$'`, `$&` and `$1` in a string
 * `replacement`: given a search or a post's text, each `$\`` became a copy of the page (issue 26:
 * a 15 KB address made a 58.6 MB page). This test reads the source of the server, the shared
 * package and the web app (all of which the server runs: the web app in its server render) and
 * fails on a `replace` or `replaceAll` whose replacement is anything but a literal written in the
 * source (whose `$` patterns are meant) or a function (whose result is taken as it is).
 */
const REPO = fileURLToPath(new URL('../../..', import.meta.url));
const SCANNED = ['apps/server/src', 'packages/shared/src', 'apps/web/src'];
const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;
const TEST = /\.test\.(ts|tsx|mts|js|mjs)$/;

/** Replacements whose text is fixed in the source, or computed per match and taken literally. */
const SAFE_REPLACEMENT = new Set([
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.ArrowFunction,
  ts.SyntaxKind.FunctionExpression,
]);

/** The `replace(…)` / `replaceAll(…)` calls of one file whose replacement is not safe. */
function unsafeReplacements(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      /^replace(All)?$/.test(node.expression.name.text) &&
      // String.prototype.replace takes two: a method of another name-sake (a repository's
      // replace(id, rows, limit)) is not concerned.
      node.arguments.length === 2
    ) {
      const replacement = node.arguments[1] as ts.Expression;
      if (!SAFE_REPLACEMENT.has(replacement.kind)) {
        // From the method's name: in a chain, the call itself rather than the chain's start.
        const start = node.expression.name.getStart(file);
        const { line } = file.getLineAndCharacterOfPosition(start);
        const call = source.slice(start, node.getEnd()).replace(/\s+/g, ' ');
        found.push(`${line + 1}: ${call}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

async function sourceFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name) && !TEST.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('no text is ever taken as a replacement pattern (issue 26)', () => {
  it('every replace() in the server, shared and web sources has a literal or a function', async () => {
    const report: Record<string, string[]> = {};
    let scanned = 0;
    for (const folder of SCANNED) {
      for (const file of await sourceFiles(join(REPO, folder))) {
        scanned += 1;
        const found = unsafeReplacements(file, await readFile(file, 'utf8'));
        if (found.length > 0) report[relative(REPO, file)] = found;
      }
    }
    // The scan really read the tree (a wrong path would pass with nothing to find).
    expect(scanned).toBeGreaterThan(200);
    // To fix one: `text.replace(pattern, () => value)`, or slice the string.
    expect(report).toEqual({});
  });

  it('catches each kind of replacement that may carry text, and passes the safe ones', () => {
    const unsafe = [
      'html.replace("<div></div>", markup)',
      'html.replace(/<title>/, `<title>${title}`)',
      "html.replaceAll('x', 'a' + text)",
      'html.replace(marker, page.body)',
      'html.replace(marker, render())',
      "html.replace(marker, ok ? text : '')",
    ];
    for (const code of unsafe) expect(unsafeReplacements('x.ts', code), code).toHaveLength(1);
    const safe = [
      "text.replace(/(a)/g, '$1 ')",
      'text.replace("x", `fixed`)',
      'html.replace(marker, () => markup)',
      'text.replace(/[<>]/g, function (c) { return escapes[c]; })',
      'repository.replace(id, rows, limit)',
    ];
    for (const code of safe) expect(unsafeReplacements('x.ts', code), code).toEqual([]);
  });
});
