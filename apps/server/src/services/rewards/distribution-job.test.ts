import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/helpers.js';
import { endEpoch, likePost, payouts, rewardsCommunity, TOKEN } from '../../../test/rewards.js';
import { createWorker } from '../../processing/worker.js';
import { createRepositories } from '../../repositories/index.js';
import { DISTRIBUTE_REWARDS_JOB } from './reward-service.js';

describeEachDatabase('the reward distribution job', (db) => {
  it('runs the distribution as a durable job: two workers at once pay once', async () => {
    const { testApp, app, author, fans, post } = await rewardsCommunity(db);
    for (const fan of fans) await likePost(app, fan, post);
    await endEpoch(testApp);
    const repositories = createRepositories(app.db, db.dialect);
    const rewards = testApp.app.services.rewards;
    let runs = 0;
    const workers = [1, 2].map(() =>
      createWorker({
        jobs: repositories.jobs,
        handlers: {
          [DISTRIBUTE_REWARDS_JOB]: async (epochId) => {
            runs += 1;
            await rewards.distributeEpoch(Number(epochId));
          },
        },
        settings: { concurrency: 1, leaseSeconds: 30, pollMs: 10 },
        now: testApp.clock.now,
        log: { info: () => {}, warn: () => {} },
      }),
    );
    for (const worker of workers) worker.start();
    try {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const job = await repositories.jobs.findBySubject(DISTRIBUTE_REWARDS_JOB, '1');
        if (job?.status === 'done') break;
        if (Date.now() > deadline)
          throw new Error(`the job did not finish: ${JSON.stringify(job)}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
    }
    expect(runs).toBe(1);
    expect(await payouts(testApp, 1)).toEqual({
      [author.user.id]: { amount: 500n * TOKEN, carry: 0n, score: 9 },
    });
  });
});
