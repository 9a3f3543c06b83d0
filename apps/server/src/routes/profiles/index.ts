import {
  authorInfoSchema,
  currentUserSchema,
  errorBodySchema,
  modifyBioBodySchema,
  modifyEmailBodySchema,
  modifyPhoneBodySchema,
  modifyProfileBodySchema,
  modifySettingsBodySchema,
  modifyTitleBodySchema,
  modifyUrlBodySchema,
  personInformationQuerySchema,
  validationErrorBodySchema,
} from '@symposia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { signedIn } from '../../plugins/auth.js';
import { presentAuthorInfo } from '../../presenters/author-info.js';
import { presentCurrentUser } from '../../presenters/current-user.js';
import { mailLanguageOf, type UserChanges } from '../../services/index.js';
import { uploadParts } from '../media/upload-parts.js';
import { answers } from '../answers.js';
import { routeOptions } from '../route-options.js';

const FORM_OR_JSON = ['application/x-www-form-urlencoded', 'application/json'];

const MODIFY_RESPONSES = {
  200: currentUserSchema,
  401: errorBodySchema,
  403: errorBodySchema,
  409: errorBodySchema,
  422: validationErrorBodySchema,
};

/** The single-field /modify calls of spec §7: which body, which profile field it sets. */
const SINGLE_FIELD_CALLS = [
  {
    path: 'modify_title',
    body: modifyTitleBodySchema,
    change: (b: { new_title: string }) => ({ title: b.new_title }),
  },
  {
    path: 'modify_bio',
    body: modifyBioBodySchema,
    change: (b: { new_bio: string }) => ({ bio: b.new_bio }),
  },
  {
    path: 'modify_url',
    body: modifyUrlBodySchema,
    change: (b: { new_url: string }) => ({ url: b.new_url }),
  },
  {
    path: 'modify_email',
    body: modifyEmailBodySchema,
    change: (b: { new_email: string }) => ({ email: b.new_email }),
  },
  {
    path: 'modify_phone',
    body: modifyPhoneBodySchema,
    change: (b: { new_phone: string }) => ({ phone: b.new_phone }),
  },
] as const;

/** Profiles: the author page (privacy decided here, on the server) and the member's own edits. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeOptions(app, 'profiles');
  const profiles = app.services.profiles;
  const answer = async (user: Parameters<typeof profiles.activityOf>[0]) =>
    presentCurrentUser(
      user,
      await profiles.activityOf(user),
      await app.services.trust.levelOf(user),
      app.services.oidc.recordBase,
    );

  app.get(
    '/auth/person_information',
    route.member({
      summary: "An author's profile: sections they keep private are left out",
      description: 'By `user_id`, or by `username` (an `@username` link); exactly one.',
      querystring: personInformationQuerySchema,
      response: answers({ 200: authorInfoSchema }, 401, 404, 422),
    }),
    async (request) => {
      const { user_id: userId, username } = request.query;
      // The schema lets exactly one of the two through.
      const who = userId !== undefined ? { userId } : { username: username ?? '' };
      const view = await profiles.authorView(signedIn(request).user, who);
      // Issue 28: the author's trust level (never the score) is on every profile.
      return presentAuthorInfo(
        view,
        await app.services.trust.levelOf(view.user),
        app.services.oidc.recordBase,
      );
    },
  );

  for (const call of SINGLE_FIELD_CALLS) {
    const body = call.body as z.ZodType<{ user_id?: string }>;
    app.post(
      `/modify/${call.path}`,
      route.member({
        summary: `Change your ${call.path.replace('modify_', '')}`,
        consumes: FORM_OR_JSON,
        body,
        response: MODIFY_RESPONSES,
      }),
      async (request) => {
        const fields = request.body;
        const change = (call.change as (b: typeof fields) => UserChanges)(fields);
        return answer(
          await profiles.modify(signedIn(request).user, fields.user_id, change, {
            language: mailLanguageOf(request.headers['accept-language']),
          }),
        );
      },
    );
  }

  app.post(
    '/modify/modify_profile',
    route.member({
      summary: 'Change any of username, nickname, title, bio, url, tags',
      consumes: FORM_OR_JSON,
      body: modifyProfileBodySchema,
      response: MODIFY_RESPONSES,
    }),
    async (request) => {
      const { user_id: userId, ...changes } = request.body;
      return answer(await profiles.modify(signedIn(request).user, userId, changes));
    },
  );

  app.post(
    '/modify/modify_settings',
    route.member({
      summary: 'Change privacy flags (any of new_public_posts, …_activities, …_profile, …)',
      consumes: FORM_OR_JSON,
      body: modifySettingsBodySchema,
      response: MODIFY_RESPONSES,
    }),
    async (request) => answer(await profiles.modifySettings(signedIn(request).user, request.body)),
  );

  app.post(
    '/modify/modify_avatar',
    route.member({
      summary: 'Upload an avatar image (multipart: user_id, new_avatar); stored as square WebP',
      consumes: ['multipart/form-data'],
      response: {
        ...MODIFY_RESPONSES,
        400: errorBodySchema,
        413: errorBodySchema,
        415: errorBodySchema,
      },
    }),
    async (request) =>
      answer(await profiles.setAvatar(signedIn(request).user, uploadParts(request))),
  );
};
