import type { FastifyRequest, FastifySchema, onRequestHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { authorize } from '../services/authorize.js';
import { decideModeration } from '../policies/moderation-policy.js';
import { AuthenticationRequiredError, type Services } from '../services/index.js';

/**
 * Who may call a route at all, whatever its body says: `moderator` (the moderation routes),
 * `post-author` and `comment-author` (editing a post or comment, by the `:id` of the path),
 * `reviewer` (editing a review) and `reviewed-author` (the reviewed post's author answering or
 * rating a review).
 */
export const ROUTE_ACCESS = [
  'moderator',
  'post-author',
  'comment-author',
  'reviewer',
  'reviewed-author',
] as const;
export type RouteAccess = (typeof ROUTE_ACCESS)[number];

/** The OpenAPI extension that names a route's access (`x-access` on the operation). */
export const ACCESS_EXTENSION = 'x-access';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Who may call the route (sign-in included): checked when the request arrives, before its
     * body is read or validated, so a caller who may not use the route gets 401, 403 or 404
     * (as the policy says) and never a 422 about a body they may not send.
     */
    access?: RouteAccess;
  }
}

/**
 * The checks of `config.access`, asked of the policies (directly, or through the service that
 * reads the object). Fastify validates the body after `onRequest`, and the path parameters are
 * already known there, so every route marked with an access is guarded before any validation.
 * Unvalidated, `:id` is only looked up: an id no object has is a 404, as for anyone.
 */
function accessCheck(
  access: RouteAccess,
  services: Pick<Services, 'posts' | 'comments' | 'reviews'>,
): (request: FastifyRequest) => Promise<void> {
  const signedIn = (request: FastifyRequest) => {
    if (!request.user) throw new AuthenticationRequiredError(request.authFailure);
    return request.user;
  };
  const pathId = (request: FastifyRequest) => (request.params as { id?: string }).id ?? '';
  switch (access) {
    case 'moderator':
      return async (request) => authorize(decideModeration(signedIn(request)));
    case 'post-author':
      return async (request) => services.posts.authorizeEdit(pathId(request), signedIn(request));
    case 'comment-author':
      return async (request) => services.comments.authorizeEdit(pathId(request), signedIn(request));
    case 'reviewer':
      return async (request) => services.reviews.authorizeEdit(pathId(request), signedIn(request));
    case 'reviewed-author':
      return async (request) =>
        services.reviews.authorizeAnswer(pathId(request), signedIn(request));
  }
}

const hooksOf = (hooks: RouteOptions['onRequest']): onRequestHookHandler[] =>
  hooks === undefined ? [] : [hooks].flat();

/**
 * Guards every route registered after it in its scope that names a `config.access`: the check
 * runs first among the route's own onRequest hooks, and the OpenAPI document says it
 * (`x-access`, which routes/access.test.ts walks). Register after plugins/auth.ts.
 */
export const routeAccessPlugin = fp<{
  services: Pick<Services, 'posts' | 'comments' | 'reviews'>;
}>(
  async (app, { services }) => {
    app.addHook('onRoute', (route) => {
      const access = route.config?.access;
      // A GET's HEAD twin comes with the GET's options, already guarded.
      if (access === undefined || ACCESS_EXTENSION in (route.schema ?? {})) return;
      route.onRequest = [
        accessCheck(access, services) as onRequestHookHandler,
        ...hooksOf(route.onRequest),
      ];
      // An OpenAPI extension is no key FastifySchema types; @fastify/swagger copies `x-` keys.
      route.schema = { ...route.schema, [ACCESS_EXTENSION]: access } as FastifySchema;
    });
  },
  { name: 'route-access', dependencies: ['auth'] },
);
