import type { ChildReady, SandboxReply, SandboxRequest } from './tasks.js';

/**
 * How a sandbox child answers its parent (child.ts, and the test children): each request in
 * turn, in the request's scratch directory when it names one. A request with an `id` (the pool's,
 * pool.ts) is answered with that id and the child waits for the next; one without (sandbox.ts
 * `runInChild`) is answered and the child exits. Before any request it says it is ready, which
 * is when the parent starts the clock of a file's time limit.
 */
export function answerRequests(handle: (request: SandboxRequest) => Promise<SandboxReply>): void {
  // The server is gone (killed, crashed): nobody will read the answer or enforce the limits.
  process.once('disconnect', () => process.exit(1));
  let turn: Promise<void> = Promise.resolve();
  process.on('message', (request: SandboxRequest) => {
    turn = turn.then(async () => {
      let reply: SandboxReply;
      try {
        if (request.cwd !== undefined) process.chdir(request.cwd);
        reply = await handle(request);
      } catch (error) {
        reply = { ok: false, message: error instanceof Error ? error.message : String(error) };
      }
      if (request.id === undefined) {
        process.send?.(reply, () => process.exit(0));
        return;
      }
      await new Promise<void>((resolve) => {
        process.send?.({ ...reply, id: request.id }, () => resolve());
      });
    });
  });
  const ready: ChildReady = { ready: true };
  process.send?.(ready);
}
