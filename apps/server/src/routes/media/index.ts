import {
  ipfsUploadResultSchema,
  postDetailSchema,
  postIdParamsSchema,
  postListQuerySchema,
  postListSchema,
  relatedPostsSchema,
  searchSuggestionsQuerySchema,
  searchSuggestionsSchema,
  uploadResultSchema,
  type PostListQuery,
} from '@symposia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn, viewerOf } from '../../plugins/auth.js';
import {
  presentPostDetail,
  presentPostListJson,
  presentSharedPostDetail,
  presentSharedPostList,
  presentStoredFile,
} from '../../presenters/post.js';
import { presentRelatedPost } from '../../presenters/related-post.js';
import { sendJsonText, sendKeptJson } from '../shared-json.js';
import { withMultipart } from '../../plugins/multipart.js';
import { uploadParts } from './upload-parts.js';
import { answers, likeToggleDoc } from '../answers.js';
import { routeOptions } from '../route-options.js';

const MULTIPART = ['multipart/form-data'];

/** Posts: upload (files into IPFS, then the post), the forum list and search, detail, likes. */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const posts = app.services.posts;
  // Private posts (only ever shown to their author) carry signed file URLs.
  const files = app.services.files;
  const route = routeOptions(app, 'media');

  // Uploads in a scope of their own: only they run @fastify/multipart's hooks (plugins/multipart.ts).
  await app.register(
    withMultipart(async (uploads) => {
      uploads.post(
        '/media/upload',
        route.member({
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
          consumes: MULTIPART,
          response: answers({ 201: uploadResultSchema }, 400, 401, 413, 422, 429),
        }),
        async (request, reply) => {
          const result = await posts.upload(signedIn(request).user, uploadParts(request));
          return reply.code(201).send(result);
        },
      );

      uploads.post(
        '/media/upload/ipfs',
        route.member({
          summary: 'Store one file on IPFS without a post; answers its CID and gateway URL',
          consumes: MULTIPART,
          response: answers({ 201: ipfsUploadResultSchema }, 400, 401, 413, 429),
        }),
        async (request, reply) => {
          const file = await posts.storeSingleFile(signedIn(request).user, uploadParts(request));
          return reply.code(201).send(presentStoredFile(file));
        },
      );
    }),
  );

  app.get(
    '/media/list',
    route.cachedForAnyone(
      {
        summary: 'The forum: public posts (and with include_hidden your own private ones)',
        description:
          'search is full-text over title, summary, content, tags, author name and the text ' +
          'extracted from the documents, Chinese and Japanese cut into words: every word matched ' +
          'as a prefix, "a quoted phrase" exactly, -word excluded; without sort_by a search is ' +
          'ordered by relevance (title above tags above summary and content above documents). ' +
          'Each search result carries `snippet`: where it matched, HTML-escaped, the matches in ' +
          '<mark>.',
        querystring: postListQuerySchema,
        response: answers({ 200: postListSchema }, 422),
      },
      // The handler's first answer below, when the page and the member's likes of it are kept.
      (request, input) => {
        const viewer = viewerOf(request);
        const page = viewer && posts.keptList(viewer, input.query as PostListQuery);
        return page ? presentSharedPostList(page.posts, page.likedIds) : undefined;
      },
    ),
    async (request, reply) => {
      const viewer = viewerOf(request);
      const page = await posts.list(viewer, request.query);
      // The page everyone reads: its kept bytes, the caller's likes written in.
      if (page.shared) {
        return sendKeptJson(request, reply, presentSharedPostList(page.posts, page.likedIds));
      }
      const urls = await files.urlsForPosts(viewer, page.posts);
      return sendJsonText(reply, presentPostListJson(page.posts, page.likedIds, urls));
    },
  );

  app.get(
    '/media/search-suggestions',
    route.anyone({
      summary: 'For a search that found nothing: the same search without one of its words',
      querystring: searchSuggestionsQuerySchema,
      response: answers({ 200: searchSuggestionsSchema }, 422),
    }),
    async (request) => ({
      suggestions: await posts.searchSuggestions(viewerOf(request), request.query.search),
    }),
  );

  app.get(
    '/media/:id/related',
    route.cachedForAnyone({
      summary: 'Up to 5 public posts like this one (title, author, thumbnail), most alike first',
      description:
        'Chosen by text similarity over title, tags, summary, content and document text; ' +
        'refreshed when a post is published or edited. 404 as for the post itself.',
      params: postIdParamsSchema,
      response: answers({ 200: relatedPostsSchema }, 404),
    }),
    async (request) => {
      const related = await posts.related(request.params.id, viewerOf(request));
      return related.map(presentRelatedPost);
    },
  );

  app.get(
    '/media/:id',
    route.cachedForAnyone(
      {
        summary: 'A post in the detail form of the spec (keys with spaces included)',
        params: postIdParamsSchema,
        response: answers({ 200: postDetailSchema }, 404),
      },
      // The handler's first answer below, when the post and the member's likes are kept.
      (request, input) => {
        const { id } = input.params as { id: string };
        const read = posts.keptDetail(id, viewerOf(request));
        return (read && presentSharedPostDetail(read.shared, read.liked)) ?? undefined;
      },
    ),
    async (request, reply) => {
      const viewer = viewerOf(request);
      const read = await posts.detail(request.params.id, viewer);
      // A public post as everyone reads it: its kept bytes, the caller's like written in.
      const kept = read.shared && presentSharedPostDetail(read.shared, read.liked);
      if (kept) return sendKeptJson(request, reply, kept);
      const post = read.shared ? { ...read.shared, liked: read.liked } : read.post;
      return presentPostDetail(post, await files.urlsForPosts(viewer, [post]));
    },
  );

  app.post('/media/:id/like', route.member(likeToggleDoc('post')), async (request) =>
    posts.toggleLike(request.params.id, signedIn(request).user),
  );
};
