import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';

// A request id from a proxy in front ties our log lines to its own; anything odd is replaced
// so it cannot forge log content.
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/** Fastify's genReqId: the id every log line of the request carries as reqId. */
export function generateRequestId(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming)
    ? incoming
    : randomUUID();
}

/** Echoes the id, so a user can quote it for a failed request and an operator find it. */
export const requestIdPlugin = fp(
  async (app) => {
    // A callback hook, not an async one: no promise per request for one header.
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('x-request-id', request.id);
      done();
    });
  },
  { name: 'request-id' },
);
