import {
  errorBodySchema,
  moderationLogQuerySchema,
  moderationLogSchema,
  moderationQueueQuerySchema,
  moderationQueueSchema,
  postIdParamsSchema,
  resolveReportBodySchema,
  resolveReportResultSchema,
  restoreBodySchema,
  restoreParamsSchema,
  validationErrorBodySchema,
} from '@symposia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedIn } from '../../plugins/auth.js';
import { SIGNED_IN } from '../../plugins/swagger.js';
import { presentLogEntry, presentQueueItem } from '../../presenters/moderation.js';

/** 204: no body. */
const restoredAnswer = z.null().meta({ description: 'Restored; no body' });

/** Refusals every moderation route may answer: signed out, or not a moderator. */
const NOT_A_MODERATOR = { 401: errorBodySchema, 403: errorBodySchema };

/**
 * The moderators' queue, their decisions and the log of them. Moderators only (403 for anyone
 * else): policies/moderation-policy.ts, asked by services/moderation.
 */
export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  const moderation = app.services.moderation;

  app.get(
    '/moderation/reports',
    {
      onRequest: app.requireUser,
      schema: {
        summary: 'The reports, grouped by target, the target reported earliest first',
        description:
          'Each entry: the target as it is now, its author, how many reports and for which ' +
          'reasons, the reporters’ notes. `report_id` is the oldest report of the group; ' +
          'resolving it resolves every open report on the target.',
        tags: ['moderation'],
        security: SIGNED_IN,
        querystring: moderationQueueQuerySchema,
        response: {
          200: moderationQueueSchema,
          ...NOT_A_MODERATOR,
          422: validationErrorBodySchema,
        },
      },
    },
    async (request) =>
      (await moderation.queue(signedIn(request).user, request.query)).map(presentQueueItem),
  );

  app.post(
    '/moderation/reports/:id/resolve',
    {
      onRequest: app.requireUser,
      schema: {
        summary:
          'Resolve a report, and every open report on its target: dismiss, hide, delete, suspend',
        description:
          'JSON `{action, note, suspend_days?}`. `hide`: only the author (marked) and the ' +
          'moderators see the target; `delete`: as the author’s delete; `suspend`: the author ' +
          'is signed out everywhere and refused sign-in for `suspend_days`. A member is only ' +
          'dismissed or suspended (422); a moderator is never suspended (422). Logged.',
        tags: ['moderation'],
        consumes: ['application/json'],
        security: SIGNED_IN,
        params: postIdParamsSchema,
        body: resolveReportBodySchema,
        response: {
          200: resolveReportResultSchema,
          ...NOT_A_MODERATOR,
          404: errorBodySchema,
          409: errorBodySchema,
          422: validationErrorBodySchema,
        },
      },
    },
    async (request) => moderation.resolve(signedIn(request).user, request.params.id, request.body),
  );

  app.post(
    '/moderation/:target_type/:id/restore',
    {
      onRequest: app.requireUser,
      schema: {
        summary: 'Undo a hide: the post or comment is seen by everyone who may see it again',
        description: 'JSON `{note}`. 409 when it is not hidden. Logged; its author is told.',
        tags: ['moderation'],
        consumes: ['application/json'],
        security: SIGNED_IN,
        params: restoreParamsSchema,
        body: restoreBodySchema,
        response: {
          204: restoredAnswer,
          ...NOT_A_MODERATOR,
          404: errorBodySchema,
          409: errorBodySchema,
          422: validationErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      await moderation.restore(signedIn(request).user, request.params, request.body);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/moderation/log',
    {
      onRequest: app.requireUser,
      schema: {
        summary: 'Every moderator action, newest first: who, what, on which target, why, when',
        tags: ['moderation'],
        security: SIGNED_IN,
        querystring: moderationLogQuerySchema,
        response: {
          200: moderationLogSchema,
          ...NOT_A_MODERATOR,
          422: validationErrorBodySchema,
        },
      },
    },
    async (request) =>
      (await moderation.log(signedIn(request).user, request.query)).map(presentLogEntry),
  );
};
