import {
  markNotificationsReadBodySchema,
  markNotificationsReadResultSchema,
  notificationListQuerySchema,
  notificationListSchema,
  notificationSettingsPatchSchema,
  notificationSettingsSchema,
  unreadCountSchema,
} from '@symposia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/auth.js';
import { presentNotification, presentNotificationSettings } from '../../presenters/notification.js';
import { answers } from '../answers.js';
import { routeOptions } from '../route-options.js';

/** A member's notifications, their unread count, marking them read, and the settings. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const notifications = app.services.notifications;
  const route = routeOptions(app, 'notifications');

  app.get(
    '/notifications',
    route.member({
      summary: 'Your notifications, the most recently raised first',
      description:
        'Comments on your posts, replies to your comments, mentions, likes (one per target ' +
        'and day, `count` members), moderation outcomes.',
      querystring: notificationListQuerySchema,
      response: answers({ 200: notificationListSchema }, 401, 422),
    }),
    async (request) => {
      const found = await notifications.list(signedIn(request).user, request.query);
      return found.map(presentNotification);
    },
  );

  app.get(
    '/notifications/unread_count',
    route.member({
      summary: 'How many of your notifications are unread',
      description: 'What the bell shows; /notifications/stream pushes it as it changes.',
      response: answers({ 200: unreadCountSchema }, 401),
    }),
    async (request) => ({ count: await notifications.unreadCount(signedIn(request).user) }),
  );

  app.post(
    '/notifications/read',
    route.member({
      summary: 'Mark notifications read',
      description:
        'JSON `{ids}` (yours among them; others are passed over) or `{all: true}`. ' +
        'Answers how many changed.',
      consumes: ['application/json'],
      body: markNotificationsReadBodySchema,
      response: answers({ 200: markNotificationsReadResultSchema }, 401, 422),
    }),
    async (request) => ({
      count: await notifications.markRead(signedIn(request).user, request.body),
    }),
  );

  app.get(
    '/notifications/settings',
    route.member({
      summary: 'Which notification types you receive',
      response: answers({ 200: notificationSettingsSchema }, 401),
    }),
    async (request) =>
      presentNotificationSettings(await notifications.preferences(signedIn(request).user)),
  );

  app.put(
    '/notifications/settings',
    route.member({
      summary: 'Turn notification types on or off',
      description: 'JSON with any of the types; the others stay as they were. Answers all.',
      consumes: ['application/json'],
      body: notificationSettingsPatchSchema,
      response: answers({ 200: notificationSettingsSchema }, 401, 422),
    }),
    async (request) =>
      presentNotificationSettings(
        await notifications.savePreferences(signedIn(request).user, request.body),
      ),
  );
};
