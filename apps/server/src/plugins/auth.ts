import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Viewer } from '../domain/post.js';
import type { Session } from '../domain/session.js';
import type { User } from '../domain/user.js';
import {
  AuthenticationRequiredError,
  type Authentication,
  type AuthFailure,
  type Services,
} from '../services/index.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in member, or null for an anonymous request. */
    user: User | null;
    session: Session | null;
    /** Why `user` is null; 'missing' when no bearer token came. */
    authFailure: AuthFailure;
  }
  interface FastifyInstance {
    /**
     * Hook for routes that need a signed-in member: answers 401 otherwise. Best used as the
     * route's onRequest hook, so an anonymous caller learns to sign in before fixing a body.
     */
    requireUser: (request: FastifyRequest) => Promise<void>;
  }
}

const BEARER = /^Bearer +([^\s]+) *$/i;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Optional authentication for every route in its scope: a valid bearer token sets request.user;
 * a missing or unusable one leaves it null, so public routes still answer. Routes that need a
 * member add `preHandler: app.requireUser`. Other schemes (e.g. HTTP Basic client credentials on
 * the token endpoint) are not bearer tokens and are left alone.
 */
export const authPlugin = fp<{ sessions: Services['sessions'] }>(
  async (app, { sessions }) => {
    app.decorateRequest('user', null);
    app.decorateRequest('session', null);
    app.decorateRequest('authFailure', 'missing');

    // Callback hooks here and below, not async ones: every request passes, and most have
    // nothing to wait for (no token; a safe method), so they cost no promise of their own.
    app.addHook('onRequest', (request, _reply, done) => {
      const header = request.headers.authorization;
      if (!header || !/^bearer /i.test(header)) return done();
      const token = BEARER.exec(header)?.[1];
      if (!token) {
        request.authFailure = 'invalid';
        return done();
      }
      const apply = (result: Authentication) => {
        if (result.ok) {
          request.user = result.user;
          request.session = result.session;
        } else {
          request.authFailure = result.reason;
        }
        done();
      };
      const result = sessions.authenticate(token);
      if (result instanceof Promise) result.then(apply, done);
      else apply(result);
    });

    // A member's own change (profile, settings, avatar) shows in their next answer, /auth/me
    // included: the session cache holds their account. onSend runs before the client hears back.
    // Other processes are told through the bus, before the client hears back.
    app.addHook('onSend', (request, _reply, payload, done) => {
      if (!request.user || SAFE_METHODS.has(request.method)) return done(null, payload);
      sessions.forgetCachedAccount(request.user.id).then(() => done(null, payload), done);
    });

    app.decorate('requireUser', async (request: FastifyRequest) => {
      if (!request.user) throw new AuthenticationRequiredError(request.authFailure);
    });
  },
  { name: 'auth' },
);

/** The member and session of a request that passed requireUser. */
export function signedIn(request: FastifyRequest): { user: User; session: Session } {
  if (!request.user || !request.session) throw new AuthenticationRequiredError(request.authFailure);
  return { user: request.user, session: request.session };
}

/** Who asks, as the policies see them: id and role, or null when signed out. */
export function viewerOf(request: FastifyRequest): Viewer {
  return request.user ? { id: request.user.id, role: request.user.role } : null;
}
