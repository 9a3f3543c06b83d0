import {
  createReportBodySchema,
  myReportListSchema,
  myReportsQuerySchema,
  reportCreatedSchema,
} from '@symposia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/auth.js';
import { presentOwnReport } from '../../presenters/moderation.js';
import { answers } from '../answers.js';
import { routeOptions } from '../route-options.js';

/** Members report posts, comments and members to the moderators, and follow their reports. */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const reports = app.services.reports;
  const route = routeOptions(app, 'reports');

  app.post(
    '/reports',
    route.member({
      summary: 'Report a post, a comment, a review, a response to one or a member',
      description:
        'JSON `{target_type, target_id, reason, note}`; a `review_response` is named by its ' +
        "review's id. One open report per member and " +
        'target (409); a target you cannot see is 404, your own is 422; accounts younger than ' +
        'REPORT_MIN_ACCOUNT_AGE_SECONDS get 403; more than REPORT_RATE_LIMIT_MAX per ' +
        'REPORT_RATE_LIMIT_WINDOW_SECONDS get 429.',
      consumes: ['application/json'],
      body: createReportBodySchema,
      response: answers({ 201: reportCreatedSchema }, 401, 403, 404, 409, 422, 429),
    }),
    async (request, reply) => {
      const created = await reports.create(signedIn(request).user, request.body);
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/reports/mine',
    route.member({
      summary: 'Your reports, newest first, with their status and what came of them',
      querystring: myReportsQuerySchema,
      response: answers({ 200: myReportListSchema }, 401, 422),
    }),
    async (request) =>
      (await reports.mine(signedIn(request).user, request.query)).map(presentOwnReport),
  );
};
