import fp from 'fastify-plugin';
import type { ReceiptService, RewardService } from '../services/index.js';

/** How often the server looks whether a reward epoch ended. */
const CHECK_EVERY_SECONDS = 60;

/**
 * The reward epochs' clock inside the server: at start-up (the first one opens epoch 1) and every
 * minute it opens the epoch running now and queues the distribution job of each ended one, which
 * a processing worker then runs (in this process or `npm run worker`). Every server process
 * looks; the database keeps one epoch row and one job per epoch however many do. Receipts (issue
 * 29) share the epochs: the same look queues their sweep and the anchoring of each ended epoch.
 */
export const rewardClockPlugin = fp<{ rewards: RewardService; receipts?: ReceiptService }>(
  async (app, { rewards, receipts }) => {
    let running: Promise<void> | undefined;
    const tick = () => {
      running ??= rewards
        .tick()
        .then(() => receipts?.tick())
        .then(
          () => undefined,
          (error: unknown) => app.log.warn({ err: error }, 'the reward epoch clock failed'),
        )
        .finally(() => {
          running = undefined;
        });
      return running;
    };
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      await tick();
      timer = setInterval(() => void tick(), CHECK_EVERY_SECONDS * 1000);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'reward-clock', dependencies: ['db'] },
);
