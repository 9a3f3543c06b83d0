import {
  oidcCallbackQuerySchema,
  oidcLinkStartSchema,
  oidcRegisterBodySchema,
  oidcSessionBodySchema,
  oidcSessionSchema,
  oidcSettingsSchema,
  oidcUnlinkSchema,
  tokenResponseSchema,
} from '@symposia/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedIn } from '../../plugins/auth.js';
import { presentAccessToken } from '../../presenters/access-token.js';
import { OIDC_FLOW_TTL_SECONDS, type Redirect } from '../../services/oidc/oidc-service.js';
import { answers } from '../answers.js';
import { routeOptions } from '../route-options.js';

/**
 * Sign-in with ORCID (issue 30). The browser's flow cookie ties a callback to the browser that
 * started the flow (so nobody can plant their own sign-in on someone else's browser); it holds a
 * random value whose SHA-256 the flow's row keeps, is httpOnly, sent only to these routes, and
 * SameSite=Lax, so the provider's top-level redirect back carries it.
 */
const FLOW_COOKIE = 'symposia_oidc';
const COOKIE_PATH = '/api/v1/auth/oidc';
const FORM_OR_JSON = ['application/x-www-form-urlencoded', 'application/json'];

const redirectAnswer = (description: string) => z.null().meta({ description });

/** A token is in the answer: never cached. */
const noStore = async (_request: FastifyRequest, reply: FastifyReply) => {
  reply.header('cache-control', 'no-store');
};

/** The flow cookie's value, if the request carries one. */
function flowCookie(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === FLOW_COOKIE) return value.join('=');
  }
  return undefined;
}

function setFlowCookie(reply: FastifyReply, value: string, secure: boolean): void {
  reply.header(
    'set-cookie',
    `${FLOW_COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${OIDC_FLOW_TTL_SECONDS}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
  );
}

/** Sends the browser on; a failed step with the provider is logged for the operator. */
function redirect(request: FastifyRequest, reply: FastifyReply, to: Redirect) {
  if (to.problem !== undefined) {
    request.log.warn({ err: to.problem }, 'sign-in with ORCID failed at the provider');
  }
  // Nothing on the way to or back from the provider may be cached or leak its address onward.
  return reply
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .redirect(to.location, 303);
}

export const oidcRoutes: FastifyPluginAsyncZod = async (app) => {
  const oidc = app.services.oidc;
  const route = routeOptions(app, 'auth');

  /** A session for a member whose ORCID iD proved who they are, as the token endpoint answers. */
  async function sessionFor(request: FastifyRequest, userId: string) {
    return presentAccessToken(
      await app.services.sessions.signInVerified({
        userId,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      }),
    );
  }

  // Secure whenever the site is served over https (PUBLIC_ORIGIN).
  const secureCookie = oidc.secureSite;

  app.get(
    '/auth/oidc',
    route.anyone({
      summary: 'Whether this server offers sign-in with ORCID',
      response: { 200: oidcSettingsSchema },
    }),
    async () => oidc.settings(),
  );

  app.get(
    '/auth/oidc/authorize',
    route.anyone({
      summary: 'Sign in with ORCID: sends the browser to the provider',
      description:
        'OpenID Connect authorization code flow with PKCE (S256), state and nonce, kept on the ' +
        'server for 10 minutes and tied to this browser by an httpOnly cookie. 404 when ' +
        "OIDC_CLIENT_ID is unset. Should the provider be unreachable, the web app's /orcid " +
        'page says so. Each start counts as a sign-in attempt of the client address ' +
        '(LOGIN_RATE_LIMIT_IP_*: 429).',
      response: answers(
        { 303: redirectAnswer("To the provider's authorization endpoint") },
        404,
        429,
      ),
    }),
    async (request, reply) => {
      const started = await oidc.start(null, flowCookie(request), { ip: request.ip });
      setFlowCookie(reply, started.browserSecret, secureCookie);
      return redirect(request, reply, started);
    },
  );

  app.get(
    '/auth/oidc/callback',
    route.anyone({
      summary: "The provider's answer: finishes the sign-in or link",
      description:
        'The flow of `state` is used once, by the browser that started it; the code is ' +
        'exchanged and the ID token verified (signature, issuer, audience, expiry, nonce). The ' +
        "browser goes on to the web app's /orcid page with, in the URL fragment, a one-time " +
        '`code` for POST /auth/oidc/session, `linked`, or `error` (a message code).',
      querystring: oidcCallbackQuerySchema,
      response: answers({ 303: redirectAnswer("To the web app's /orcid page") }, 422),
    }),
    async (request, reply) =>
      redirect(request, reply, await oidc.callback(request.query, flowCookie(request))),
  );

  app.post(
    '/auth/oidc/session',
    {
      ...route.anyone({
        summary: "Trade the callback's one-time code for a session",
        description:
          'A member signing in gets an access token (the code is used up). For an ORCID iD no ' +
          'account holds, the answer asks for a username (the code stays good for 30 minutes, for ' +
          'POST /auth/oidc/register). 403 while the account is suspended.',
        consumes: FORM_OR_JSON,
        body: oidcSessionBodySchema,
        response: answers({ 200: oidcSessionSchema }, 403, 422),
      }),
      onRequest: noStore,
    },
    async (request) => {
      const found = await oidc.exchange(request.body.code);
      if (found.status === 'choose-username') {
        return {
          status: found.status,
          orcid: found.orcid,
          suggested_username: found.suggestedUsername,
        };
      }
      return { status: found.status, ...(await sessionFor(request, found.userId)) };
    },
  );

  app.post(
    '/auth/oidc/register',
    {
      ...route.anyone({
        summary: 'Create the account of a new ORCID iD, under the username chosen',
        description:
          'The registration rules apply (username form, taken or reserved names: 409, ' +
          'REGISTER_RATE_LIMIT_*: 429). The account has no password: it signs in with ORCID. ' +
          'Answers a session for it.',
        consumes: FORM_OR_JSON,
        body: oidcRegisterBodySchema,
        response: answers({ 201: tokenResponseSchema }, 409, 422, 429),
      }),
      onRequest: noStore,
    },
    async (request, reply) => {
      const user = await oidc.register(request.body.code, request.body.username, {
        ip: request.ip,
      });
      return reply.code(201).send(await sessionFor(request, user.id));
    },
  );

  app.post(
    '/auth/oidc/link',
    route.member({
      summary: 'Link an ORCID iD to your account: where to send the browser to prove it',
      description:
        'Starts the same flow as /auth/oidc/authorize for the signed-in member; its callback ' +
        'links the iD it proves (refused when another account holds it). 404 when sign-in ' +
        'with ORCID is off, 409 when your account already has an iD.',
      response: answers({ 200: oidcLinkStartSchema }, 401, 404, 409, 429),
    }),
    async (request, reply) => {
      const started = await oidc.start(signedIn(request).user, flowCookie(request), {
        ip: request.ip,
      });
      setFlowCookie(reply, started.browserSecret, secureCookie);
      if (started.problem !== undefined) {
        request.log.warn({ err: started.problem }, 'linking ORCID failed at the provider');
      }
      return { authorization_url: started.location };
    },
  );

  app.delete(
    '/auth/oidc/link',
    route.member({
      summary: 'Unlink your ORCID iD',
      description:
        '404 when your account has none; 409 when it is how your account signs in (an ' +
        'account made with ORCID has no password).',
      response: answers({ 200: oidcUnlinkSchema }, 401, 404, 409),
    }),
    async (request) => {
      await oidc.unlink(signedIn(request).user);
      return { status: 'success' as const };
    },
  );
};
