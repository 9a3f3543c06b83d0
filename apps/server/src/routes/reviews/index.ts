import {
  createReviewBodySchema,
  postIdParamsSchema,
  reviewHelpfulResultSchema,
  reviewIdParamsSchema,
  reviewListSchema,
  reviewPatchBodySchema,
  reviewRatingBodySchema,
  reviewRatingResultSchema,
  reviewResponseBodySchema,
  reviewResponseSchema,
  reviewSchema,
  userReviewListSchema,
  userReviewsParamsSchema,
  userReviewsQuerySchema,
} from '@symposia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn, viewerOf } from '../../plugins/auth.js';
import {
  presentMemberReviews,
  presentReview,
  presentReviewList,
  presentReviewResponse,
} from '../../presenters/review.js';
import { answers, deletionDoc, noContentAfter } from '../answers.js';
import { routeOptions } from '../route-options.js';

/** Peer review (issue 29): reviews of a post's current revision, responses, helpfulness. */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const reviews = app.services.reviews;
  const route = routeOptions(app, 'reviews');

  app.get(
    '/media/:id/reviews',
    route.anyone({
      summary: "A post's review status and its reviews, newest revision first",
      description:
        'Reviews follow their post (a private post’s are its author’s alone). `current` marks ' +
        'the reviews that count for the current revision; an anonymous reviewer is named only ' +
        'to themself and the moderators.',
      params: postIdParamsSchema,
      response: answers({ 200: reviewListSchema }, 404),
    }),
    async (request) => presentReviewList(await reviews.list(request.params.id, viewerOf(request))),
  );

  app.post(
    '/media/:id/reviews',
    route.member({
      summary: "Review the post's current revision",
      description:
        'One review per reviewer per revision (409 for a second: edit it instead); never of ' +
        'your own post (422), nor of one the moderators hid (403).',
      consumes: ['application/json'],
      params: postIdParamsSchema,
      body: createReviewBodySchema,
      response: answers({ 201: reviewSchema }, 401, 403, 404, 409, 422),
    }),
    async (request, reply) => {
      const created = await reviews.create(signedIn(request).user, request.params.id, request.body);
      return reply.code(201).send(presentReview(created));
    },
  );

  app.get(
    '/users/:id/reviews',
    route.anyone({
      summary: "A member's reviews: those they wrote, or those of their posts",
      description:
        '`kind=written` (the default): the reviews they wrote, on posts you may see; an ' +
        'anonymous one is listed only to its reviewer and the moderators. `kind=received`: the ' +
        'reviews of their posts. Newest first, paged by `cursor` (`next_cursor`, null on the ' +
        'last page). `helpful_total` counts the helpful marks of their signed reviews, shown ' +
        'as their statistics are: null when those are private.',
      params: userReviewsParamsSchema,
      querystring: userReviewsQuerySchema,
      response: answers({ 200: userReviewListSchema }, 404, 422),
    }),
    async (request) =>
      presentMemberReviews(
        await reviews.ofMember(request.params.id, viewerOf(request), request.query),
      ),
  );

  app.get(
    '/reviews/:id',
    route.anyone({
      summary: 'A review',
      params: reviewIdParamsSchema,
      response: answers({ 200: reviewSchema }, 404),
    }),
    async (request) => presentReview(await reviews.get(request.params.id, viewerOf(request))),
  );

  app.patch(
    '/reviews/:id',
    route.restricted('reviewer', {
      summary: 'Edit your review',
      description:
        'The fields to change (at least one); the version replaced is kept. A review of an ' +
        'earlier revision stays as written (422): review the current one instead.',
      consumes: ['application/json'],
      params: reviewIdParamsSchema,
      body: reviewPatchBodySchema,
      response: answers({ 200: reviewSchema }, 401, 403, 404, 422),
    }),
    async (request) =>
      presentReview(await reviews.edit(request.params.id, signedIn(request).user, request.body)),
  );

  app.delete(
    '/reviews/:id',
    route.member(
      deletionDoc('review', "The review goes, and the post's review status follows at once."),
    ),
    noContentAfter((request) => reviews.remove(request.params.id, signedIn(request).user)),
  );

  app.post(
    '/reviews/:id/response',
    route.restricted('reviewed-author', {
      summary: 'Respond to a review of your post (once per review)',
      consumes: ['application/json'],
      params: reviewIdParamsSchema,
      body: reviewResponseBodySchema,
      response: answers({ 201: reviewResponseSchema }, 401, 403, 404, 409, 422),
    }),
    async (request, reply) => {
      const response = await reviews.respond(
        request.params.id,
        signedIn(request).user,
        request.body.content,
      );
      return reply.code(201).send(presentReviewResponse(response));
    },
  );

  app.post(
    '/reviews/:id/helpful',
    route.member({
      summary: 'Mark the review helpful, or take the mark back',
      description: 'One mark per member; never on your own review (422).',
      params: reviewIdParamsSchema,
      response: answers({ 200: reviewHelpfulResultSchema }, 401, 403, 404, 422),
    }),
    async (request) => reviews.toggleHelpful(request.params.id, signedIn(request).user),
  );

  app.post(
    '/reviews/:id/rating',
    route.restricted('reviewed-author', {
      summary: 'Rate the helpfulness of a review of your post, 1 to 5',
      consumes: ['application/json'],
      params: reviewIdParamsSchema,
      body: reviewRatingBodySchema,
      response: answers({ 200: reviewRatingResultSchema }, 401, 403, 404, 422),
    }),
    async (request) => reviews.rate(request.params.id, signedIn(request).user, request.body.rating),
  );
};
