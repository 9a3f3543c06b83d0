import {
  awardBountyBodySchema,
  bountyListSchema,
  bountyParamsSchema,
  bountySchema,
  createBountyBodySchema,
  openReviewsQuerySchema,
  openReviewsSchema,
  postIdParamsSchema,
} from '@symposia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn, viewerOf } from '../../plugins/auth.js';
import { presentBounty } from '../../presenters/bounty.js';
import { presentPostListItem } from '../../presenters/post.js';
import { answers } from '../answers.js';
import { routeOptions } from '../route-options.js';

/**
 * Review bounties (issue 29): tokens put in escrow for reviews of a post, awarded to reviews
 * written while the bounty was open, the rest given back when it settles.
 */
export const bountyRoutes: FastifyPluginAsyncZod = async (app) => {
  const bounties = app.services.bounties;
  const files = app.services.files;
  const route = routeOptions(app, 'bounties');

  app.post(
    '/media/:id/bounties',
    route.member({
      summary: 'Offer a bounty for reviews of a post',
      description:
        'JSON `{amount, deadline?, max_awards?, from_pool?}`: `amount` in the token’s smallest ' +
        'unit, moved from your claimable reward balance into escrow at once (from the reward ' +
        'pool, moderators only: 403 otherwise); a balance or pool smaller than it is 422. The ' +
        'deadline defaults to BOUNTY_DEFAULT_DAYS from now, at most BOUNTY_MAX_DAYS.',
      consumes: ['application/json'],
      params: postIdParamsSchema,
      body: createBountyBodySchema,
      response: answers({ 201: bountySchema }, 401, 403, 404, 422),
    }),
    async (request, reply) => {
      const bounty = await bounties.offer(signedIn(request).user, request.params.id, request.body);
      return reply.code(201).send(presentBounty(bounty));
    },
  );

  app.get(
    '/media/:id/bounties',
    route.anyone({
      summary: 'The bounties offered for reviews of a post, newest first',
      params: postIdParamsSchema,
      response: answers({ 200: bountyListSchema }, 404),
    }),
    async (request) => {
      const list = await bounties.ofPost(request.user ?? null, request.params.id);
      return { items: list.map(presentBounty) };
    },
  );

  app.get(
    '/reviews/open',
    route.anyone({
      summary: 'Posts asking for review, with their open bounties',
      description:
        'The posts not validated yet (unreviewed, in review or disputed) and those with a ' +
        'bounty open for reviews (before its deadline), each with those bounties: posts with ' +
        'such a bounty first, then those sharing a tag with your own posts, then the newest; ' +
        'never your own posts (you do not review them). ' +
        '`tag` keeps the posts with that tag; `cursor` is the `next_cursor` of the page before.',
      querystring: openReviewsQuerySchema,
      response: answers({ 200: openReviewsSchema }, 422),
    }),
    async (request) => {
      const viewer = viewerOf(request);
      const page = await bounties.openForReview(request.user ?? null, request.query);
      const urls = await files.urlsForPosts(
        viewer,
        page.items.map((item) => item.post),
      );
      return {
        items: page.items.map((item) => ({
          post: presentPostListItem(item.post, urls?.(item.post)),
          bounties: item.bounties.map(presentBounty),
        })),
        next_cursor: page.nextCursor,
      };
    },
  );

  app.post(
    '/bounties/:id/award',
    route.member({
      summary: 'Award a bounty to reviews of its post',
      description:
        'JSON `{review_ids}`: each review gets one share (the amount over `max_awards`, the ' +
        'last share taking the rest), credited to its reviewer’s claimable balance. Before the ' +
        'deadline only the offerer awards (403 for anyone else); after it a moderator may award ' +
        'a bounty its offerer left unawarded. Reviews must be live, of this post, written while ' +
        'the bounty was open and not the offerer’s own (422).',
      consumes: ['application/json'],
      params: bountyParamsSchema,
      body: awardBountyBodySchema,
      response: answers({ 200: bountySchema }, 401, 403, 404, 422),
    }),
    async (request) =>
      presentBounty(await bounties.award(signedIn(request).user, request.params.id, request.body)),
  );
};
