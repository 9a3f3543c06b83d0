import {
  postDetailSchema,
  postIdParamsSchema,
  postListQuerySchema,
  postListSchema,
  relatedPostsSchema,
  searchSuggestionsQuerySchema,
  searchSuggestionsSchema,
} from '@symposia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn, viewerOf } from '../../plugins/auth.js';
import {
  presentPostDetail,
  presentPostListJson,
  presentSharedPostDetail,
  presentSharedPostList,
} from '../../presenters/post.js';
import { presentRelatedPost } from '../../presenters/related-post.js';
import { sendJsonText } from '../shared-json.js';
import { answers, likeToggleDoc } from '../answers.js';
import { routeOptions } from '../route-options.js';

/** Posts: the forum list and search, detail, related posts, likes (uploads: ./upload.ts). */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const posts = app.services.posts;
  // Private posts (only ever shown to their author) carry signed file URLs.
  const files = app.services.files;
  const route = routeOptions(app, 'media');

  app.get(
    '/media/list',
    route.cachedForAnyone({
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
    }),
    async (request, reply) => {
      const viewer = viewerOf(request);
      const page = await posts.list(viewer, request.query);
      // The page everyone reads: its kept bytes, the caller's likes written in.
      if (page.shared) return sendJsonText(reply, presentSharedPostList(page.posts, page.likedIds));
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
    route.cachedForAnyone({
      summary: 'A post in the detail form of the spec (keys with spaces included)',
      params: postIdParamsSchema,
      response: answers({ 200: postDetailSchema }, 404),
    }),
    async (request, reply) => {
      const viewer = viewerOf(request);
      const read = await posts.detail(request.params.id, viewer);
      // A public post as everyone reads it: its kept bytes, the caller's like written in.
      const kept = read.shared && presentSharedPostDetail(read.shared, read.liked);
      if (kept) return sendJsonText(reply, kept);
      const post = read.shared ? { ...read.shared, liked: read.liked } : read.post;
      return presentPostDetail(post, await files.urlsForPosts(viewer, [post]));
    },
  );

  app.post('/media/:id/like', route.member(likeToggleDoc('post')), async (request) =>
    posts.toggleLike(request.params.id, signedIn(request).user),
  );
};
