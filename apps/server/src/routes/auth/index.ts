import {
  currentUserSchema,
  errorBodySchema,
  logoutResponseSchema,
  MESSAGES,
  oauthErrorBodySchema,
  registerBodySchema,
  tokenRequestBodySchema,
  tokenResponseSchema,
  validationErrorBodySchema,
  type OAuthErrorBody,
} from '@symposia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EMPTY_ACTIVITY } from '../../domain/user.js';
import { signedIn } from '../../plugins/auth.js';
import { BEARER_AUTH, OAUTH2_PASSWORD } from '../../plugins/swagger.js';
import { presentCurrentUser } from '../../presenters/current-user.js';
import { InvalidCredentialsError } from '../../services/index.js';

const FORM_OR_JSON = ['application/x-www-form-urlencoded', 'application/json'];
const SIGNED_IN: Record<string, string[]>[] = [{ [BEARER_AUTH]: [] }, { [OAUTH2_PASSWORD]: [] }];

const oauthError = (error: OAuthErrorBody['error'], description: string): OAuthErrorBody => ({
  error,
  error_description: description,
  detail: description,
});

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/register',
    {
      schema: {
        summary: 'Create an account',
        description: 'Optional fields left empty get the documented defaults (USER_DEFAULTS).',
        tags: ['auth'],
        consumes: FORM_OR_JSON,
        body: registerBodySchema,
        response: {
          201: currentUserSchema,
          409: errorBodySchema,
          422: validationErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const user = await app.services.accounts.register(request.body);
      return reply.code(201).send(presentCurrentUser(user, EMPTY_ACTIVITY));
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
      schema: {
        summary: 'Sign in: OAuth2 resource-owner password grant (RFC 6749 §4.3)',
        description:
          'scope, client_id and client_secret (or HTTP Basic client authentication) are accepted ' +
          'and ignored: there is one public client.',
        tags: ['auth'],
        consumes: FORM_OR_JSON,
        body: tokenRequestBodySchema,
        response: { 200: tokenResponseSchema, 400: oauthErrorBodySchema, 429: errorBodySchema },
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
        const issued = await app.services.sessions.login({ username, password, ip: request.ip });
        return {
          access_token: issued.accessToken,
          token_type: 'bearer' as const,
          expires_in: issued.expiresInSeconds,
        };
      } catch (error) {
        if (!(error instanceof InvalidCredentialsError)) throw error;
        return reply.code(400).send(oauthError('invalid_grant', MESSAGES.invalidCredentials));
      }
    },
  );

  app.get(
    '/auth/me',
    {
      onRequest: app.requireUser,
      schema: {
        summary: 'The signed-in member',
        tags: ['auth'],
        security: SIGNED_IN,
        response: { 200: currentUserSchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      return presentCurrentUser(user, await app.services.profiles.activityOf(user));
    },
  );

  app.post(
    '/auth/logout',
    {
      onRequest: app.requireUser,
      schema: {
        summary: 'Sign out: revokes the access token used for this call',
        tags: ['auth'],
        security: SIGNED_IN,
        response: { 200: logoutResponseSchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      await app.services.sessions.logout(signedIn(request).session.id);
      return { status: 'success' as const };
    },
  );
};
