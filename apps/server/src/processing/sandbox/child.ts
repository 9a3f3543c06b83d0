/**
 * The sandbox child: runs one task on one untrusted file, answers over IPC and exits. Started by
 * sandbox.ts with a heap limit and watched from outside for time and resident memory; the parsers
 * are imported only by the task that needs them, so each child loads no more than it uses.
 */
import { readFile } from 'node:fs/promises';
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
    return imageThumbnails(await readFile(path), variants);
  },
  async poster({ path }) {
    const { posterThumbnail } = await import('../media/thumbnails.js');
    return posterThumbnail(await readFile(path));
  },
};

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

// The server is gone (killed, crashed): nobody will read the answer or enforce the limits.
process.once('disconnect', () => process.exit(1));

process.once('message', (request: SandboxRequest) => {
  void handle(request).then((reply) => process.send?.(reply, () => process.exit(0)));
});
