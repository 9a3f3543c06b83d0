import { healthResponseSchema } from '@symposia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    {
      // Probes call this every few seconds; only failures are worth a log line.
      logLevel: 'warn',
      schema: {
        summary: 'Liveness and database check',
        tags: ['health'],
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    async (_request, reply) => {
      if (await app.services.health.databaseIsUp()) {
        return { status: 'ok' as const, database: 'up' as const };
      }
      return reply.code(503).send({ status: 'error', database: 'down' });
    },
  );
};
