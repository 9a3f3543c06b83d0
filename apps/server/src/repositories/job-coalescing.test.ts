import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/helpers.js';
import { RELATE_POST_JOB } from '../domain/post.js';
import { createRepositories } from './index.js';
import { queueRelate } from './post-rows.js';

const T0 = Date.parse('2026-03-01T12:00:00.000Z');
const at = (seconds: number) => new Date(T0 + seconds * 1000).toISOString();

describeEachDatabase("a post's related-post refreshes, coalesced", (db) => {
  it('joins every write while the refresh waits to its one run, and queues one after it ran', async () => {
    const { app, config } = await db.buildApp();
    const jobs = createRepositories(app.db, config.database.dialect).jobs;
    const postId = randomUUID();
    const queue = (seconds: number) =>
      app.db.transaction().execute((trx) => queueRelate(trx, postId, at(seconds)));
    const job = () => jobs.findBySubject(RELATE_POST_JOB, postId);

    // Published, its documents indexed, edited, renamed: four writes while it waits, one run.
    for (const seconds of [0, 0.5, 1, 1.9]) await queue(seconds);
    expect(await job()).toMatchObject({ status: 'queued', runAfter: at(0), attempts: 0 });
    const first = await jobs.claim('worker-1', at(2), at(62), [RELATE_POST_JOB]);
    expect(first).toMatchObject({ subjectId: postId, attempts: 1 });

    // A write while it runs: what it read may be stale, so one more run is queued, and the one
    // in progress completes nothing.
    await queue(2.5);
    expect(await job()).toMatchObject({ status: 'queued', runAfter: at(2.5), lockedBy: null });
    await jobs.complete(first?.id ?? '', 'worker-1', at(3));
    expect(await job()).toMatchObject({ status: 'queued' });

    // Done, then written to twice: one run again.
    const second = await jobs.claim('worker-2', at(5), at(65), [RELATE_POST_JOB]);
    await jobs.complete(second?.id ?? '', 'worker-2', at(6));
    expect(await job()).toMatchObject({ status: 'done' });
    await queue(10);
    await queue(10.5);
    expect(await job()).toMatchObject({ status: 'queued', runAfter: at(10), attempts: 0 });
    expect(
      await app.db.selectFrom('jobs').select('id').where('subject_id', '=', postId).execute(),
    ).toHaveLength(1);
  });
});
