import { commentPatchBodySchema, commentSchema, postIdParamsSchema } from '@symposia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/auth.js';
import { presentComment } from '../../presenters/comment.js';
import { answers, deletionDoc, noContentAfter } from '../answers.js';
import { routeOptions } from '../route-options.js';

/** Editing and deleting comments; who may is decided by policies/ through services/comments. */
export const commentEditRoutes: FastifyPluginAsyncZod = async (app) => {
  const comments = app.services.comments;
  const route = routeOptions(app, 'comments');

  app.patch(
    '/comments/:id',
    route.restricted('comment-author', {
      summary: 'Edit your comment',
      description: 'JSON `{content}`; only the author may edit (403). Sets `edited_at`.',
      consumes: ['application/json'],
      params: postIdParamsSchema,
      body: commentPatchBodySchema,
      response: answers({ 200: commentSchema }, 401, 403, 404, 422),
    }),
    async (request) =>
      presentComment(
        await comments.edit(request.params.id, signedIn(request).user, request.body.content),
      ),
  );

  app.delete(
    '/comments/:id',
    route.member(
      deletionDoc(
        'comment',
        'A comment with replies stays in its thread as "[deleted]" (`deleted: true`, no ' +
          'author, no text) so the replies keep their place; one without replies disappears, ' +
          'and so does a "[deleted]" comment whose last reply goes. Counts follow at once.',
      ),
    ),
    noContentAfter((request) => comments.remove(request.params.id, signedIn(request).user)),
  );
};
