import {
  errorBodySchema,
  markNotificationsReadBodySchema,
  markNotificationsReadResultSchema,
  notificationListQuerySchema,
  notificationListSchema,
  notificationSettingsPatchSchema,
  notificationSettingsSchema,
  unreadCountSchema,
  validationErrorBodySchema,
} from '@symposia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/auth.js';
import { SIGNED_IN } from '../../plugins/swagger.js';
import { presentNotification, presentNotificationSettings } from '../../presenters/notification.js';

/** A member's notifications, their unread count, marking them read, and the settings. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const notifications = app.services.notifications;

  app.get(
    '/notifications',
    {
      onRequest: app.requireUser,
      schema: {
        summary: 'Your notifications, the most recently raised first',
        description:
          'Comments on your posts, replies to your comments, mentions, likes (one per target ' +
          'and day, `count` members), moderation outcomes.',
        tags: ['notifications'],
        security: SIGNED_IN,
        querystring: notificationListQuerySchema,
        response: {
          200: notificationListSchema,
          401: errorBodySchema,
          422: validationErrorBodySchema,
        },
      },
    },
    async (request) => {
      const found = await notifications.list(signedIn(request).user, request.query);
      return found.map(presentNotification);
    },
  );

  app.get(
    '/notifications/unread_count',
    {
      onRequest: app.requireUser,
      schema: {
        summary: 'How many of your notifications are unread',
        description: 'What the bell shows; /notifications/stream pushes it as it changes.',
        tags: ['notifications'],
        security: SIGNED_IN,
        response: { 200: unreadCountSchema, 401: errorBodySchema },
      },
    },
    async (request) => ({ count: await notifications.unreadCount(signedIn(request).user) }),
  );

  app.post(
    '/notifications/read',
    {
      onRequest: app.requireUser,
      schema: {
        summary: 'Mark notifications read',
        description:
          'JSON `{ids}` (yours among them; others are passed over) or `{all: true}`. ' +
          'Answers how many changed.',
        tags: ['notifications'],
        consumes: ['application/json'],
        security: SIGNED_IN,
        body: markNotificationsReadBodySchema,
        response: {
          200: markNotificationsReadResultSchema,
          401: errorBodySchema,
          422: validationErrorBodySchema,
        },
      },
    },
    async (request) => ({
      count: await notifications.markRead(signedIn(request).user, request.body),
    }),
  );

  app.get(
    '/notifications/settings',
    {
      onRequest: app.requireUser,
      schema: {
        summary: 'Which notification types you receive',
        tags: ['notifications'],
        security: SIGNED_IN,
        response: { 200: notificationSettingsSchema, 401: errorBodySchema },
      },
    },
    async (request) =>
      presentNotificationSettings(await notifications.preferences(signedIn(request).user)),
  );

  app.put(
    '/notifications/settings',
    {
      onRequest: app.requireUser,
      schema: {
        summary: 'Turn notification types on or off',
        description: 'JSON with any of the types; the others stay as they were. Answers all.',
        tags: ['notifications'],
        consumes: ['application/json'],
        security: SIGNED_IN,
        body: notificationSettingsPatchSchema,
        response: {
          200: notificationSettingsSchema,
          401: errorBodySchema,
          422: validationErrorBodySchema,
        },
      },
    },
    async (request) =>
      presentNotificationSettings(
        await notifications.savePreferences(signedIn(request).user, request.body),
      ),
  );
};
