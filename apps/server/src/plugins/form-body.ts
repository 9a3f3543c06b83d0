import formbody from '@fastify/formbody';
import fp from 'fastify-plugin';

/**
 * Bodies are form-encoded by default (spec §7); Fastify parses JSON itself. A POST without any
 * body is validated as an empty form, so the answer names the missing fields.
 */
export const formBodyPlugin = fp(
  async (app) => {
    await app.register(formbody);
    // A callback hook, not an async one: every request passes here, and nothing is awaited.
    app.addHook('preValidation', (request, _reply, done) => {
      if (request.body == null && request.routeOptions.schema?.body) request.body = {};
      done();
    });
  },
  { name: 'form-body' },
);
