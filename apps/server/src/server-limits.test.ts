import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES, MAX_HEADER_BYTES } from './server-limits.js';
import { buildTestApp, multipart, PNG_1X1, signedInUser, type TestApp } from '../test/helpers.js';

/**
 * Clients that hold a connection without finishing their request, over real sockets against a
 * listening server with short deadlines. Each client keeps trickling bytes for a bounded number
 * of steps; the test only asks whether the server cut it off before the client gave up.
 */

const HEADERS_TIMEOUT_SECONDS = 1;
const REQUEST_TIMEOUT_SECONDS = 4;
const KEEP_ALIVE_TIMEOUT_SECONDS = 1;
const CONNECTION_TIMEOUT_SECONDS = 3;

/** Far longer than any deadline above: reaching it means the server never cut the client off. */
const MAX_STEPS = 60;
const STEP_MS = 300;

interface Exchange {
  /** Everything the server sent. */
  received: string;
  /** Whether the server closed the connection before the client ran out of steps. */
  closedByServer: boolean;
  /** Steps the client got to send. */
  steps: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Opens a socket, sends `first`, then `next(step)` every STEP_MS until the server closes it. */
async function trickle(
  port: number,
  first: string | Buffer,
  next: (step: number) => string | Buffer | null,
): Promise<Exchange> {
  const socket: Socket = connect({ port, host: '127.0.0.1' });
  let received = '';
  let closed = false;
  socket.on('data', (chunk) => {
    received += chunk.toString('latin1');
  });
  socket.on('close', () => {
    closed = true;
  });
  // The server may reset the connection while the client writes; that is the point.
  socket.on('error', () => {});
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  socket.write(first);
  let steps = 0;
  while (!closed && steps < MAX_STEPS) {
    await sleep(STEP_MS);
    steps += 1;
    const chunk = next(steps);
    if (!closed && chunk !== null) socket.write(chunk);
  }
  const closedByServer = closed;
  socket.destroy();
  return { received, closedByServer, steps };
}

describe('the server’s own limits (real sockets)', () => {
  let testApp: TestApp;
  let port: number;

  beforeAll(async () => {
    testApp = await buildTestApp('sqlite', {
      env: {
        HEADERS_TIMEOUT_SECONDS: String(HEADERS_TIMEOUT_SECONDS),
        REQUEST_TIMEOUT_SECONDS: String(REQUEST_TIMEOUT_SECONDS),
        KEEP_ALIVE_TIMEOUT_SECONDS: String(KEEP_ALIVE_TIMEOUT_SECONDS),
        CONNECTION_TIMEOUT_SECONDS: String(CONNECTION_TIMEOUT_SECONDS),
      },
    });
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    port = (testApp.app.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('passes every setting to the HTTP server', () => {
    const server = testApp.app.server;
    expect(server.headersTimeout).toBe(HEADERS_TIMEOUT_SECONDS * 1000);
    expect(server.requestTimeout).toBe(REQUEST_TIMEOUT_SECONDS * 1000);
    expect(server.keepAliveTimeout).toBe(KEEP_ALIVE_TIMEOUT_SECONDS * 1000);
    expect(server.timeout).toBe(CONNECTION_TIMEOUT_SECONDS * 1000);
    expect(testApp.app.initialConfig.bodyLimit).toBe(BODY_LIMIT_BYTES);
  });

  it('cuts off a slow-loris client that sends a header line now and then and never finishes', async () => {
    const exchange = await trickle(
      port,
      'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n',
      (step) => `X-Padding-${step}: ${'a'.repeat(10)}\r\n`,
    );
    expect(exchange.closedByServer).toBe(true);
    expect(exchange.received).toMatch(/^HTTP\/1\.1 408 /);
    // It kept sending for more than the header deadline: activity alone did not keep it alive.
    expect(exchange.steps * STEP_MS).toBeGreaterThan(HEADERS_TIMEOUT_SECONDS * 1000);
  });

  it('cuts off a client that sends its body a byte at a time', async () => {
    const exchange = await trickle(
      port,
      'POST /api/v1/auth/token HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
        'Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 10000\r\n\r\n',
      () => 'a',
    );
    expect(exchange.closedByServer).toBe(true);
    expect(exchange.received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('lets an upload take longer than the header deadline, within the request deadline', async () => {
    const member = await signedInUser(testApp.app);
    const body = multipart({ title: 'Slow link' }, [
      { name: 'figure.png', content: PNG_1X1, type: 'image/png' },
    ]);
    const head =
      'POST /api/v1/media/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n' +
      `Authorization: ${member.headers.authorization}\r\n` +
      `Content-Type: ${body.headers['content-type']}\r\nContent-Length: ${body.payload.length}\r\n\r\n`;
    // Four slices, one per step: about 1.2 s of body after the headers, over the 1 s header limit.
    const slices = 4;
    const size = Math.ceil(body.payload.length / slices);
    const exchange = await trickle(port, head, (step) =>
      step <= slices ? body.payload.subarray((step - 1) * size, step * size) : null,
    );
    expect(exchange.received).toMatch(/^HTTP\/1\.1 201 /);
  });

  it('closes an idle keep-alive connection after KEEP_ALIVE_TIMEOUT_SECONDS', async () => {
    const exchange = await trickle(
      port,
      'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n',
      () => null,
    );
    expect(exchange.received).toMatch(/^HTTP\/1\.1 200 /);
    expect(exchange.closedByServer).toBe(true);
  });

  it(`answers headers over ${MAX_HEADER_BYTES} bytes with 431`, async () => {
    const response = await fetch(`http://127.0.0.1:${port}/healthz`, {
      headers: { 'x-padding': 'a'.repeat(MAX_HEADER_BYTES + 1) },
    });
    expect(response.status).toBe(431);
  });

  it(`answers JSON and form bodies over ${BODY_LIMIT_BYTES} bytes with 413`, async () => {
    const member = await signedInUser(testApp.app);
    for (const [type, body] of [
      ['application/json', JSON.stringify({ new_bio: 'a'.repeat(BODY_LIMIT_BYTES) })],
      ['application/x-www-form-urlencoded', `new_bio=${'a'.repeat(BODY_LIMIT_BYTES)}`],
    ] as const) {
      const response = await fetch(`http://127.0.0.1:${port}/api/v1/modify/modify_bio`, {
        method: 'POST',
        headers: { ...member.headers, 'content-type': type },
        body,
      });
      expect(response.status, type).toBe(413);
      expect(await response.json()).toHaveProperty('detail');
    }
  });
});
