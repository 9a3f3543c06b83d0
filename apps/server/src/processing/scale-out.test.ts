/**
 * Two server processes, each with its own processing worker, on one PostgreSQL database (and
 * blocks in it): every durable job — a post's processing, an epoch's reward distribution — runs
 * exactly once, whichever worker takes it.
 */
import type { PostDetail } from '@symposia/shared';
import { afterEach, expect, it } from 'vitest';
import { describePostgres, PDF_MINIMAL, signedInUser, uploadPost } from '../../test/helpers.js';
import { endEpoch, likePost, payouts, rewardsCommunity, TOKEN } from '../../test/rewards.js';
import { anotherApp, type OtherApp } from '../../test/two-apps.js';
import { createRepositories } from '../repositories/index.js';
import { PROCESS_POST_JOB } from '../services/index.js';
import { DISTRIBUTE_REWARDS_JOB } from '../services/rewards/reward-service.js';

const others: OtherApp[] = [];
const twoWorkers = { WORKER_CONCURRENCY: '2', WORKER_POLL_MS: '20', BLOCKSTORE: 'postgres' };

/** Waits until the job is done (the workers run on real timers). */
async function whenDone(
  jobs: ReturnType<typeof createRepositories>['jobs'],
  kind: string,
  subject: string,
) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const job = await jobs.findBySubject(kind, subject);
    if (job?.status === 'done') return job;
    if (Date.now() > deadline) throw new Error(`the job did not finish: ${JSON.stringify(job)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describePostgres('durable jobs with two server processes', (db) => {
  afterEach(async () => {
    await Promise.all(others.splice(0).map((other) => other.close()));
  });

  it("a post's processing job runs once with two workers", async () => {
    const first = await db.buildApp({ env: twoWorkers });
    const second = await anotherApp(first);
    others.push(second);
    const jobs = createRepositories(first.app.db, 'postgres').jobs;
    const ada = await signedInUser(first.app);
    const posts = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        uploadPost(first.app, ada.headers, { title: `Paper ${n}` }, [
          { name: `paper-${n}.pdf`, content: PDF_MINIMAL, type: 'application/pdf' },
        ]),
      ),
    );
    const done = await Promise.all(posts.map((id) => whenDone(jobs, PROCESS_POST_JOB, id)));
    // Each job was claimed once, by one of the two workers, and finished there.
    expect(done.map((job) => job.attempts)).toEqual([1, 1, 1, 1]);
    for (const id of posts) {
      const detail = await second.app.inject({ method: 'GET', url: `/api/v1/media/${id}` });
      expect(detail.json<PostDetail>().status).toBe('published');
    }
  });

  it("an epoch's reward distribution runs once with two workers, paying once", async () => {
    const { testApp, app, author, fans, post } = await rewardsCommunity(db, twoWorkers);
    const second = await anotherApp(testApp);
    others.push(second);
    for (const fan of fans) await likePost(app, fan, post);
    // Both servers' clocks see the epoch end; each queues its distribution: one job.
    await endEpoch(testApp);
    await second.app.services.rewards.tick();
    const jobs = createRepositories(app.db, 'postgres').jobs;
    const job = await whenDone(jobs, DISTRIBUTE_REWARDS_JOB, '1');
    expect(job.attempts).toBe(1);
    expect(await payouts(testApp, 1)).toEqual({
      [author.user.id]: { amount: 500n * TOKEN, carry: 0n, score: 9 },
    });
    const told = await app.db
      .selectFrom('notifications')
      .select('user_id')
      .where('type', '=', 'reward')
      .execute();
    expect(told).toEqual([{ user_id: author.user.id }]);
  });
});
