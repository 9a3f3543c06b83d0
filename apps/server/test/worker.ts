import type { PostDetail } from '@symposia/shared';
import type { FastifyInstance } from 'fastify';

/**
 * Waiting for the in-process worker (WORKER_CONCURRENCY > 0) of the suites that let it process
 * their uploads: polling loops with a generous deadline, never timed assertions.
 */

/** Reads until `done` holds; fails with the last value read after 30 s. */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`still not there: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Waits until the post is published, as `headers` reads it; answers its detail. */
export async function published(
  app: FastifyInstance,
  id: string,
  headers: Record<string, string>,
): Promise<PostDetail> {
  return until(
    async () =>
      (await app.inject({ method: 'GET', url: `/api/v1/media/${id}`, headers })).json<PostDetail>(),
    (post) => post.status === 'published',
  );
}

/** Waits until the worker has run every job queued so far (related lists settle). */
export async function settled(app: FastifyInstance): Promise<void> {
  await until(
    async () =>
      Number(
        (
          await app.db
            .selectFrom('jobs')
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .where('status', 'in', ['queued', 'running'])
            .executeTakeFirstOrThrow()
        ).n,
      ),
    (pending) => pending === 0,
  );
}
