import {
  errorBodySchema,
  faucetRequestSchema,
  tokenInfoSchema,
  tokenTransferSchema,
  validationErrorBodySchema,
} from '@symposia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/auth.js';
import { SIGNED_IN } from '../../plugins/swagger.js';
import { presentTokenInfo, presentTokenTransfer } from '../../presenters/token.js';
import { addressKey } from '../../services/index.js';
import type { TokenService } from '../../services/token/token-service.js';

const FORM_OR_JSON = ['application/x-www-form-urlencoded', 'application/json'];

/** The token faucet (spec §2 Token management, §7 Blockchain; the server side is issue 8's). */
export const tokenRoutes: FastifyPluginAsyncZod<{ tokens: TokenService }> = async (
  app,
  { tokens },
) => {
  app.get(
    '/token/info',
    {
      schema: {
        summary: 'The faucet: whether it pays, on which network, which mint, within which limits',
        tags: ['token'],
        response: { 200: tokenInfoSchema },
      },
    },
    async () => presentTokenInfo(tokens.info()),
  );

  app.post(
    '/token/request',
    {
      onRequest: app.requireUser,
      schema: {
        summary:
          'Send tokens to an address: activates a new account, creates its token account, transfers amount × 10^9. ' +
          'Retrying with the same request_id returns the first answer and never pays twice.',
        tags: ['token'],
        consumes: FORM_OR_JSON,
        security: SIGNED_IN,
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
      },
    },
    async (request) => {
      const transfer = await tokens.request(
        { userId: signedIn(request).user.id, ip: addressKey(request.ip) },
        request.body,
      );
      return presentTokenTransfer(transfer);
    },
  );
};
