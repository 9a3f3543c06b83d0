import {
  errorBodySchema,
  faucetRequestSchema,
  tokenInfoSchema,
  tokenTransferSchema,
  validationErrorBodySchema,
} from '@symposia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/auth.js';
import { presentTokenInfo, presentTokenTransfer } from '../../presenters/token.js';
import { addressKey } from '../../services/index.js';
import type { TokenService } from '../../services/token/token-service.js';
import { routeOptions } from '../route-options.js';

const FORM_OR_JSON = ['application/x-www-form-urlencoded', 'application/json'];

/** The token faucet (spec §2 Token management, §7 Blockchain; the server side is issue 8's). */
export const tokenRoutes: FastifyPluginAsyncZod<{ tokens: TokenService }> = async (
  app,
  { tokens },
) => {
  const route = routeOptions(app, 'token');
  app.get(
    '/token/info',
    route.anyone({
      summary: 'The faucet: whether it pays, on which network, which mint, within which limits',
      response: { 200: tokenInfoSchema },
    }),
    async () => presentTokenInfo(tokens.info()),
  );

  app.post(
    '/token/request',
    route.member({
      summary:
        'Send tokens to an address: activates a new account, creates its token account, transfers amount × 10^9. ' +
        'Retrying with the same request_id returns the first answer and never pays twice.',
      consumes: FORM_OR_JSON,
      body: faucetRequestSchema,
      response: {
        200: tokenTransferSchema,
        401: errorBodySchema,
        409: errorBodySchema,
        422: validationErrorBodySchema,
        429: errorBodySchema,
        502: errorBodySchema,
        503: errorBodySchema,
      },
    }),
    async (request) => {
      const transfer = await tokens.request(
        { userId: signedIn(request).user.id, ip: addressKey(request.ip) },
        request.body,
      );
      return presentTokenTransfer(transfer);
    },
  );
};
