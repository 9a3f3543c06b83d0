import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PostDetail } from '@symposia/shared';
import { afterEach, expect, it } from 'vitest';
import {
  describeEachServerDatabase,
  publish,
  registerMember,
  ServerProcess,
  until,
  type Member,
  type TestDatabase,
} from '../../test/server-process.js';

/**
 * Processing survives restarts without giving up: the server is SIGKILLed again and again while
 * its worker holds a post's job. Files are parsed in a sandboxed child (processing/sandbox), so a
 * worker's death says nothing about the job: the job must still complete and its post be
 * published. Only a job whose worker keeps dying past JOB_MAX_LEASE_EXPIRIES is given up, and its
 * post is then published with what was made and the error shown to its author.
 *
 * Deterministic kills: the analysis is asked of an OpenAI-compatible endpoint played by this test
 * (the operator's AI_BASE_URL), which holds every request until told to answer. A request that
 * arrived means a worker is inside the job, holding its lease, and the job cannot finish before
 * the kill.
 */

const PROCESS_POST = 'process-post';
// A restart of the server under tsx, the lease running out and the next claim, on a busy machine.
const CYCLE_TIMEOUT_MS = 60_000;

interface HeldEndpoint {
  baseUrl: string;
  /** Analysis requests received so far. */
  readonly requests: number;
  /** Answers the requests held open and, from now on, every request with a valid analysis. */
  answer: () => void;
  close: () => Promise<void>;
}

/** The analysis the endpoint gives once it answers, as a chat completion's message. */
const ANALYSIS = {
  overview: 'Phonon lifetimes in the measured lattice.',
  keyPoints: ['The lattice was measured at low temperature.'],
  tags: ['phonons'],
  topics: ['How the error bounds were chosen.'],
};

async function heldEndpoint(): Promise<HeldEndpoint> {
  let requests = 0;
  let answering = false;
  const held = new Set<ServerResponse>();
  const respond = (response: ServerResponse) => {
    held.delete(response);
    // The server that asked was killed meanwhile: nobody is left to answer.
    if (response.destroyed) return;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        id: 'chatcmpl-test',
        object: 'chat.completion',
        created: 0,
        model: 'held-model',
        choices: [
          {
            index: 0,
            finish_reason: 'stop',
            message: { role: 'assistant', content: JSON.stringify(ANALYSIS) },
          },
        ],
      }),
    );
  };
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    request.resume();
    request.once('end', () => {
      requests += 1;
      // Held: the server that asked is killed while it waits, which closes the connection.
      if (answering) respond(response);
      else held.add(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    get requests() {
      return requests;
    },
    answer() {
      answering = true;
      // A server started after the last kill may have asked already.
      for (const response of [...held]) respond(response);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let endpoint: HeldEndpoint | undefined;
afterEach(async () => {
  await endpoint?.close();
  endpoint = undefined;
});

interface JobRow {
  status: string;
  locked_by: string | null;
}

async function jobOf(database: TestDatabase, postId: string): Promise<JobRow | undefined> {
  const rows = await database.query<JobRow>(
    'select status, locked_by from jobs where kind = ? and subject_id = ?',
    [PROCESS_POST, postId],
  );
  return rows[0];
}

async function detail(server: ServerProcess, postId: string, member?: Member) {
  const response = await fetch(server.url(`/api/v1/media/${postId}`), {
    headers: member?.headers ?? {},
  });
  expect(response.status).toBe(200);
  return (await response.json()) as PostDetail;
}

/**
 * Kills the server `kills` times, each time while its worker is inside the post's job (its
 * analysis request arrived and the job row is leased to this very process), and starts it again.
 */
async function killWhileLeased(
  server: ServerProcess,
  database: TestDatabase,
  held: HeldEndpoint,
  postId: string,
  kills: number,
): Promise<void> {
  for (let kill = 1; kill <= kills; kill += 1) {
    const job = await until(
      async () => {
        const row = await jobOf(database, postId);
        // A job given up or finished will ask nothing more: fail now rather than at the timeout.
        if (row?.status === 'failed' || row?.status === 'done') return row;
        return held.requests >= kill ? row : undefined;
      },
      CYCLE_TIMEOUT_MS,
      `the worker to claim the job for the ${kill}. time`,
    );
    expect(job, `before kill ${kill}`).toMatchObject({ status: 'running' });
    expect(job?.locked_by, `before kill ${kill}`).toContain(`:${server.pid}:`);
    await server.kill();
    await server.restart();
  }
}

describeEachServerDatabase('processing killed again and again', (open, dialect) => {
  const settings = (baseUrl: string) => ({
    AI_PROVIDER: 'openai',
    AI_BASE_URL: baseUrl,
    AI_MODEL: 'held-model',
    AI_MAX_ATTEMPTS: '1',
    AI_TIMEOUT_MS: '600000',
    WORKER_CONCURRENCY: '1',
    WORKER_POLL_MS: '20',
    JOB_LEASE_SECONDS: '2',
    JOB_MAX_ATTEMPTS: '5',
  });

  it('a job whose worker is SIGKILLed six times in a row completes and its post is published', async () => {
    const database = await open();
    const held = (endpoint = await heldEndpoint());
    const server = await ServerProcess.start(database, settings(held.baseUrl));
    const author = await registerMember(server, 'survivor');
    const postId = await publish(server, author, { title: 'Phonons', tags: 'physics' }, [
      { name: 'notes.txt', content: Buffer.from('phonon lattice measured sample '.repeat(50)) },
    ]);

    // One kill more than the old attempt cap (JOB_MAX_ATTEMPTS = 5).
    await killWhileLeased(server, database, held, postId, 6);
    held.answer();

    const post = await until(
      async () => {
        const found = await detail(server, postId, author);
        return found.status === 'published' ? found : undefined;
      },
      CYCLE_TIMEOUT_MS,
      'the post to be published',
    );
    expect(JSON.parse(post.ai_analysis)).toMatchObject({ provider: 'openai', tags: ['phonons'] });
    expect(post.tags).toEqual(['physics', 'phonons']);
    expect(post.processing_error).toBeUndefined();
    // Six lost leases, one attempt: the worker's deaths were not held against the job.
    const [job] = await database.query<Record<string, unknown>>(
      'select status, attempts, lease_expiries from jobs where kind = ? and subject_id = ?',
      [PROCESS_POST, postId],
    );
    expect(job).toMatchObject({ status: 'done' });
    expect(Number(job?.attempts)).toBe(1);
    expect(Number(job?.lease_expiries)).toBe(6);
    expect(held.requests).toBe(7);
    console.log(`[attack ${dialect}] 6 SIGKILLs while leased: job done, post published`);
  }, 600_000);

  it('a job whose worker keeps dying past JOB_MAX_LEASE_EXPIRIES is given up, and its post published with the error', async () => {
    const database = await open();
    const held = (endpoint = await heldEndpoint());
    const server = await ServerProcess.start(database, {
      ...settings(held.baseUrl),
      JOB_MAX_LEASE_EXPIRIES: '2',
    });
    const author = await registerMember(server, 'pill');
    const reader = await registerMember(server, 'reader');
    const postId = await publish(server, author, { title: 'Poison', tags: 'physics' }, [
      { name: 'notes.txt', content: Buffer.from('phonon lattice measured sample '.repeat(50)) },
    ]);

    await killWhileLeased(server, database, held, postId, 3);

    const post = await until(
      async () => {
        // Asked again: the worker ran the job a fourth time instead of giving it up.
        if (held.requests > 3) return 'asked again' as const;
        const found = await detail(server, postId, author);
        // The worker publishes the post (its give-up handler) before it marks the job failed,
        // so a crash between the two never leaves the post in processing: the author reads why
        // from the failed job, a moment after the post is published.
        return found.status === 'published' && found.processing_error !== undefined
          ? found
          : undefined;
      },
      CYCLE_TIMEOUT_MS,
      'the post to be published without its analysis, with the error',
    );
    if (post === 'asked again') throw new Error('the job ran again after 3 lost leases');
    // Published with what was made (its file and the text read from it), without an analysis,
    // and its author reads why.
    expect(post.ai_analysis).toBe('');
    expect(post.files.map((file) => file.name)).toEqual(['notes.txt']);
    expect(post.processing_error).toMatch(/stopped 3 times/);
    expect((await detail(server, postId, reader)).processing_error).toBeUndefined();
    expect((await detail(server, postId)).processing_error).toBeUndefined();
    const [job] = await database.query<Record<string, unknown>>(
      'select status, lease_expiries from jobs where kind = ? and subject_id = ?',
      [PROCESS_POST, postId],
    );
    expect(job).toMatchObject({ status: 'failed' });
    expect(Number(job?.lease_expiries)).toBe(3);
    // The text read from its document is searched like any published post's (only it holds
    // the word).
    const search = await fetch(server.url('/api/v1/media/list?search=lattice'));
    expect(((await search.json()) as { id: string }[]).map((found) => found.id)).toEqual([postId]);
    expect(held.requests).toBe(3);
  }, 600_000);
});
