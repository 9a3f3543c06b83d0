import { PassThrough } from 'node:stream';
import { errorBodySchema } from '@symposia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedIn } from '../../plugins/auth.js';
import { addressKey } from '../../services/index.js';
import { routeOptions } from '../route-options.js';

const eventStream = z.string().meta({
  description:
    'text/event-stream: `event: count` with `data: {"count": n}` at once and on each change; ' +
    '`event: post-published` with `data: {"id": "…"}` when a post the member may see is ' +
    'published; `: heartbeat` comments while idle.',
});

/**
 * GET /notifications/stream: Server-Sent Events of the member's unread count (and of posts
 * published that they may see), signed in with the bearer header (clients read it with fetch
 * streaming, so the token never goes into a URL).
 *
 * A stream lives long, which the server's limits must allow (server-limits.ts): the request
 * deadline (REQUEST_TIMEOUT_SECONDS) covers only receiving the request, done at once for a GET;
 * the idle deadline (CONNECTION_TIMEOUT_SECONDS) would cut a stream whose heartbeats are further
 * apart, so it is lifted for the stream's connection, whose liveness the heartbeats prove (a
 * write to a vanished client fails and closes it). NOTIFICATIONS_STREAMS_PER_MEMBER and
 * NOTIFICATIONS_STREAMS_PER_ADDRESS bound them, across every server process (429 over either).
 */
export const notificationStreamRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeOptions(app, 'notifications');
  const notifications = app.services.notifications;
  let closing = false;
  // An open stream would hold the shutdown open: every stream ends when closing starts.
  app.addHook('preClose', async () => {
    closing = true;
    notifications.closeStreams();
  });

  app.get(
    '/notifications/stream',
    route.member({
      summary: 'Live unread count (Server-Sent Events)',
      description:
        'Sends the count at once and whenever it changes, each post the member may see as it ' +
        'is published, a heartbeat comment every ' +
        'NOTIFICATIONS_HEARTBEAT_MS, and ends when the session is signed out or revoked. ' +
        'Send the bearer token as a header (fetch streaming), not in the URL.',
      produces: ['text/event-stream'],
      response: { 200: eventStream, 401: errorBodySchema, 429: errorBodySchema },
    }),
    async (request, reply) => {
      const { user, session } = signedIn(request);
      const body = new PassThrough();
      const open = () => !body.destroyed && !body.writableEnded;
      const handle = await notifications.watch(user, session, addressKey(request.ip), {
        count: (count) => {
          if (open()) body.write(`event: count\ndata: ${JSON.stringify({ count })}\n\n`);
        },
        // Issue 31: the forum shows a new post without a reload.
        published: (id) => {
          if (open()) body.write(`event: post-published\ndata: ${JSON.stringify({ id })}\n\n`);
        },
        // A client that stops reading gets no more heartbeats piled up for it. One reading is
        // on the site (issue 30): no immediate email while its stream is open.
        heartbeat: () => {
          if (open() && !body.writableNeedDrain) body.write(': heartbeat\n\n');
          void app.services.notificationPreferences.seen(user.id, null);
        },
        end: () => {
          if (open()) body.end();
        },
      });
      // The client went away (maybe while the count was read), or the stream ended: stop.
      reply.raw.once('close', () => handle.stop());
      if (request.raw.socket?.destroyed) handle.stop();
      reply.raw.once('finish', () => {
        // Ended by the shutdown: the connection goes too rather than idle until keep-alive ends.
        if (closing) request.raw.socket?.end();
      });
      const socket = request.raw.socket as { setTimeout?: (ms: number) => unknown } | undefined;
      socket?.setTimeout?.(0);
      return (
        reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('cache-control', 'no-cache, no-transform')
          .header('x-accel-buffering', 'no')
          // The schema's string describes the text for the API document; the body is streamed.
          .send(body as unknown as string)
      );
    },
  );
};
