import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildStamp, readStamp, writeStamp } from './build-stamp.mjs';

describe('build stamp', () => {
  let root;

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'symposia-stamp-'));
    for (const dir of ['packages/shared/src', 'apps/server/src', 'apps/web/src', 'apps/web/e2e']) {
      await mkdir(join(root, dir), { recursive: true });
    }
    await writeFile(join(root, 'package.json'), '{}');
    await writeFile(join(root, 'apps/server/src/app.ts'), 'export const a = 1;');
    await writeFile(join(root, 'apps/server/src/app.test.ts'), 'test');
    await writeFile(join(root, 'apps/web/src/main.tsx'), 'render();');
    await writeFile(join(root, 'apps/web/e2e/home.spec.ts'), 'spec');
  });

  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('is the same for the same inputs', async () => {
    expect(await buildStamp(root)).toBe(await buildStamp(root));
  });

  it('moves when a source file, a config or the file list changes', async () => {
    const first = await buildStamp(root);
    await writeFile(join(root, 'apps/server/src/app.ts'), 'export const a = 2;');
    const edited = await buildStamp(root);
    expect(edited).not.toBe(first);
    await writeFile(join(root, 'package.json'), '{"name":"x"}');
    const configured = await buildStamp(root);
    expect(configured).not.toBe(edited);
    await writeFile(join(root, 'packages/shared/src/new.ts'), '');
    expect(await buildStamp(root)).not.toBe(configured);
  });

  it('stays when only tests, specs or outputs change', async () => {
    const first = await buildStamp(root);
    await writeFile(join(root, 'apps/server/src/app.test.ts'), 'another test');
    await writeFile(join(root, 'apps/web/e2e/home.spec.ts'), 'another spec');
    await mkdir(join(root, 'apps/web/dist'), { recursive: true });
    await writeFile(join(root, 'apps/web/dist/index.html'), '<html>');
    expect(await buildStamp(root)).toBe(first);
  });

  it('is kept between runs', async () => {
    expect(await readStamp(root)).toBeNull();
    await writeStamp(root, 'abc');
    expect(await readStamp(root)).toBe('abc');
  });
});
