import {
  linkedWalletSchema,
  linkedWalletsSchema,
  linkWalletBodySchema,
  walletChallengeBodySchema,
  walletChallengeSchema,
  walletParamsSchema,
} from '@symposia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/auth.js';
import { presentWallet } from '../../presenters/wallet.js';
import { answers, noContent, noContentAfter } from '../answers.js';
import { routeOptions } from '../route-options.js';

const unlinkedAnswer = noContent('Unlinked; no body');

/**
 * Wallets members prove they hold (issue 28): a Sign-In-With-Solana challenge, signed by the
 * wallet, links it to the member; reward claims pay only to linked wallets.
 */
export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  const wallets = app.services.wallets;
  const route = routeOptions(app, 'wallets');

  app.post(
    '/wallets/challenge',
    route.member({
      summary: 'Ask for a one-time message to sign with the wallet to link',
      description:
        'JSON `{address}`. Answers a Sign-In-With-Solana message (domain: PUBLIC_ORIGIN’s host) ' +
        'with its nonce and expiry (WALLET_CHALLENGE_TTL_SECONDS). Sign its UTF-8 bytes with the ' +
        'wallet (Phantom: `signMessage`) and send it to POST /wallets. A wallet another member ' +
        'holds is 422; more than WALLET_CHALLENGE_RATE_LIMIT_MAX per window is 429.',
      consumes: ['application/json'],
      body: walletChallengeBodySchema,
      response: answers({ 200: walletChallengeSchema }, 401, 422, 429),
    }),
    async (request) => wallets.challenge(signedIn(request).user, request.body),
  );

  app.post(
    '/wallets',
    route.member({
      summary: 'Link a wallet by its signature of an issued challenge',
      description:
        'JSON `{address, message, signature}`: the message exactly as issued, the signature ' +
        '(64 bytes) in base58 or base64. Each challenge is accepted once, until it expires. A ' +
        'wallet is linked to one member at a time.',
      consumes: ['application/json'],
      body: linkWalletBodySchema,
      response: answers({ 200: linkedWalletSchema }, 401, 422),
    }),
    async (request) => presentWallet(await wallets.link(signedIn(request).user, request.body)),
  );

  app.get(
    '/wallets',
    route.member({
      summary: 'Your linked wallets, the earliest linked first',
      response: answers({ 200: linkedWalletsSchema }, 401),
    }),
    async (request) => {
      const linked = await wallets.list(signedIn(request).user);
      return { wallets: linked.map(presentWallet) };
    },
  );

  app.delete(
    '/wallets/:address',
    route.member({
      summary: 'Unlink one of your wallets',
      description: 'A wallet that is not linked to you is 404. Claims no longer pay to it.',
      params: walletParamsSchema,
      response: answers({ 204: unlinkedAnswer }, 401, 404),
    }),
    noContentAfter((request) => wallets.unlink(signedIn(request).user, request.params.address)),
  );
};
