import formbody from '@fastify/formbody';
import fp from 'fastify-plugin';

/**
 * Bodies are form-encoded by default (spec §7); Fastify parses JSON itself. A POST without any
 * body is validated as an empty form, so the answer names the missing fields.
 */
export const formBodyPlugin = fp(
  async (app) => {
    await app.register(formbody);
    app.addHook('preValidation', async (request) => {
      if (request.body == null && request.routeOptions.schema?.body) request.body = {};
    });
  },
  { name: 'form-body' },
);
