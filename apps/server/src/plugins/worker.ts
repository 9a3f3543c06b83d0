import fp from 'fastify-plugin';
import type { Worker } from '../processing/index.js';

/**
 * Runs the processing worker inside the server: it starts once the server is ready and, on
 * close, stops claiming and lets the jobs in flight finish before the database closes.
 */
export const workerPlugin = fp<{ worker: Worker }>(
  async (app, { worker }) => {
    app.addHook('onReady', async () => {
      worker.start();
      app.log.info(`processing worker ${worker.id} started`);
    });
    app.addHook('onClose', async () => {
      await worker.stop();
    });
  },
  { name: 'worker', dependencies: ['db'] },
);
