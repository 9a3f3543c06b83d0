/**
 * The deployment of deploy/ as real processes: two API processes (the built server, with
 * WORKER_CONCURRENCY=0) and one worker (the built worker) on one PostgreSQL database and one
 * Redis, BLOCKSTORE=postgres, each process with a data directory of its own. Requests alternate
 * between the two API processes, as a load balancer sends them; nothing one process keeps may be
 * needed by the other. The same properties are checked in one process's memory by
 * routes/shared-state.test.ts and chain/shared-chain.test.ts; here they hold between processes.
 */
import { randomBytes } from 'node:crypto';
import { generateKeyPairSigner, type Address } from '@solana/kit';
import { decodeToken } from '@solana-program/token';
import type { PostDetail, PostListItem, TokenInfo } from '@symposia/shared';
import { expect, it } from 'vitest';
import {
  eventually,
  getJson,
  postForm,
  publish,
  registerMember,
  tally,
  useCluster,
  type ClusterMember,
} from '../../test/cluster.js';
import { describePostgres, PDF_MINIMAL } from '../../test/helpers.js';
import { describeRedis } from '../../test/redis.js';
import { openStream } from '../../test/sse.js';
import { associatedTokenAddress } from '../chain/faucet.js';

const LOGIN_ACCOUNT_LIMIT = 10;
const FAUCET_REQUESTS_PER_MEMBER = 5;
// Generous: the machine running the suite may be busy, and a handed-over transfer waits for the
// owner's next look at the job table.
const SLOW_MS = 120_000;

/** A PDF (by its header) of about `size` bytes no other post has: random bytes in a comment. */
function uniqueFile(size: number): Buffer {
  return Buffer.concat([Buffer.from('%PDF-1.4\n% '), randomBytes(size), Buffer.from('\n%%EOF\n')]);
}

/** A small readable PDF no other post has, so each post's processing has its own work. */
function uniqueText(): Buffer {
  return Buffer.concat([PDF_MINIMAL, Buffer.from(`% ${randomBytes(16).toString('hex')}\n`)]);
}

async function requestTokens(
  base: string,
  member: ClusterMember,
  address: string,
  requestId: string,
): Promise<Response> {
  return postForm(
    base,
    '/api/v1/token/request',
    { address, amount: '1', request_id: requestId },
    member.headers,
  );
}

/** Reads a stream's `post-published` events up to `id`; returns the ids heard before it. */
async function publishedUntil(
  stream: { published: (withinMs?: number) => Promise<string> },
  id: string,
): Promise<string[]> {
  const before: string[] = [];
  for (let heard = await stream.published(SLOW_MS); heard !== id;) {
    before.push(heard);
    heard = await stream.published(SLOW_MS);
  }
  return before;
}

describeRedis('a cluster of processes', () => {
  describePostgres('two API processes and a worker', () => {
    const cluster = useCluster({
      apiCount: 2,
      workerCount: 1,
      env: {
        LOGIN_RATE_LIMIT_ACCOUNT_MAX: String(LOGIN_ACCOUNT_LIMIT),
        LOGIN_RATE_LIMIT_IP_MAX: '1000',
        REGISTER_RATE_LIMIT_MAX: '1000',
        UPLOAD_RATE_LIMIT_MAX: '1000',
        FAUCET_MAX_REQUESTS_PER_USER_DAILY: String(FAUCET_REQUESTS_PER_MEMBER),
        FAUCET_MAX_REQUESTS_PER_IP_DAILY: '1000',
        // A dead owner's chain is taken over within seconds; the hand-over waits long enough.
        CHAIN_OWNER_LEASE_SECONDS: '2',
        CHAIN_TRANSFER_TIMEOUT_SECONDS: '90',
        WORKER_POLL_MS: '100',
        // Longer than any test, so a session lookup cached by one process cannot expire on its
        // own before the other process's change is checked: only a signal can drop it.
        SESSION_CACHE_TTL_MS: '60000',
        // Likewise for public answers: a cached one is dropped only by a change signal.
        PUBLIC_CACHE_TTL_MS: '60000',
      },
    });

    it(
      'a post uploaded through one is listed, detailed and its files served byte-identical by the other at once',
      async () => {
        const { api } = cluster();
        const author = await registerMember(api(0), api(1));
        const file = uniqueFile(300 * 1024);
        const title = `Cluster post ${randomBytes(4).toString('hex')}`;
        // The other process's anonymous list is read (and cached) before the upload.
        await getJson<PostListItem[]>(api(1), '/api/v1/media/list');
        const postId = await publish(
          api(0),
          author,
          {
            title,
            summary: 'Seen everywhere',
            content: 'Body',
            tags: 'cluster',
            visibility: 'public',
          },
          [{ name: 'paper.pdf', content: file, type: 'application/pdf' }],
        );

        const list = await getJson<PostListItem[]>(api(1), '/api/v1/media/list');
        expect(list.body.map((post) => post.id)).toContain(postId);
        const detail = await getJson<PostDetail>(api(1), `/api/v1/media/${postId}`);
        expect(detail.body.title).toBe(title);
        expect(detail.body.files).toHaveLength(1);
        const [stored] = detail.body.files;
        const served = await fetch(`${api(1)}${stored!.url}`);
        expect(served.status).toBe(200);
        expect(Buffer.from(await served.arrayBuffer()).equals(file)).toBe(true);
        // A range and the CAR of the root are served by either process from the shared blocks.
        const range = await fetch(`${api(1)}${stored!.url}`, { headers: { range: 'bytes=10-19' } });
        expect(range.status).toBe(206);
        expect(Buffer.from(await range.arrayBuffer()).equals(file.subarray(10, 20))).toBe(true);
        const back = await fetch(`${api(0)}${stored!.url}`);
        expect(Buffer.from(await back.arrayBuffer()).equals(file)).toBe(true);
      },
      SLOW_MS,
    );

    it(
      "a post the worker process publishes reaches members' streams on both API processes; a private one its author's alone",
      async () => {
        const { api } = cluster();
        const author = await registerMember(api(0), api(1));
        const reader = await registerMember(api(1), api(0));
        const streams = await Promise.all([
          openStream(api(0), reader.headers),
          openStream(api(1), reader.headers),
          openStream(api(1), author.headers),
        ]);
        try {
          const [readerOn0, readerOn1, authorOn1] = streams;
          for (const stream of streams) expect(await stream.count()).toBe(0);
          const secret = await publish(
            api(0),
            author,
            { title: 'Mine alone', visibility: 'private' },
            [{ name: 'notes.pdf', content: uniqueText(), type: 'application/pdf' }],
          );
          // Other tests' public posts may be published meanwhile (the worker runs on): each
          // stream is read up to the post it waits for, and what came before is looked at.
          await publishedUntil(authorOn1!, secret);
          const title = `Live ${randomBytes(4).toString('hex')}`;
          const postId = await publish(api(1), author, { title }, [
            { name: 'paper.pdf', content: uniqueText(), type: 'application/pdf' },
          ]);
          // The private post never reached the reader.
          expect(await publishedUntil(readerOn0!, postId)).not.toContain(secret);
          expect(await publishedUntil(readerOn1!, postId)).not.toContain(secret);
          await publishedUntil(authorOn1!, postId);
          // Told, either process lists it as published (the content version's change came first).
          for (const base of [api(0), api(1)]) {
            const list = await getJson<PostListItem[]>(base, '/api/v1/media/list', reader.headers);
            expect(list.body.find((post) => post.id === postId)?.status).toBe('published');
          }
        } finally {
          for (const stream of streams) stream.close();
        }
      },
      SLOW_MS * 2,
    );

    it(
      "a like through one shows in the other's next anonymous list",
      async () => {
        const { api } = cluster();
        const author = await registerMember(api(0));
        const liker = await registerMember(api(1));
        const postId = await publish(
          api(1),
          author,
          {
            title: 'To be liked',
            summary: 's',
            content: 'c',
            tags: 'cluster',
            visibility: 'public',
          },
          [{ name: 'a.pdf', content: PDF_MINIMAL, type: 'application/pdf' }],
        );
        for (const [through, readBack] of [
          [0, 1],
          [1, 0],
        ] as const) {
          // The reading process has the list in its anonymous cache before the like.
          const before = await getJson<PostListItem[]>(api(readBack), '/api/v1/media/list');
          const likesBefore = before.body.find((post) => post.id === postId)?.likes;
          const like = await fetch(`${api(through)}/api/v1/media/${postId}/like`, {
            method: 'POST',
            headers: liker.headers,
          });
          expect(like.status, await like.text()).toBe(200);
          const after = await getJson<PostListItem[]>(api(readBack), '/api/v1/media/list');
          const likesAfter = after.body.find((post) => post.id === postId)?.likes;
          // Liked, then unliked: each toggle is seen at once by the other process.
          expect(likesAfter).toBe(through === 0 ? (likesBefore ?? 0) + 1 : (likesBefore ?? 1) - 1);
          const detail = await getJson<PostDetail>(api(readBack), `/api/v1/media/${postId}`);
          expect(detail.body.likes).toBe(likesAfter);
        }
      },
      SLOW_MS,
    );

    it(
      '40 wrong passwords spread over both processes are limited to the single configured limit',
      async () => {
        const { api } = cluster();
        const member = await registerMember(api(0));
        const attempts = await Promise.all(
          Array.from({ length: 40 }, async (_, i) => {
            const response = await postForm(api(i), '/api/v1/auth/token', {
              grant_type: 'password',
              username: member.username,
              password: 'not the password',
            });
            await response.arrayBuffer();
            return response.status;
          }),
        );
        expect(tally(attempts)).toEqual({
          400: LOGIN_ACCOUNT_LIMIT,
          429: 40 - LOGIN_ACCOUNT_LIMIT,
        });
        // Held back on both processes, the right password too, until the window ends.
        for (const i of [0, 1]) {
          const right = await postForm(api(i), '/api/v1/auth/token', {
            grant_type: 'password',
            username: member.username,
            password: member.password,
          });
          expect(right.status).toBe(429);
          expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
        }
      },
      SLOW_MS,
    );

    // The session cache holds the account: a change through one process reaches the other's
    // cache through the bus (services/auth/session-service.ts forgetCachedAccount).
    it(
      "a member's own change through one shows in the other's next /auth/me",
      async () => {
        const { api } = cluster();
        const member = await registerMember(api(0), api(1));
        const me = await getJson<{ id: string; email: string }>(
          api(1),
          '/api/v1/auth/me',
          member.headers,
        );
        const email = `${member.username}@example.org`;
        const change = await postForm(
          api(0),
          '/api/v1/modify/modify_email',
          { user_id: me.body.id, new_email: email },
          member.headers,
        );
        expect(change.status, await change.text()).toBe(200);
        const after = await getJson<{ email: string }>(api(1), '/api/v1/auth/me', member.headers);
        expect(after.body.email).toBe(email);
      },
      SLOW_MS,
    );

    it(
      'a logout through one revokes the token on the other at once',
      async () => {
        const { api } = cluster();
        const member = await registerMember(api(0), api(1));
        // The other process has the session in its lookup cache.
        for (const i of [0, 1]) {
          const me = await fetch(`${api(i)}/api/v1/auth/me`, { headers: member.headers });
          expect(me.status, await me.text()).toBe(200);
        }
        const logout = await fetch(`${api(0)}/api/v1/auth/logout`, {
          method: 'POST',
          headers: member.headers,
        });
        expect(logout.status, await logout.text()).toBe(200);
        const after = await fetch(`${api(1)}/api/v1/auth/me`, { headers: member.headers });
        expect(after.status, await after.text()).toBe(401);
      },
      SLOW_MS,
    );

    it(
      '20 concurrent faucet requests over both against a cap of 5 pay exactly 5 on the embedded chain',
      async () => {
        const { api, query } = cluster();
        const member = await registerMember(api(0));
        const receiver = (await generateKeyPairSigner()).address;
        const responses = await Promise.all(
          Array.from({ length: 20 }, async (_, i) => {
            const response = await requestTokens(api(i), member, receiver, `cluster-${i}`);
            return { status: response.status, body: await response.text() };
          }),
        );
        expect(
          tally(responses.map((response) => response.status)),
          responses.map((response) => response.body).join('\n'),
        ).toEqual({ 200: FAUCET_REQUESTS_PER_MEMBER, 429: 20 - FAUCET_REQUESTS_PER_MEMBER });
        const signatures = responses
          .filter((response) => response.status === 200)
          .map((response) => (JSON.parse(response.body) as { signature: string }).signature);
        expect(new Set(signatures).size).toBe(FAUCET_REQUESTS_PER_MEMBER);

        const ledger = await query<{ status: string; signature: string | null }>(
          "select status, signature from token_transfers where kind = 'faucet'",
        );
        expect(ledger.filter((row) => row.status === 'sent')).toHaveLength(
          FAUCET_REQUESTS_PER_MEMBER,
        );
        const onChain = await query<{ signature: string; status: string }>(
          'select signature, status from chain_signatures',
        );
        expect(onChain.map((row) => row.signature).sort()).toEqual([...signatures].sort());
        expect(onChain.every((row) => row.status === 'confirmed')).toBe(true);
        // The receiver holds exactly 5 tokens in the chain's saved state.
        expect(await tokenBalance(cluster().api(0), query, receiver)).toBe(
          BigInt(FAUCET_REQUESTS_PER_MEMBER) * 1_000_000_000n,
        );
      },
      SLOW_MS,
    );

    it(
      'a processing job is run once, by the worker, and its result shows on every process at once',
      async () => {
        const { api, query, cluster: processes } = cluster();
        const author = await registerMember(api(1));
        const postIds = await Promise.all(
          [0, 1, 2].map((i) =>
            publish(
              api(i),
              author,
              {
                title: `Processed ${i}`,
                summary: 's',
                content: 'c',
                tags: 'cluster',
                visibility: 'public',
              },
              [{ name: `p${i}.pdf`, content: uniqueText(), type: 'application/pdf' }],
            ),
          ),
        );
        // Each API process caches the posts as they are before processing; only the worker's
        // signal can drop those copies once it has published the analysis.
        for (const [i, postId] of postIds.entries()) {
          await getJson<PostDetail>(api(i + 1), `/api/v1/media/${postId}`);
        }
        const jobs = await eventually(
          async () => {
            const rows = await query<{
              subject_id: string;
              status: string;
              attempts: number;
              locked_by: string | null;
            }>(
              "select subject_id, status, attempts, locked_by from jobs where kind = 'process-post' and subject_id = any($1)",
              [postIds],
            );
            return rows.length === postIds.length && rows.every((row) => row.status === 'done')
              ? rows
              : undefined;
          },
          SLOW_MS,
          'the worker to process the posts',
        );
        const workerPid = String(processes.workers[0]!.pid);
        for (const job of jobs) {
          expect(job.attempts).toBe(1);
          // Claimed by the worker process (host:pid:…), never by an API process.
          expect(job.locked_by?.split(':')[1]).toBe(workerPid);
        }
        // One analysis per post, seen through either process.
        for (const [i, postId] of postIds.entries()) {
          const detail = await getJson<PostDetail>(api(i + 1), `/api/v1/media/${postId}`);
          expect(detail.body.status).toBe('published');
          expect(detail.body.ai_analysis).not.toBe('');
        }
      },
      SLOW_MS,
    );

    // Last: it kills a process. The owner is whichever candidate (CHAIN_OWNER) took the lease
    // first: an API process or the worker.
    it(
      'killing the chain owner hands the role over and the next request is paid',
      async () => {
        const { query, cluster: processes } = cluster();
        const [owner] = await query<{ holder: string; generation: string }>(
          'select holder, generation from chain_owners',
        );
        expect(owner).toBeDefined();
        const ownerPid = owner!.holder.split(':')[1];
        const killed = processes.processes.find((proc) => String(proc.pid) === ownerPid);
        expect(killed, `owner ${owner!.holder} is a process of the cluster`).toBeDefined();
        const survivor = processes.apis.find((api) => api !== killed)!;
        const member = await registerMember(survivor.url);
        const receiver = (await generateKeyPairSigner()).address;

        // SIGKILL: no shutdown hook, the lease is not given back.
        await killed!.stop('SIGKILL');
        const response = await requestTokens(
          survivor.url,
          member,
          receiver,
          'after-the-owner-died',
        );
        const text = await response.text();
        expect(response.status, text).toBe(200);
        const { signature } = JSON.parse(text) as { signature: string };

        const [now] = await query<{ holder: string; generation: string }>(
          'select holder, generation from chain_owners',
        );
        const alive = processes.processes
          .filter((proc) => proc.running && proc.name !== 'nginx')
          .map((proc) => String(proc.pid));
        expect(alive).toContain(now!.holder.split(':')[1]);
        expect(Number(now!.generation)).toBeGreaterThan(Number(owner!.generation));
        const [sent] = await query<{ status: string }>(
          'select status from chain_signatures where signature = $1',
          [signature],
        );
        expect(sent?.status).toBe('confirmed');
        // Paid on the chain the new owner restored from the saved state every process reads.
        expect(await tokenBalance(survivor.url, query, receiver)).toBe(1_000_000_000n);
      },
      SLOW_MS,
    );
  });
});

/** A receiver's token balance in the embedded chain's saved state (what every process reads). */
async function tokenBalance(
  base: string,
  query: <T>(text: string, params?: unknown[]) => Promise<T[]>,
  receiver: Address,
): Promise<bigint | null> {
  const info = await getJson<TokenInfo>(base, '/api/v1/token/info');
  const ata = await associatedTokenAddress(receiver, info.body.mint as Address);
  const [account] = await query<{ lamports: string; program: string; data: Buffer }>(
    'select lamports, program, data from chain_accounts where chain = $1 and address = $2',
    [`embedded:${info.body.mint}`, ata],
  );
  if (!account) return null;
  return decodeToken({
    address: ata,
    data: new Uint8Array(account.data),
    executable: false,
    lamports: BigInt(account.lamports) as never,
    programAddress: account.program as Address,
    space: BigInt(account.data.byteLength),
  }).data.amount;
}
