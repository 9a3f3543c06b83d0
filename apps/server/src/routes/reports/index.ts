import {
  createReportBodySchema,
  errorBodySchema,
  myReportListSchema,
  myReportsQuerySchema,
  reportCreatedSchema,
  validationErrorBodySchema,
} from '@symposia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/auth.js';
import { SIGNED_IN } from '../../plugins/swagger.js';
import { presentOwnReport } from '../../presenters/moderation.js';

/** Members report posts, comments and members to the moderators, and follow their reports. */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const reports = app.services.reports;

  app.post(
    '/reports',
    {
      onRequest: app.requireUser,
      schema: {
        summary: 'Report a post, a comment or a member to the moderators',
        description:
          'JSON `{target_type, target_id, reason, note}`. One open report per member and ' +
          'target (409); a target you cannot see is 404, your own is 422; accounts younger than ' +
          'REPORT_MIN_ACCOUNT_AGE_SECONDS get 403; more than REPORT_RATE_LIMIT_MAX per ' +
          'REPORT_RATE_LIMIT_WINDOW_SECONDS get 429.',
        tags: ['reports'],
        consumes: ['application/json'],
        security: SIGNED_IN,
        body: createReportBodySchema,
        response: {
          201: reportCreatedSchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
          422: validationErrorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const created = await reports.create(signedIn(request).user, request.body);
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/reports/mine',
    {
      onRequest: app.requireUser,
      schema: {
        summary: 'Your reports, newest first, with their status and what came of them',
        tags: ['reports'],
        security: SIGNED_IN,
        querystring: myReportsQuerySchema,
        response: {
          200: myReportListSchema,
          401: errorBodySchema,
          422: validationErrorBodySchema,
        },
      },
    },
    async (request) =>
      (await reports.mine(signedIn(request).user, request.query)).map(presentOwnReport),
  );
};
