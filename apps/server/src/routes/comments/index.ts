import {
  commentListQuerySchema,
  commentListSchema,
  commentRepliesPageSchema,
  commentRepliesQuerySchema,
  commentRootsPageSchema,
  commentRootsQuerySchema,
  commentSchema,
  createCommentBodySchema,
  errorBodySchema,
  likedCommentsSchema,
  likeResultSchema,
  postIdParamsSchema,
  validationErrorBodySchema,
} from '@symposia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/auth.js';
import { SIGNED_IN } from '../../plugins/swagger.js';
import { presentComment, presentRepliesPage, presentRootsPage } from '../../presenters/comment.js';
import { sendSharedJson } from '../shared-json.js';

/** Comment threads of a post: read, write (JSON, spec §7), like. */
export const commentRoutes: FastifyPluginAsyncZod = async (app) => {
  const comments = app.services.comments;

  app.get(
    '/comments/post/:id',
    {
      schema: {
        summary: "A post's comments, oldest first, each with its level and thread",
        description:
          "The same for every caller who may see the post (ETag, gzip); the caller's likes " +
          'are at /comments/post/{id}/liked.',
        tags: ['comments'],
        params: postIdParamsSchema,
        querystring: commentListQuerySchema,
        response: {
          200: commentListSchema,
          404: errorBodySchema,
          422: validationErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const viewer = request.user ? { id: request.user.id, role: request.user.role } : null;
      const found = await comments.list(request.params.id, viewer, request.query);
      return sendSharedJson(request, reply, found, (list) => list.map(presentComment));
    },
  );

  app.get(
    '/comments/post/:id/roots',
    {
      schema: {
        summary: "A page of a post's top-level comments, newest first, each with its first reply",
        description:
          'The thread a page at a time (the rules of /comments/post/{id}): each top-level ' +
          'comment with its first reply, how many replies it shows in all and the cursor of ' +
          '/comments/{id}/replies for the rest; `nextCursor` gives the next page (null: none).',
        tags: ['comments'],
        params: postIdParamsSchema,
        querystring: commentRootsQuerySchema,
        response: {
          200: commentRootsPageSchema,
          404: errorBodySchema,
          422: validationErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const viewer = request.user ? { id: request.user.id, role: request.user.role } : null;
      const page = await comments.roots(request.params.id, viewer, request.query);
      return sendSharedJson(request, reply, page, presentRootsPage);
    },
  );

  app.get(
    '/comments/:id/replies',
    {
      schema: {
        summary: "A page of a thread's replies, oldest first",
        description:
          '`id` is the top-level comment of the thread; the first page starts after the replies ' +
          "/comments/post/{id}/roots gave when `cursor` is that thread's `repliesCursor`.",
        tags: ['comments'],
        params: postIdParamsSchema,
        querystring: commentRepliesQuerySchema,
        response: {
          200: commentRepliesPageSchema,
          404: errorBodySchema,
          422: validationErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const viewer = request.user ? { id: request.user.id, role: request.user.role } : null;
      const page = await comments.replies(request.params.id, viewer, request.query);
      return sendSharedJson(request, reply, page, presentRepliesPage);
    },
  );

  app.get(
    '/comments/post/:id/liked',
    {
      onRequest: app.requireUser,
      schema: {
        summary: "The ids of the post's comments the caller likes",
        tags: ['comments'],
        security: SIGNED_IN,
        params: postIdParamsSchema,
        response: { 200: likedCommentsSchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => ({
      liked: await comments.likedOn(request.params.id, signedIn(request).user),
    }),
  );

  app.post(
    '/comments/create',
    {
      onRequest: app.requireUser,
      schema: {
        summary: 'Comment on a post, or reply to a comment (parentId); the server sets the level',
        tags: ['comments'],
        consumes: ['application/json'],
        security: SIGNED_IN,
        body: createCommentBodySchema,
        response: {
          201: commentSchema,
          401: errorBodySchema,
          404: errorBodySchema,
          422: validationErrorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const created = await comments.create(signedIn(request).user, request.body);
      return reply.code(201).send(presentComment(created));
    },
  );

  app.post(
    '/comments/:id/like',
    {
      onRequest: app.requireUser,
      schema: {
        summary: 'Like the comment, or take the like back',
        tags: ['comments'],
        security: SIGNED_IN,
        params: postIdParamsSchema,
        response: { 200: likeResultSchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => comments.toggleLike(request.params.id, signedIn(request).user),
  );
};
