import {
  claimRewardsBodySchema,
  errorBodySchema,
  rewardClaimSchema,
  validationErrorBodySchema,
} from '@symposia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/auth.js';
import { presentRewardClaim } from '../../presenters/reward-claim.js';
import type { RewardClaimService } from '../../services/rewards/claim-service.js';
import { routeOptions } from '../route-options.js';

/** POST /rewards/claim: the member's whole claimable balance, paid on chain (issue 16). */
export const rewardClaimRoutes: FastifyPluginAsyncZod<{
  rewardClaims: RewardClaimService;
}> = async (app, { rewardClaims }) => {
  const route = routeOptions(app, 'rewards');
  app.post(
    '/rewards/claim',
    route.member({
      summary:
        'Claim every credited reward: activates a new account, creates its token account, transfers the balance. ' +
        'The server keeps no record of wallets, so the web app sends the connected wallet as the address. ' +
        'Retrying with the same request_id returns the first answer and never pays twice.',
      body: claimRewardsBodySchema,
      response: {
        200: rewardClaimSchema,
        401: errorBodySchema,
        403: errorBodySchema,
        409: errorBodySchema,
        422: validationErrorBodySchema,
        502: errorBodySchema,
        503: errorBodySchema,
      },
    }),
    async (request) => {
      const claim = await rewardClaims.claim(signedIn(request).user, request.body);
      return presentRewardClaim(claim);
    },
  );
};
