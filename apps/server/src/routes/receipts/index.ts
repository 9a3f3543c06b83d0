import { receiptProofSchema, reviewIdParamsSchema } from '@symposia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewerOf } from '../../plugins/auth.js';
import { answers } from '../answers.js';
import { routeOptions } from '../route-options.js';

/** Receipts anyone can verify (issue 29; docs/RECEIPTS.md). */
export const receiptRoutes: FastifyPluginAsyncZod = async (app) => {
  const receipts = app.services.receipts;
  const route = routeOptions(app, 'receipts');

  app.get(
    '/reviews/:id/proof',
    route.anyone({
      summary: "The proof that a review's receipt is anchored on the chain",
      description:
        "The CID of the review's newest anchored receipt (its canonical JSON at /ipfs/{cid}), its " +
        "leaf hash and Merkle path, the epoch's root and the signature of the memo transaction " +
        'carrying it (docs/RECEIPTS.md; scripts/verify-receipt.mjs checks it). Seen as the review ' +
        'is: a review the caller may not see is 404; so is one whose epoch is not anchored yet.',
      params: reviewIdParamsSchema,
      response: answers({ 200: receiptProofSchema }, 404, 422),
    }),
    async (request) => receipts.proof(viewerOf(request), request.params.id),
  );
};
