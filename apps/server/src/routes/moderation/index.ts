import {
  frozenRewardsQuerySchema,
  frozenRewardsSchema,
  rewardHoldBodySchema,
  rewardHoldParamsSchema,
  rewardHoldResultSchema,
  downWeightedSchema,
  moderationLogQuerySchema,
  moderationLogSchema,
  moderationQueueQuerySchema,
  moderationQueueSchema,
  postIdParamsSchema,
  resolveReportBodySchema,
  resolveReportResultSchema,
  restoreBodySchema,
  restoreParamsSchema,
  trustMarkBodySchema,
  trustMarkParamsSchema,
  trustMarkResultSchema,
  trustRecomputeResultSchema,
} from '@symposia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/auth.js';
import {
  presentFrozenBalance,
  presentHoldDone,
  presentLogEntry,
  presentQueueItem,
} from '../../presenters/moderation.js';
import { answers, noContent } from '../answers.js';
import { routeOptions } from '../route-options.js';

const restoredAnswer = noContent('Restored; no body');

/**
 * The moderators' queue, their decisions and the log of them. Moderators only (403 for anyone
 * else): policies/moderation-policy.ts, asked when the request arrives (`access: 'moderator'`,
 * plugins/route-access.ts, before any body or query is validated) and again by
 * services/moderation.
 */
export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  const moderation = app.services.moderation;
  const holds = app.services.rewardHolds;
  const route = routeOptions(app, 'moderation');

  app.get(
    '/moderation/reports',
    route.restricted('moderator', {
      summary: 'The reports, grouped by target, the target reported earliest first',
      description:
        'Each entry: the target as it is now, its author, how many reports and for which ' +
        'reasons, the reporters’ notes. `report_id` is the oldest report of the group; ' +
        'resolving it resolves every open report on the target.',
      querystring: moderationQueueQuerySchema,
      // Every moderation route may answer 401 or 403: signed out, or not a moderator.
      response: answers({ 200: moderationQueueSchema }, 401, 403, 422),
    }),
    async (request) =>
      (await moderation.queue(signedIn(request).user, request.query)).map(presentQueueItem),
  );

  app.post(
    '/moderation/reports/:id/resolve',
    route.restricted('moderator', {
      summary:
        'Resolve a report, and every open report on its target: dismiss, hide, delete, suspend',
      description:
        'JSON `{action, note, suspend_days?}`. `hide`: only the author (marked) and the ' +
        'moderators see the target; `delete`: as the author’s delete; `suspend`: the author ' +
        'is signed out everywhere and refused sign-in for `suspend_days`. A member is only ' +
        'dismissed or suspended (422); a moderator is never suspended (422). Logged.',
      consumes: ['application/json'],
      params: postIdParamsSchema,
      body: resolveReportBodySchema,
      response: answers({ 200: resolveReportResultSchema }, 401, 403, 404, 409, 422),
    }),
    async (request) => moderation.resolve(signedIn(request).user, request.params.id, request.body),
  );

  app.post(
    '/moderation/:target_type/:id/restore',
    route.restricted('moderator', {
      summary: 'Undo a hide: what was hidden is seen by everyone who may see it again',
      description:
        'JSON `{note}`; a `review_response` is named by its review’s id. 409 when it is not ' +
        'hidden. Logged; its author is told.',
      consumes: ['application/json'],
      params: restoreParamsSchema,
      body: restoreBodySchema,
      response: answers({ 204: restoredAnswer }, 401, 403, 404, 409, 422),
    }),
    async (request, reply) => {
      await moderation.restore(signedIn(request).user, request.params, request.body);
      return reply.code(204).send(null);
    },
  );

  // Community trust (issue 28, docs/TRUST.md).
  const trust = app.services.trust;

  app.post(
    '/moderation/users/:id/trust',
    route.restricted('moderator', {
      summary: 'Mark a member trusted (a seed of community trust) or untrusted',
      description:
        'JSON `{seed, note}`. `seed: true`: the member is a seed (trust 1, passed on to those ' +
        'they endorse); `false`: trust 0, none passed on. Takes effect at the recompute it ' +
        'queues. A moderator is always trusted (422 for `false`). Logged (`trust`/`untrust`).',
      consumes: ['application/json'],
      params: trustMarkParamsSchema,
      body: trustMarkBodySchema,
      response: answers({ 200: trustMarkResultSchema }, 401, 403, 404, 422),
    }),
    async (request) => trust.mark(signedIn(request).user, request.params.id, request.body),
  );

  app.post(
    '/moderation/trust/recompute',
    route.restricted('moderator', {
      summary: "Recompute every member's trust now (a durable job; 202)",
      response: answers({ 202: trustRecomputeResultSchema }, 401, 403),
    }),
    async (request, reply) =>
      reply.code(202).send(await trust.requestRecompute(signedIn(request).user)),
  );

  app.get(
    '/moderation/trust/down-weighted',
    route.restricted('moderator', {
      summary: 'The accounts whose given signals trust weighting discounts most',
      description:
        "Over the last epoch's length: each account's standing likes and comments in score " +
        'points, the part withheld by their trust, and who they gave most to (their ' +
        'interaction cluster), with levels and marks.',
      response: answers({ 200: downWeightedSchema }, 401, 403),
    }),
    async (request) => trust.downWeighted(signedIn(request).user),
  );

  app.get(
    '/moderation/log',
    route.restricted('moderator', {
      summary: 'Every moderator action, newest first: who, what, on which target, why, when',
      querystring: moderationLogQuerySchema,
      response: answers({ 200: moderationLogSchema }, 401, 403, 422),
    }),
    async (request) =>
      (await moderation.log(signedIn(request).user, request.query)).map(presentLogEntry),
  );

  app.get(
    '/moderation/rewards/frozen',
    route.restricted('moderator', {
      summary: 'The members whose rewards are frozen, frozen longest first',
      description:
        'A member suspended with an unclaimed balance has it frozen (and what is credited ' +
        'while suspended): not claimable until a moderator releases or forfeits it.',
      querystring: frozenRewardsQuerySchema,
      response: answers({ 200: frozenRewardsSchema }, 401, 403, 422),
    }),
    async (request) =>
      (await holds.frozen(signedIn(request).user, request.query)).map(presentFrozenBalance),
  );

  app.post(
    '/moderation/users/:id/rewards',
    route.restricted('moderator', {
      summary: 'Release or forfeit a member’s frozen rewards',
      description:
        'JSON `{action: "release" | "forfeit", note}`. `release`: the frozen balance is the ' +
        'member’s again, claimable whenever they may sign in (at once when the suspension is ' +
        'over, else when it ends). `forfeit`: it returns to the pool of the next distribution. ' +
        '404 unknown member, 409 nothing frozen. Logged with the amount.',
      consumes: ['application/json'],
      params: rewardHoldParamsSchema,
      body: rewardHoldBodySchema,
      response: answers({ 200: rewardHoldResultSchema }, 401, 403, 404, 409, 422),
    }),
    async (request) =>
      presentHoldDone(await holds.decide(signedIn(request).user, request.params, request.body)),
  );
};
