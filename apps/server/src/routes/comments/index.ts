import {
  commentListQuerySchema,
  commentListSchema,
  commentRepliesPageSchema,
  commentRepliesQuerySchema,
  commentRootsPageSchema,
  commentRootsQuerySchema,
  commentSchema,
  createCommentBodySchema,
  likedCommentsSchema,
  postIdParamsSchema,
} from '@symposia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn, viewerOf } from '../../plugins/auth.js';
import { presentComment, presentRepliesPage, presentRootsPage } from '../../presenters/comment.js';
import { sendSharedJson } from '../shared-json.js';
import { answers, likeToggleDoc } from '../answers.js';
import { routeOptions } from '../route-options.js';

/** Comment threads of a post: read, write (JSON, spec §7), like. */
export const commentRoutes: FastifyPluginAsyncZod = async (app) => {
  const comments = app.services.comments;
  const route = routeOptions(app, 'comments');

  app.get(
    '/comments/post/:id',
    route.anyone({
      summary: "A post's comments, oldest first, each with its level and thread",
      description:
        "The same for every caller who may see the post (ETag, gzip); the caller's likes " +
        'are at /comments/post/{id}/liked.',
      params: postIdParamsSchema,
      querystring: commentListQuerySchema,
      response: answers({ 200: commentListSchema }, 404, 422),
    }),
    async (request, reply) => {
      const found = await comments.list(request.params.id, viewerOf(request), request.query);
      return sendSharedJson(request, reply, found, (list) => list.map(presentComment));
    },
  );

  app.get(
    '/comments/post/:id/roots',
    route.anyone({
      summary: "A page of a post's top-level comments, newest first, each with its first reply",
      description:
        'The thread a page at a time (the rules of /comments/post/{id}): each top-level ' +
        'comment with its first reply, how many replies it shows in all and the cursor of ' +
        '/comments/{id}/replies for the rest; `nextCursor` gives the next page (null: none).',
      params: postIdParamsSchema,
      querystring: commentRootsQuerySchema,
      response: answers({ 200: commentRootsPageSchema }, 404, 422),
    }),
    async (request, reply) => {
      const page = await comments.roots(request.params.id, viewerOf(request), request.query);
      return sendSharedJson(request, reply, page, presentRootsPage);
    },
  );

  app.get(
    '/comments/:id/replies',
    route.anyone({
      summary: "A page of a thread's replies, oldest first",
      description:
        '`id` is the top-level comment of the thread; the first page starts after the replies ' +
        "/comments/post/{id}/roots gave when `cursor` is that thread's `repliesCursor`.",
      params: postIdParamsSchema,
      querystring: commentRepliesQuerySchema,
      response: answers({ 200: commentRepliesPageSchema }, 404, 422),
    }),
    async (request, reply) => {
      const page = await comments.replies(request.params.id, viewerOf(request), request.query);
      return sendSharedJson(request, reply, page, presentRepliesPage);
    },
  );

  app.get(
    '/comments/post/:id/liked',
    route.member({
      summary: "The ids of the post's comments the caller likes",
      params: postIdParamsSchema,
      response: answers({ 200: likedCommentsSchema }, 401, 404),
    }),
    async (request) => ({
      liked: await comments.likedOn(request.params.id, signedIn(request).user),
    }),
  );

  app.post(
    '/comments/create',
    route.member({
      summary: 'Comment on a post, or reply to a comment (parentId); the server sets the level',
      consumes: ['application/json'],
      body: createCommentBodySchema,
      response: answers({ 201: commentSchema }, 401, 404, 422, 429),
    }),
    async (request, reply) => {
      const created = await comments.create(signedIn(request).user, request.body);
      return reply.code(201).send(presentComment(created));
    },
  );

  app.post('/comments/:id/like', route.member(likeToggleDoc('comment')), async (request) =>
    comments.toggleLike(request.params.id, signedIn(request).user),
  );
};
