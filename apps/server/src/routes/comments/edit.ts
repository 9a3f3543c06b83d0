import {
  commentPatchBodySchema,
  commentSchema,
  errorBodySchema,
  postIdParamsSchema,
  validationErrorBodySchema,
} from '@symposia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedIn } from '../../plugins/auth.js';
import { SIGNED_IN } from '../../plugins/swagger.js';
import { presentComment } from '../../presenters/comment.js';

/** 204: no body. */
const deletedAnswer = z.null().meta({ description: 'Deleted; no body' });

/** Editing and deleting comments; who may is decided by policies/ through services/comments. */
export const commentEditRoutes: FastifyPluginAsyncZod = async (app) => {
  const comments = app.services.comments;

  app.patch(
    '/comments/:id',
    {
      onRequest: app.requireUser,
      schema: {
        summary: 'Edit your comment',
        description: 'JSON `{content}`; only the author may edit (403). Sets `edited_at`.',
        tags: ['comments'],
        consumes: ['application/json'],
        security: SIGNED_IN,
        params: postIdParamsSchema,
        body: commentPatchBodySchema,
        response: {
          200: commentSchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          422: validationErrorBodySchema,
        },
      },
    },
    async (request) =>
      presentComment(
        await comments.edit(request.params.id, signedIn(request).user, request.body.content),
      ),
  );

  app.delete(
    '/comments/:id',
    {
      onRequest: app.requireUser,
      schema: {
        summary: 'Delete a comment: its author, or a moderator',
        description:
          'A comment with replies stays in its thread as "[deleted]" (`deleted: true`, no ' +
          'author, no text) so the replies keep their place; one without replies disappears, ' +
          'and so does a "[deleted]" comment whose last reply goes. Counts follow at once.',
        tags: ['comments'],
        security: SIGNED_IN,
        params: postIdParamsSchema,
        response: {
          204: deletedAnswer,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      await comments.remove(request.params.id, signedIn(request).user);
      return reply.code(204).send(null);
    },
  );
};
