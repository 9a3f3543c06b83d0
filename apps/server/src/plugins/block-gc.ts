import fp from 'fastify-plugin';
import type { BlockGc } from '../services/storage/block-gc.js';

/** The longest wait between two looks at whether a scheduled run is due. */
const MAX_CHECK_EVERY_SECONDS = 600;

/**
 * Runs the block garbage collector every BLOCK_GC_INTERVAL_SECONDS inside the server (0: never;
 * `npm run gc` runs it by hand). Every process looks every interval (at most every 10 minutes)
 * whether a run is due; the lease in the database lets one of them run it, once per interval.
 * On close a run in progress stops between shard folders, and the server waits for it.
 */
export const blockGcPlugin = fp<{ gc: BlockGc }>(
  async (app, { gc }) => {
    if (gc.intervalSeconds === 0) return;
    let running: Promise<void> | undefined;
    const stop = new AbortController();
    const tick = () => {
      if (running) return;
      running = gc
        .run({ onlyIfDue: true, signal: stop.signal })
        .then(
          (result) => {
            if (result) {
              app.log.info(
                { blockGc: result },
                `block garbage collection: removed ${result.removedBlocks} blocks (${result.removedBytes} bytes)`,
              );
            }
          },
          (error: unknown) => {
            if (!stop.signal.aborted)
              app.log.warn({ err: error }, 'block garbage collection failed');
          },
        )
        .finally(() => {
          running = undefined;
        });
    };
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      const everySeconds = Math.min(gc.intervalSeconds, MAX_CHECK_EVERY_SECONDS);
      timer = setInterval(tick, everySeconds * 1000);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      stop.abort(new Error('the server is closing'));
      await running;
    });
  },
  { name: 'block-gc', dependencies: ['db', 'content-store'] },
);
