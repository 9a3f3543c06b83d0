import fp from 'fastify-plugin';

/**
 * Once the server starts closing, every answer asks the client to close its connection. Node
 * only drops connections that are idle when closing starts; a keep-alive connection whose request
 * was still running would otherwise hold the shutdown open until its keep-alive timeout.
 */
export const gracefulClosePlugin = fp(
  async (app) => {
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (closing) reply.header('connection', 'close');
      done(null, payload);
    });
  },
  { name: 'graceful-close' },
);
