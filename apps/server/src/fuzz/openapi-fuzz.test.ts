import { Agent, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import {
  buildTestApp,
  PDF_MINIMAL,
  PNG_1X1,
  requestToken,
  signedInUser,
  uploadPost,
  multipart,
  TEST_PASSWORD,
} from '../../test/helpers.js';
import { preview, malformedRequest, type FuzzContext, type FuzzRequest } from './malformed.js';
import { operationsOf, type Operation } from './openapi.js';
import { fuzzSeed, Prng } from './prng.js';

/**
 * Issue 13's fuzzer: the real server listening on 127.0.0.1 (SQLite), every operation of the
 * OpenAPI document it serves, and thousands of malformed requests over HTTP, half anonymous and
 * half with a signed-in member's bearer token. No answer may be 500 or more, and the server must
 * be healthy afterwards. Seeded: FUZZ_SEED=<seed> replays a run (the seed is printed), and
 * FUZZ_REQUESTS changes how many requests are sent.
 */

const REQUESTS = Number(process.env.FUZZ_REQUESTS || 6000);
if (!Number.isInteger(REQUESTS) || REQUESTS < 1) {
  throw new Error(`FUZZ_REQUESTS must be a whole number above 0, not ${process.env.FUZZ_REQUESTS}`);
}
const IN_FLIGHT = 8;
/** A request unanswered this long counts as a hang. */
const ANSWER_TIMEOUT_MS = 30_000;
/** Fresh sessions for the signed-in half of `POST /auth/logout`, which ends the session it uses. */
const LOGOUT_SESSIONS = 12;

const ODD_AUTHORIZATION = [
  'Bearer',
  'Bearer ',
  `Bearer ${'x'.repeat(5000)}`,
  `Bearer ${'a'.repeat(43)}`,
  'Basic Zm9vOmJhcg==',
  'Basic',
  'bearer \u00ff\u00fe',
  'Digest username="x"',
];

interface Outcome {
  status?: number;
  requestId?: string;
  error?: string;
}

/**
 * Sends over the shared keep-alive connections. A connection the server closed after the
 * previous request it carried (as it may after a refused body) fails the next one before it is
 * read: that request is sent again on a connection of its own, so what is reported is its own
 * outcome.
 */
async function send(agent: Agent, port: number, request: FuzzRequest): Promise<Outcome> {
  const first = await sendOnce(agent, port, request);
  if (first.status !== undefined || first.error?.startsWith('no answer')) return first;
  return sendOnce(undefined, port, request);
}

function sendOnce(agent: Agent | undefined, port: number, request: FuzzRequest): Promise<Outcome> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = { ...request.headers };
    if (request.body) headers['content-length'] = String(request.body.length);
    if (!agent) headers.connection = 'close';
    let outgoing;
    try {
      outgoing = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: request.method,
          path: request.path,
          headers,
          agent: agent ?? false,
        },
        (response) => {
          const requestId = response.headers['x-request-id'];
          resolve({
            status: response.statusCode,
            requestId: typeof requestId === 'string' ? requestId : undefined,
          });
          response.on('error', () => {});
          // A live stream (GET /notifications/stream) never ends by itself: its status is the
          // answer, and its connection must not hold one of the agent's sockets for ever.
          if (String(response.headers['content-type']).startsWith('text/event-stream')) {
            response.destroy();
          } else {
            response.resume();
          }
        },
      );
    } catch (error) {
      resolve({ error: `not sendable: ${(error as Error).message}` });
      return;
    }
    outgoing.setTimeout(ANSWER_TIMEOUT_MS, () => {
      resolve({ error: `no answer within ${ANSWER_TIMEOUT_MS} ms` });
      outgoing.destroy();
    });
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      resolve({ error: error.code ?? error.message });
    });
    outgoing.end(request.body);
  });
}

/** What a person needs to reproduce one request: line, headers, body and what was mutated. */
function reproduction(index: number, request: FuzzRequest, outcome: Outcome): string {
  const { authorization, ...headers } = request.headers;
  const body = request.body;
  const shown = body
    ? `${JSON.stringify(body.subarray(0, 300).toString('latin1'))}${body.length > 300 ? `… (${body.length} bytes)` : ''}`
    : '(none)';
  return [
    `#${index} ${request.method} ${request.path.length > 300 ? `${request.path.slice(0, 300)}… (${request.path.length} chars)` : request.path}`,
    `  → ${outcome.status ?? outcome.error} (x-request-id ${outcome.requestId ?? '-'})`,
    `  authorization: ${authorization === undefined ? '(none)' : preview(authorization)}`,
    `  headers: ${JSON.stringify(headers)}`,
    `  body: ${shown}`,
    `  mutations: ${request.notes.join('; ') || '(none)'}`,
  ].join('\n');
}

it('answers thousands of malformed requests to every operation below 500, and stays healthy', async () => {
  const seed = fuzzSeed();
  console.log(`[fuzz] seed ${seed} (replay: FUZZ_SEED=${seed}), ${REQUESTS} requests`);
  const testApp = await buildTestApp('sqlite', {
    env: {
      // 5xx are logged with their stack at level error, next to their x-request-id.
      LOG_LEVEL: process.env.FUZZ_LOG_LEVEL ?? 'error',
      // Past the per-member limits, so bodies reach validation and storage rather than a 429.
      UPLOAD_RATE_LIMIT_MAX: '100000',
      COMMENT_RATE_LIMIT_MAX: '100000',
    },
  });
  const { app } = testApp;
  const agent = new Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
  try {
    // Real objects for ids to hit: two members, public and private posts, comments, files.
    const member = await signedInUser(app);
    const other = await signedInUser(app);
    const postIds = [
      await uploadPost(app, member.headers, { title: 'Public figure', tags: 'a,b' }),
      await uploadPost(app, member.headers, { title: 'Private notes', visibility: 'private' }, [
        { name: 'paper.pdf', content: PDF_MINIMAL, type: 'application/pdf' },
      ]),
      await uploadPost(app, other.headers, { title: 'Another member’s post' }),
    ];
    const commentIds: string[] = [];
    for (const [author, postId] of [
      [member, postIds[2]],
      [other, postIds[0]],
    ] as const) {
      const created = await app.inject({
        method: 'POST',
        url: '/api/v1/comments/create',
        headers: author.headers,
        payload: { postId, content: 'A real comment' },
      });
      expect(created.statusCode, created.body).toBe(201);
      commentIds.push(created.json<{ _id: string }>()._id);
    }
    const stored = multipart({}, [{ name: 'loose.png', content: PNG_1X1, type: 'image/png' }]);
    const loose = await app.inject({
      method: 'POST',
      url: '/api/v1/media/upload/ipfs',
      headers: { ...member.headers, ...stored.headers },
      payload: stored.payload,
    });
    expect(loose.statusCode, loose.body).toBe(201);
    const cids = [loose.json<{ cid: string }>().cid];
    for (const id of postIds.slice(0, 2)) {
      const detail = await app.inject({ url: `/api/v1/media/${id}`, headers: member.headers });
      cids.push(...detail.json<{ files: { cid: string }[] }>().files.map((file) => file.cid));
    }
    const logoutTokens: string[] = [];
    for (let index = 0; index < LOGOUT_SESSIONS; index += 1) {
      const issued = await requestToken(
        app,
        { grant_type: 'password', username: member.username, password: TEST_PASSWORD },
        `10.13.0.${index + 1}`,
      );
      expect(issued.statusCode, issued.body).toBe(200);
      logoutTokens.push(`Bearer ${issued.json<{ access_token: string }>().access_token}`);
    }
    const context: FuzzContext = {
      postIds,
      commentIds,
      userIds: [member.user.id, other.user.id],
      usernames: [member.username, other.username],
      cids,
      addresses: [
        'So11111111111111111111111111111111111111112',
        'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
        '11111111111111111111111111111111',
      ],
    };

    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const base = `http://127.0.0.1:${port}`;
    const documentResponse = await fetch(`${base}/api/v1/docs/json`);
    expect(documentResponse.status).toBe(200);
    const operations: Operation[] = operationsOf(await documentResponse.json());
    // The document lists every operation of the API; far fewer means it was not read right.
    expect(operations.length).toBeGreaterThanOrEqual(25);

    const failures: string[] = [];
    const transportErrors: string[] = [];
    const statuses = new Map<string, number>();
    // `revoked`: signed-in logouts after the fresh sessions for them ran out (their token ended).
    const answered = { anonymous: 0, signedIn: 0, revoked: 0 };
    let nextIndex = 0;
    let logoutsSent = 0;

    const worker = async () => {
      while (nextIndex < REQUESTS) {
        const index = nextIndex;
        nextIndex += 1;
        const operation = operations[index % operations.length] as Operation;
        const rng = Prng.forRequest(seed, index);
        const request = malformedRequest(operation, rng, context);
        // Alternates within each round over the operations and shifts every round, so each
        // operation gets both halves whether the document lists an odd or even number of them.
        const signedIn = (index + Math.floor(index / operations.length)) % 2 === 1;
        let half: keyof typeof answered = signedIn ? 'signedIn' : 'anonymous';
        if (signedIn) {
          const logout = operation.path.endsWith('/auth/logout');
          if (logout && logoutsSent >= LOGOUT_SESSIONS) half = 'revoked';
          request.headers.authorization = logout
            ? (logoutTokens[logoutsSent++ % LOGOUT_SESSIONS] as string)
            : member.headers.authorization;
        } else if (rng.chance(0.1)) {
          request.headers.authorization = rng.pick(ODD_AUTHORIZATION);
          request.notes.push('odd authorization');
        }
        const outcome = await send(agent, port, request);
        if (outcome.status === undefined) {
          if (outcome.error?.startsWith('no answer')) {
            failures.push(reproduction(index, request, outcome));
          } else {
            transportErrors.push(reproduction(index, request, outcome));
          }
          continue;
        }
        answered[half] += 1;
        const key = `${operation.method} ${operation.path} ${outcome.status}`;
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
        if (outcome.status >= 500) failures.push(reproduction(index, request, outcome));
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));

    console.log(
      `[fuzz] seed ${seed}: ${answered.anonymous} anonymous and ${answered.signedIn} signed-in ` +
        `answers (${answered.revoked} more with a revoked token), ` +
        `${transportErrors.length} connections closed without an answer, ` +
        `${failures.length} failures`,
    );
    console.log(
      `[fuzz] statuses: ${[...statuses]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, count]) => `${key} ×${count}`)
        .join(', ')}`,
    );
    if (transportErrors.length > 0) {
      console.log(
        `[fuzz] closed without an answer (first 5):\n${transportErrors.slice(0, 5).join('\n')}`,
      );
    }
    expect(failures, `seed ${seed}:\n${failures.slice(0, 20).join('\n')}`).toEqual([]);
    expect(answered.anonymous + answered.signedIn + answered.revoked).toBeGreaterThanOrEqual(
      Math.min(5000, REQUESTS * 0.9),
    );
    expect(answered.anonymous).toBeGreaterThanOrEqual(Math.min(2500, REQUESTS * 0.45));
    expect(answered.signedIn).toBeGreaterThanOrEqual(Math.min(2500, REQUESTS * 0.45));

    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', database: 'up' });
    // The member's session survived the run: signed-in requests really were signed in.
    const me = await fetch(`${base}/api/v1/auth/me`, { headers: member.headers });
    expect(me.status).toBe(200);
  } finally {
    agent.destroy();
    // Closing must not hide the failure that brought us here.
    await testApp.close().catch((error: unknown) => console.warn('[fuzz] closing failed', error));
  }
}, 180_000);
