import {
  errorBodySchema,
  ipfsUploadResultSchema,
  likeResultSchema,
  postDetailSchema,
  postIdParamsSchema,
  postListQuerySchema,
  postListSchema,
  relatedPostsSchema,
  searchSuggestionsQuerySchema,
  searchSuggestionsSchema,
  uploadResultSchema,
  validationErrorBodySchema,
} from '@symposia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Viewer } from '../../domain/post.js';
import { signedIn } from '../../plugins/auth.js';
import { SIGNED_IN } from '../../plugins/swagger.js';
import {
  presentPostDetail,
  presentPostListJson,
  presentStoredFile,
} from '../../presenters/post.js';
import { presentRelatedPost } from '../../presenters/related-post.js';
import { sendJsonText } from '../shared-json.js';
import { uploadParts } from './upload-parts.js';

const MULTIPART = ['multipart/form-data'];

const viewerOf = (user: Viewer) => (user ? { id: user.id, role: user.role } : null);

/** Posts: upload (files into IPFS, then the post), the forum list and search, detail, likes. */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const posts = app.services.posts;
  // Private posts (only ever shown to their author) carry signed file URLs.
  const files = app.services.files;

  app.post(
    '/media/upload',
    {
      onRequest: app.requireUser,
      schema: {
        summary: 'Publish a post: up to 5 files (each ≤ 50 MB) stored on IPFS, plus metadata',
        description:
          'multipart/form-data: one `file` or repeated `files`, and the text fields title, ' +
          'description, summary, content, tags (comma-separated), media_type, ai_instruction, ' +
          'visibility (public|private), doi (optional: `10.NNNN/suffix`, a pasted ' +
          'https://doi.org/ link is stored without its prefix; 422 when malformed); send the ' +
          'text fields first, they are checked as they ' +
          'arrive. The type of each file is read from its bytes. Counts against the per-member ' +
          'upload rate limit (429) and storage quota (413). Files of a private post are served ' +
          'only through the signed URLs its author gets.',
        tags: ['media'],
        consumes: MULTIPART,
        security: SIGNED_IN,
        response: {
          201: uploadResultSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          413: errorBodySchema,
          422: validationErrorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const result = await posts.upload(signedIn(request).user, uploadParts(request));
      return reply.code(201).send(result);
    },
  );

  app.post(
    '/media/upload/ipfs',
    {
      onRequest: app.requireUser,
      schema: {
        summary: 'Store one file on IPFS without a post; answers its CID and gateway URL',
        tags: ['media'],
        consumes: MULTIPART,
        security: SIGNED_IN,
        response: {
          201: ipfsUploadResultSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          413: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const file = await posts.storeSingleFile(signedIn(request).user, uploadParts(request));
      return reply.code(201).send(presentStoredFile(file));
    },
  );

  app.get(
    '/media/list',
    {
      config: { publicCache: true },
      schema: {
        summary: 'The forum: public posts (and with include_hidden your own private ones)',
        description:
          'search is full-text over title, summary, content, tags, author name and the text ' +
          'extracted from the documents, Chinese and Japanese cut into words: every word matched ' +
          'as a prefix, "a quoted phrase" exactly, -word excluded; without sort_by a search is ' +
          'ordered by relevance (title above tags above summary and content above documents). ' +
          'Each search result carries `snippet`: where it matched, HTML-escaped, the matches in ' +
          '<mark>.',
        tags: ['media'],
        querystring: postListQuerySchema,
        response: { 200: postListSchema, 422: validationErrorBodySchema },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request.user);
      const page = await posts.list(viewer, request.query);
      const urls = await files.urlsForPosts(viewer, page.posts);
      return sendJsonText(reply, presentPostListJson(page.posts, page.likedIds, urls));
    },
  );

  app.get(
    '/media/search-suggestions',
    {
      schema: {
        summary: 'For a search that found nothing: the same search without one of its words',
        tags: ['media'],
        querystring: searchSuggestionsQuerySchema,
        response: { 200: searchSuggestionsSchema, 422: validationErrorBodySchema },
      },
    },
    async (request) => ({
      suggestions: await posts.searchSuggestions(viewerOf(request.user), request.query.search),
    }),
  );

  app.get(
    '/media/:id/related',
    {
      config: { publicCache: true },
      schema: {
        summary: 'Up to 5 public posts like this one (title, author, thumbnail), most alike first',
        description:
          'Chosen by text similarity over title, tags, summary, content and document text; ' +
          'refreshed when a post is published or edited. 404 as for the post itself.',
        tags: ['media'],
        params: postIdParamsSchema,
        response: { 200: relatedPostsSchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const related = await posts.related(request.params.id, viewerOf(request.user));
      return related.map(presentRelatedPost);
    },
  );

  app.get(
    '/media/:id',
    {
      config: { publicCache: true },
      schema: {
        summary: 'A post in the detail form of the spec (keys with spaces included)',
        tags: ['media'],
        params: postIdParamsSchema,
        response: { 200: postDetailSchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const viewer = viewerOf(request.user);
      const post = await posts.get(request.params.id, viewer);
      return presentPostDetail(post, await files.urlsForPosts(viewer, [post]));
    },
  );

  app.post(
    '/media/:id/like',
    {
      onRequest: app.requireUser,
      schema: {
        summary: 'Like the post, or take the like back',
        tags: ['media'],
        security: SIGNED_IN,
        params: postIdParamsSchema,
        response: { 200: likeResultSchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => posts.toggleLike(request.params.id, signedIn(request).user),
  );
};
