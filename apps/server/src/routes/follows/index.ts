import { followBodySchema, followResultSchema, followsSchema } from '@symposia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/auth.js';
import { presentFollows } from '../../presenters/follow.js';
import { answers, noContent, noContentAfter } from '../answers.js';
import { routeOptions } from '../route-options.js';

const TARGET =
  'JSON `{type, target}`: `type` is `author` (target: the member’s id as their profile’s ' +
  'address carries it, or `@username`) or `tag` (target: one tag, normalized as posts’ tags ' +
  'are: trimmed, leading `#` dropped; letter case does not matter).';

/**
 * Follows (issue 30): a member follows authors and tags. Their posts make the following feed
 * (`GET /media/list?feed=following`), and a followed author's new public post notifies the
 * follower (`followed_post`).
 */
export const followRoutes: FastifyPluginAsyncZod = async (app) => {
  const follows = app.services.follows;
  const route = routeOptions(app, 'follows');

  app.post(
    '/follows',
    route.member({
      summary: 'Follow an author or a tag',
      description:
        `${TARGET} 201 when it is new, 200 (the same body) when you follow it already. ` +
        'Yourself is 422; a member who does not exist or is suspended is 404; more than ' +
        'FOLLOWS_PER_MEMBER_MAX authors and tags in all is 422; more than ' +
        'FOLLOW_RATE_LIMIT_MAX changes per window is 429.',
      consumes: ['application/json'],
      body: followBodySchema,
      response: answers({ 200: followResultSchema, 201: followResultSchema }, 401, 404, 422, 429),
    }),
    async (request, reply) => {
      const { result, created } = await follows.follow(signedIn(request).user, request.body);
      return reply.code(created ? 201 : 200).send(result);
    },
  );

  app.delete(
    '/follows',
    route.member({
      summary: 'Stop following an author or a tag',
      description: `${TARGET} 204 whether you followed it or not.`,
      consumes: ['application/json'],
      body: followBodySchema,
      response: answers({ 204: noContent('Not followed now; no body') }, 401, 422, 429),
    }),
    noContentAfter((request) => follows.unfollow(signedIn(request).user, request.body)),
  );

  app.get(
    '/follows',
    route.member({
      summary: 'The authors and tags you follow, most recently followed first',
      response: answers({ 200: followsSchema }, 401),
    }),
    async (request) => presentFollows(await follows.list(signedIn(request).user)),
  );
};
