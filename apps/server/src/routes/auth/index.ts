import {
  changePasswordBodySchema,
  changePasswordResponseSchema,
  currentUserSchema,
  endSessionResponseSchema,
  errorBodySchema,
  logoutResponseSchema,
  MESSAGES,
  myCommentsSchema,
  myLikesSchema,
  myListQuerySchema,
  myPostsSchema,
  oauthErrorBodySchema,
  oauthValidationErrorBodySchema,
  registerBodySchema,
  revokeOtherSessionsResponseSchema,
  sessionIdParamsSchema,
  sessionListSchema,
  tokenRequestBodySchema,
  tokenResponseSchema,
  type OAuthErrorBody,
  type OAuthValidationErrorBody,
} from '@symposia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EMPTY_ACTIVITY } from '../../domain/user.js';
import { signedIn } from '../../plugins/auth.js';
import { presentCurrentUser, presentCurrentUserJson } from '../../presenters/current-user.js';
import { presentAccessToken } from '../../presenters/access-token.js';
import { presentSession } from '../../presenters/session.js';
import { InvalidCredentialsError, mailLanguageOf } from '../../services/index.js';
import { sendJsonText } from '../shared-json.js';
import { answers } from '../answers.js';
import { routeOptions } from '../route-options.js';

const FORM_OR_JSON = ['application/x-www-form-urlencoded', 'application/json'];

const oauthError = (error: OAuthErrorBody['error'], description: string): OAuthErrorBody => ({
  error,
  error_description: description,
  detail: description,
});

/**
 * The token request's fields that are over their bounds (a username also in its NFKC form), as
 * a 422 body; null when none is. Other malformations (a repeated field, a wrong type) are left
 * to the schema, which answers them as OAuth2 invalid_request errors.
 */
function oversizedTokenFields(body: unknown): OAuthValidationErrorBody | null {
  const result = tokenRequestBodySchema.safeParse(body);
  if (result.success) return null;
  const errors = result.error.issues
    .filter((issue) => issue.code !== 'invalid_type')
    .map((issue) => ({ field: String(issue.path[0] ?? 'body'), message: issue.message }));
  const first = errors[0];
  if (!first) return null;
  const detail = `${first.field}: ${first.message}`;
  return { error: 'invalid_request', error_description: detail, detail, errors };
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeOptions(app, 'auth');

  app.post(
    '/auth/register',
    route.anyone({
      summary: 'Create an account',
      description: 'Optional fields left empty get the documented defaults (USER_DEFAULTS).',
      consumes: FORM_OR_JSON,
      body: registerBodySchema,
      response: answers({ 201: currentUserSchema }, 409, 422, 429),
    }),
    async (request, reply) => {
      const user = await app.services.accounts.register(request.body, {
        ip: request.ip,
        // The verification message of an address registered with speaks the reader's language.
        language: mailLanguageOf(request.headers['accept-language']),
      });
      return reply
        .code(201)
        .send(
          presentCurrentUser(
            user,
            EMPTY_ACTIVITY,
            await app.services.trust.levelOf(user),
            app.services.oidc.recordBase,
          ),
        );
    },
  );

  app.post(
    '/auth/token',
    {
      config: { oauthErrors: true },
      // RFC 6749 §5.1: token responses, errors included, must not be cached.
      onRequest: async (_request, reply) => {
        reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      },
      // Oversized fields are refused with 422 before the schema's OAuth2 answers, and before any
      // password is hashed or any attempt counted.
      preValidation: async (request, reply) => {
        const oversized = oversizedTokenFields(request.body);
        if (oversized) return reply.code(422).send(oversized);
      },
      schema: {
        summary: 'Sign in: OAuth2 resource-owner password grant (RFC 6749 §4.3)',
        description:
          'scope, client_id and client_secret (or HTTP Basic client authentication) are accepted ' +
          'and ignored: there is one public client.',
        tags: ['auth'],
        consumes: FORM_OR_JSON,
        body: tokenRequestBodySchema,
        response: {
          200: tokenResponseSchema,
          400: oauthErrorBodySchema,
          // A moderator suspended the account: "Your account is suspended until {time}".
          403: errorBodySchema,
          422: oauthValidationErrorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { grant_type: grantType, username, password } = request.body;
      if (!grantType) {
        return reply.code(400).send(oauthError('invalid_request', MESSAGES.grantTypeRequired));
      }
      if (grantType !== 'password') {
        return reply
          .code(400)
          .send(oauthError('unsupported_grant_type', MESSAGES.unsupportedGrantType));
      }
      if (!username || !password) {
        return reply.code(400).send(oauthError('invalid_request', MESSAGES.missingCredentials));
      }
      try {
        const issued = await app.services.sessions.login({
          username,
          password,
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        });
        return presentAccessToken(issued);
      } catch (error) {
        if (!(error instanceof InvalidCredentialsError)) throw error;
        return reply.code(400).send(oauthError('invalid_grant', MESSAGES.invalidCredentials));
      }
    },
  );

  app.get(
    '/auth/me',
    route.member({
      summary: 'The signed-in member',
      response: answers({ 200: currentUserSchema }, 401),
    }),
    async (request, reply) => {
      const { user } = signedIn(request);
      const [activity, trustLevel] = await Promise.all([
        app.services.profiles.activityOf(user),
        app.services.trust.levelOf(user),
      ]);
      const { recordBase } = app.services.oidc;
      return sendJsonText(reply, presentCurrentUserJson(user, activity, trustLevel, recordBase));
    },
  );

  // My Page's tabs page through the member's own lists; GET /auth/me carries their first page.
  const ownLists = [
    {
      path: '/auth/me/posts',
      summary: 'A page of your posts, private ones included, newest first',
      response: myPostsSchema,
      list: app.services.profiles.ownPosts,
    },
    {
      path: '/auth/me/comments',
      summary: 'A page of your comments, newest first',
      response: myCommentsSchema,
      list: app.services.profiles.ownComments,
    },
    {
      path: '/auth/me/likes',
      summary: 'A page of the posts you liked, latest like first',
      response: myLikesSchema,
      list: app.services.profiles.ownLikes,
    },
  ] as const;
  for (const own of ownLists) {
    app.get(
      own.path,
      route.member({
        summary: own.summary,
        querystring: myListQuerySchema,
        response: answers({ 200: own.response }, 401, 422),
      }),
      async (request) => own.list(signedIn(request).user, request.query),
    );
  }

  app.post(
    '/auth/logout',
    route.member({
      summary: 'Sign out: revokes the access token used for this call',
      response: answers({ 200: logoutResponseSchema }, 401),
    }),
    async (request) => {
      await app.services.sessions.logout(signedIn(request).session);
      return { status: 'success' as const };
    },
  );

  app.get(
    '/auth/sessions',
    route.member({
      summary: 'Your sessions: where you are signed in',
      description:
        'Every session of yours that can still be used, most recently used first (at most ' +
        'SESSIONS_LISTED_MAX): the device (User-Agent) and address that signed in, when, and ' +
        'when it was last used (recorded at most every few minutes). `current` marks the ' +
        'session of this call. Ids name sessions, never their tokens.',
      response: answers({ 200: sessionListSchema }, 401),
    }),
    async (request) => {
      const { user, session } = signedIn(request);
      const sessions = await app.services.sessions.list(user, session);
      return { sessions: sessions.map(presentSession) };
    },
  );

  app.delete(
    '/auth/sessions/:id',
    route.member({
      summary: 'End one of your sessions',
      description:
        'The session signs out at once, in every server process; the current one too. 404 ' +
        'for an id that is not one of your live sessions.',
      params: sessionIdParamsSchema,
      response: answers({ 200: endSessionResponseSchema }, 401, 404, 422),
    }),
    async (request) => {
      await app.services.sessions.end(signedIn(request).user, request.params.id);
      return { status: 'success' as const };
    },
  );

  app.post(
    '/auth/sessions/revoke_others',
    route.member({
      summary: 'Sign out everywhere else',
      description: 'Every session of yours but the one of this call ends at once.',
      response: answers({ 200: revokeOtherSessionsResponseSchema }, 401),
    }),
    async (request) => {
      const { user, session } = signedIn(request);
      const signedOut = await app.services.sessions.endOthers(user, session);
      return { status: 'success' as const, signed_out_sessions: signedOut };
    },
  );

  app.post(
    '/auth/change_password',
    route.member({
      summary: 'Change the password; signs out every other session',
      description:
        'old_password must be the current password; a wrong one counts as a failed sign-in ' +
        'for the account (LOGIN_RATE_LIMIT_ACCOUNT_*). new_password follows the registration ' +
        'rules (length, not one of the most common passwords). Every other session of the ' +
        'account is revoked; the one used for this call stays valid.',
      consumes: FORM_OR_JSON,
      body: changePasswordBodySchema,
      response: answers({ 200: changePasswordResponseSchema }, 401, 422, 429),
    }),
    async (request) => {
      const { user, session } = signedIn(request);
      const { signedOutSessions } = await app.services.sessions.changePassword({
        user,
        sessionId: session.id,
        oldPassword: request.body.old_password,
        newPassword: request.body.new_password,
      });
      return { status: 'success' as const, signed_out_sessions: signedOutSessions };
    },
  );
};
