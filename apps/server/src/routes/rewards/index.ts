import {
  epochParamsSchema,
  epochSummarySchema,
  errorBodySchema,
  leaderboardQuerySchema,
  leaderboardSchema,
  rewardsMeSchema,
  validationErrorBodySchema,
} from '@symposia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/auth.js';
import {
  presentEpochSummary,
  presentLeaderboard,
  presentMemberRewards,
} from '../../presenters/rewards.js';
import type { RewardService } from '../../services/index.js';
import { routeOptions } from '../route-options.js';

/**
 * Contribution rewards (issue 16): the member's balance and history, and an epoch's leaderboard.
 * POST /rewards/claim is in claim.ts.
 */
export const rewardRoutes: FastifyPluginAsyncZod<{ rewards: RewardService }> = async (
  app,
  { rewards },
) => {
  const route = routeOptions(app, 'rewards');
  app.get(
    '/rewards/me',
    route.member({
      summary: 'Your contribution rewards: claimable balance, score so far, history',
      description:
        'Likes and comments your posts and comments receive are scored per epoch; when an ' +
        'epoch ends its token pool is split by score. Amounts are decimal strings of tokens.',
      response: { 200: rewardsMeSchema, 401: errorBodySchema },
    }),
    async (request) => presentMemberRewards(await rewards.mine(signedIn(request).user)),
  );

  app.get(
    '/rewards/leaderboard',
    route.anyone({
      summary: "An epoch's top members by reward (default: the last distributed epoch)",
      description:
        "Members whose statistics are private are shown as 'Anonymous' (to everyone but " +
        'themselves).',
      querystring: leaderboardQuerySchema,
      response: {
        200: leaderboardSchema,
        404: errorBodySchema,
        422: validationErrorBodySchema,
      },
    }),
    async (request) =>
      presentLeaderboard(await rewards.leaderboard(request.user ?? null, request.query.epoch)),
  );

  app.get(
    '/rewards/epochs/:id',
    route.anyone({
      summary: "An epoch's distribution: pool, members paid, top recipients, trust withheld",
      description:
        'Public (issue 28). Top recipients as the leaderboard shows them (private statistics ' +
        "as 'Anonymous'); `trust_weighting` says how much the actors' trust changed: the " +
        'counted score before and after weighting, and the tokens unweighted scoring would ' +
        'have credited that it did not. Figures are 0 until the epoch is distributed.',
      params: epochParamsSchema,
      response: {
        200: epochSummarySchema,
        404: errorBodySchema,
        422: validationErrorBodySchema,
      },
    }),
    async (request) =>
      presentEpochSummary(await rewards.epochSummary(request.user ?? null, request.params.id)),
  );
};
