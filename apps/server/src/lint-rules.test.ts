import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The import rules of eslint.config.js (docs/ARCHITECTURE.md §2), each shown failing on a
 * deliberate violation, with the project's own configuration: a rule that stopped matching (a
 * moved folder, a mistyped glob) would otherwise pass every file in silence.
 */

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const src = join(root, 'apps/server/src');

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The ids of the rules `code` breaks when it is the file at `path` (under the server's src/). */
async function brokenRules(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(src, path) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('lint: policies/ imports nothing above it', () => {
  it.each([
    ["import { NotFoundError } from '../services/errors.js';", 'services'],
    ["import { createApp } from '../routes/index.js';", 'routes'],
    ["import { errorHandler } from '../plugins/error-handler.js';", 'plugins'],
    ["import { createRepositories } from '../repositories/index.js';", 'repositories'],
  ])('refuses %s', async (line) => {
    const code = `${line}\nexport const used = [${line.match(/\{ (\w+) \}/)?.[1]}];\n`;
    expect(await brokenRules('policies/upward.ts', code)).toContain('no-restricted-imports');
  });

  it('lets a policy import domain/', async () => {
    const code =
      "import { formatClaimTime } from '../domain/claim-time.js';\nexport const f = formatClaimTime;\n";
    expect(await brokenRules('policies/downward.ts', code)).toEqual([]);
  });
});

describe('lint: config.ts imports only settings and plain rules', () => {
  it.each([
    "import { shareCapUnits } from './services/rewards/distribution.js';",
    "import { DEFAULT_MAX_LEASE_EXPIRIES } from './processing/worker.js';",
    "import { createRepositories } from './repositories/index.js';",
  ])('refuses %s', async (line) => {
    const code = `${line}\nexport const used = [${line.match(/\{ (\w+) \}/)?.[1]}];\n`;
    expect(await brokenRules('config.ts', code)).toContain('no-restricted-imports');
  });

  it('lets config.ts import domain/ and settings/', async () => {
    const code =
      "import { shareCapUnits } from './domain/reward.js';\n" +
      "import { DEFAULT_MAX_LEASE_EXPIRIES } from './settings/jobs.js';\n" +
      'export const used = [shareCapUnits, DEFAULT_MAX_LEASE_EXPIRIES];\n';
    expect(await brokenRules('config.ts', code)).toEqual([]);
  });
});

describe('lint: lib/ imports nothing of the server', () => {
  it.each([
    "import { systemClock } from '../services/clock.js';",
    "import { DATABASE_FILE_MODE } from '../db/connect.js';",
    "import { formatClaimTime } from '../domain/claim-time.js';",
  ])('refuses %s', async (line) => {
    const code = `${line}\nexport const used = [${line.match(/\{ (\w+) \}/)?.[1]}];\n`;
    expect(await brokenRules('lib/upward.ts', code)).toContain('no-restricted-imports');
  });

  it('lets a lib/ module import another', async () => {
    const code =
      "import { BoundedMap } from './bounded-map.js';\nexport const made = new BoundedMap(1);\n";
    expect(await brokenRules('lib/sibling.ts', code)).toEqual([]);
  });
});

describe('lint: no import cycles', () => {
  // The rule follows imports on disk, so the two modules of the cycle are real files for a moment.
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(src, 'lint-cycle-'));
    await writeFile(join(dir, 'a.ts'), "import { b } from './b.js';\nexport const a = () => b;\n");
    await writeFile(join(dir, 'b.ts'), "import { a } from './a.js';\nexport const b = () => a;\n");
    await writeFile(join(dir, 'c.ts'), "import { b } from './b.js';\nexport const c = () => b;\n");
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const lint = async (name: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: join(dir, name) });
    return (result?.messages ?? []).map((message) => message.ruleId);
  };

  it('refuses two modules that import each other', async () => {
    expect(
      await lint('a.ts', "import { b } from './b.js';\nexport const a = () => b;\n"),
    ).toContain('import-x/no-cycle');
  });

  it('lets a module import one that does not lead back to it', async () => {
    expect(await lint('c.ts', "import { b } from './b.js';\nexport const c = () => b;\n")).toEqual(
      [],
    );
  });
});
