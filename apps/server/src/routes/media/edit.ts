import {
  errorBodySchema,
  postDetailSchema,
  postIdParamsSchema,
  postPatchBodySchema,
  postRevisionsSchema,
  validationErrorBodySchema,
} from '@symposia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedIn } from '../../plugins/auth.js';
import { SIGNED_IN } from '../../plugins/swagger.js';
import { presentPostDetail, presentRevision } from '../../presenters/post.js';

/** 204: no body. */
const deletedAnswer = z.null().meta({ description: 'Deleted; no body' });

/**
 * A post's life after upload: the author edits it, every edit keeps the version it
 * replaced, and the author or a moderator deletes it. Who may do which is decided in
 * services/posts by policies/ (docs/ARCHITECTURE.md §4).
 */
export const postEditRoutes: FastifyPluginAsyncZod = async (app) => {
  const posts = app.services.posts;
  const files = app.services.files;

  app.patch(
    '/media/:id',
    {
      onRequest: app.requireUser,
      schema: {
        summary: 'Edit your post: any of title, summary, content, tags, visibility, ai_instruction',
        description:
          'JSON with at least one field; each has the limits of the upload. `tags` is the ' +
          'comma-separated text of the upload form; `doi` sets the DOI, null or "" removes it. ' +
          'The version replaced is kept (GET /media/{id}/revisions). A changed content or ' +
          'ai_instruction queues a new analysis. Only the author may edit (403); a post the ' +
          'caller cannot see is 404.',
        tags: ['media'],
        consumes: ['application/json'],
        security: SIGNED_IN,
        params: postIdParamsSchema,
        body: postPatchBodySchema,
        response: {
          200: postDetailSchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          422: validationErrorBodySchema,
        },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      const post = await posts.edit(request.params.id, user, request.body);
      return presentPostDetail(post, await files.urlsForPosts(user, [post]));
    },
  );

  app.delete(
    '/media/:id',
    {
      onRequest: app.requireUser,
      schema: {
        summary: 'Delete a post: its author, or a moderator',
        description:
          'The post leaves every list, search and profile at once and its detail answers 404; ' +
          'its comments and likes go with it, and its files are no longer served unless ' +
          'something else carries the same CID.',
        tags: ['media'],
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
      await posts.remove(request.params.id, signedIn(request).user);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/media/:id/revisions',
    {
      schema: {
        summary: 'The earlier versions of a post, newest first',
        description:
          'Each edit keeps the version it replaced: revision 1 is the post as uploaded, and ' +
          '`edited_at` is when that version was written. For whoever may see the post.',
        tags: ['media'],
        params: postIdParamsSchema,
        response: { 200: postRevisionsSchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const viewer = request.user ? { id: request.user.id, role: request.user.role } : null;
      const revisions = await posts.revisions(request.params.id, viewer);
      return revisions.map(presentRevision);
    },
  );
};
