/**
 * The sandbox child: runs tasks on untrusted files, one at a time, and answers each over IPC.
 * Started by pool.ts (long-lived, a request naming its `id` and scratch directory, the child
 * staying for the next) or by sandbox.ts `runInChild` (one request without an id: the child
 * answers and exits), always with a heap limit and watched from outside for time and resident
 * memory. The parsers are imported only by the tasks that need them, once per child.
 */
import { readFile } from 'node:fs/promises';
import { answerRequests } from './protocol.js';
import type { SandboxReply, SandboxRequest, SandboxTasks } from './tasks.js';

type Handlers = {
  [K in keyof SandboxTasks]: (
    input: SandboxTasks[K]['input'],
  ) => Promise<SandboxTasks[K]['output']>;
};

const handlers: Handlers = {
  async extract({ path, contentType, name, options }) {
    const { extractText } = await import('../extract/index.js');
    return extractText({ bytes: await readFile(path), contentType, name }, options);
  },
  async thumbnails({ path, variants }) {
    const { imageThumbnails } = await import('../media/thumbnails.js');
    await keepNoImageCache();
    return imageThumbnails(await readFile(path), variants);
  },
  async poster({ path }) {
    const { posterThumbnail } = await import('../media/thumbnails.js');
    await keepNoImageCache();
    return posterThumbnail(await readFile(path));
  },
};

/**
 * libvips keeps recent operations and their pixels for reuse; a child that lives on must not
 * keep one file's image for the next (nor grow towards its memory limit with them).
 */
async function keepNoImageCache(): Promise<void> {
  const { default: sharp } = await import('sharp');
  sharp.cache(false);
}

async function handle(request: SandboxRequest): Promise<SandboxReply> {
  try {
    if (!Object.hasOwn(handlers, request.kind)) throw new Error(`unknown task ${request.kind}`);
    const handler = handlers[request.kind as keyof Handlers] as (
      input: unknown,
    ) => Promise<unknown>;
    return { ok: true, value: await handler(request.input) };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

answerRequests(handle);
