import {
  postDetailSchema,
  postIdParamsSchema,
  postPatchBodySchema,
  postRevisionsSchema,
} from '@symposia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn, viewerOf } from '../../plugins/auth.js';
import { presentPostDetail, presentRevision } from '../../presenters/post.js';
import { answers, deletionDoc, noContentAfter } from '../answers.js';
import { routeOptions } from '../route-options.js';

/**
 * A post's life after upload: the author edits it, every edit keeps the version it
 * replaced, and the author or a moderator deletes it. Who may do which is decided in
 * services/posts by policies/ (docs/ARCHITECTURE.md §4).
 */
export const postEditRoutes: FastifyPluginAsyncZod = async (app) => {
  const posts = app.services.posts;
  const files = app.services.files;
  const route = routeOptions(app, 'media');

  app.patch(
    '/media/:id',
    route.restricted('post-author', {
      summary: 'Edit your post: any of title, summary, content, tags, visibility, ai_instruction',
      description:
        'JSON with at least one field; each has the limits of the upload. `tags` is the ' +
        'comma-separated text of the upload form; `doi` sets the DOI, null or "" removes it. ' +
        'The version replaced is kept (GET /media/{id}/revisions). A changed content or ' +
        'ai_instruction queues a new analysis. Only the author may edit (403); a post the ' +
        'caller cannot see is 404.',
      consumes: ['application/json'],
      params: postIdParamsSchema,
      body: postPatchBodySchema,
      response: answers({ 200: postDetailSchema }, 401, 403, 404, 422),
    }),
    async (request) => {
      const { user } = signedIn(request);
      const post = await posts.edit(request.params.id, user, request.body);
      return presentPostDetail(post, await files.urlsForPosts(user, [post]));
    },
  );

  app.delete(
    '/media/:id',
    route.member(
      deletionDoc(
        'post',
        'The post leaves every list, search and profile at once and its detail answers 404; ' +
          'its comments and likes go with it, and its files are no longer served unless ' +
          'something else carries the same CID.',
      ),
    ),
    noContentAfter((request) => posts.remove(request.params.id, signedIn(request).user)),
  );

  app.get(
    '/media/:id/revisions',
    route.anyone({
      summary: 'The earlier versions of a post, newest first',
      description:
        'Each edit keeps the version it replaced: revision 1 is the post as uploaded, and ' +
        '`edited_at` is when that version was written. For whoever may see the post.',
      params: postIdParamsSchema,
      response: answers({ 200: postRevisionsSchema }, 404),
    }),
    async (request) => {
      const revisions = await posts.revisions(request.params.id, viewerOf(request));
      return revisions.map(presentRevision);
    },
  );
};
