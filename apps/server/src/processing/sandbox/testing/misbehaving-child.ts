/**
 * A sandbox child for tests that does what a hostile file can make a parser do: loop forever,
 * fill memory outside the JS heap (buffers, as inflating does) or inside it, crash, throw. It
 * speaks the protocol of ../child.ts (../protocol.ts): one request and exit, or a pool's many.
 */
import { answerRequests } from '../protocol.js';
import type { SandboxReply, SandboxRequest } from '../tasks.js';

const held: unknown[] = [];

async function handle(request: SandboxRequest): Promise<SandboxReply> {
  switch (request.kind) {
    case 'echo':
      return { ok: true, value: request.input };
    case 'pid':
      return { ok: true, value: process.pid };
    case 'cwd':
      return { ok: true, value: process.cwd() };
    case 'environment':
      return { ok: true, value: Object.keys(process.env) };
    case 'spin':
      for (;;) {
        // Never yields: only a kill from outside ends this.
      }
    case 'buffers':
      // 16 MiB at a time, touched so the pages are resident; bounded, so the test never hangs.
      for (let index = 0; index < 256; index += 1) {
        held.push(Buffer.alloc(16 * 1024 * 1024, 1));
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      return { ok: true, value: 'allocated 4 GiB without being stopped' };
    case 'heap':
      for (let index = 0; index < 100_000; index += 1) {
        held.push(Array.from({ length: 100_000 }, (_, item) => ({ item })));
      }
      return { ok: true, value: 'filled the heap without being stopped' };
    case 'crash':
      process.abort();
      break;
    case 'throw':
      throw new Error('the parser gave up');
  }
  return { ok: false, message: `unknown task ${request.kind}` };
}

answerRequests(handle);
