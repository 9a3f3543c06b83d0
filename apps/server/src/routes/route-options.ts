import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ValidatedInput } from '../plugins/public-cache.js';
import type { RouteAccess } from '../plugins/route-access.js';
import { SIGNED_IN } from '../plugins/swagger.js';

/** What a route documents beyond its tag and security: its text, input and answers. */
export interface RouteDoc {
  summary: string;
  description?: string;
  consumes?: string[];
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  response: Record<number, z.ZodType>;
}

/**
 * The options of one area's routes, by who may call them. The OpenAPI document is generated from
 * these schemas (plugins/swagger.ts), so each kind of caller is documented the one way: the
 * area's tag on every route, and the bearer-token security wherever a member must sign in.
 */
export function routeOptions(app: FastifyInstance, tag: string) {
  return {
    /** Anyone, signed in or not. */
    anyone: <D extends RouteDoc>(doc: D) => ({ schema: { ...doc, tags: [tag] } }),

    /**
     * Anyone; anonymous readers share one answer, kept a while, and `keptForMember` makes a
     * member's from kept parts when it can (plugins/public-cache.ts).
     */
    cachedForAnyone: <D extends RouteDoc>(
      doc: D,
      keptForMember?: (request: FastifyRequest, input: ValidatedInput) => Buffer | undefined,
    ) => ({
      config: { publicCache: true, keptForMember },
      schema: { ...doc, tags: [tag] },
    }),

    /** Any signed-in member: a request without a valid token is 401 before anything else. */
    member: <D extends RouteDoc>(doc: D) => ({
      onRequest: app.requireUser,
      schema: { ...doc, tags: [tag], security: SIGNED_IN },
    }),

    /**
     * Only some members (moderators, the object's author): asked of the policy when the request
     * arrives, before the body is validated (plugins/route-access.ts, which also marks the
     * operation `x-access` for routes/access.test.ts).
     */
    restricted: <D extends RouteDoc>(access: RouteAccess, doc: D) => ({
      config: { access },
      schema: { ...doc, tags: [tag], security: SIGNED_IN },
    }),
  };
}
