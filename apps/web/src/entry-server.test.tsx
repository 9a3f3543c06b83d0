// @vitest-environment node
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiFetch } from './entry-server';

/*
 * The server renderer as the API server loads it, in Node. An AsyncLocalStorage left enabled has
 * Node track the context of every promise the server makes afterwards, for every request (see
 * entry-server.tsx): a render must leave none enabled.
 */

const ran = new Set<AsyncLocalStorage<unknown>>();
const disabled = new Set<AsyncLocalStorage<unknown>>();
const { run, disable } = AsyncLocalStorage.prototype;
let clientDir = '';

beforeAll(() => {
  // Spies on the platform's class, set before the renderer (and React) are loaded.
  AsyncLocalStorage.prototype.run = function (
    this: AsyncLocalStorage<unknown>,
    ...args: unknown[]
  ) {
    ran.add(this);
    disabled.delete(this);
    return (run as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof run;
  AsyncLocalStorage.prototype.disable = function (this: AsyncLocalStorage<unknown>) {
    disabled.add(this);
    return disable.call(this);
  };
  clientDir = mkdtempSync(join(tmpdir(), 'symposia-ssr-'));
  writeFileSync(
    join(clientDir, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Symposia</title></head><body><div id="root"></div></body></html>',
  );
});

afterAll(() => {
  AsyncLocalStorage.prototype.run = run;
  AsyncLocalStorage.prototype.disable = disable;
  rmSync(clientDir, { recursive: true, force: true });
});

const emptyForum: ApiFetch = async (path) => ({
  status: 200,
  contentType: 'application/json',
  body: path.startsWith('/api/v1/media/list') ? '[]' : '{}',
});

describe('the server renderer', () => {
  it('renders a page with its data and leaves no AsyncLocalStorage enabled', async () => {
    const { createPageRenderer } = await import('./entry-server');
    const renderer = createPageRenderer({ clientDir });
    const asked: string[] = [];
    const page = await renderer.render(
      '/forum',
      (path) => {
        asked.push(path);
        return emptyForum(path);
      },
      'en',
    );

    expect(page?.status).toBe(200);
    expect(page?.html).toContain('<div id="root"><');
    expect(asked.some((path) => path.startsWith('/api/v1/media/list'))).toBe(true);
    // The page's data was read through a storage of the render's own...
    expect(ran.size).toBeGreaterThan(0);
    // ...and every storage a render entered is disabled again once it is done.
    expect([...ran].filter((storage) => !disabled.has(storage))).toEqual([]);
  });
});
