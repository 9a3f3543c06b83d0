import {
  markNotificationsReadBodySchema,
  markNotificationsReadResultSchema,
  notificationListQuerySchema,
  notificationListSchema,
  notificationPreferencesSchema,
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

  // Issue 30: per kind, the bell and email (immediately, in the digest, never); the digest.
  const preferences = app.services.notificationPreferences;

  app.get(
    '/notifications/preferences',
    route.member({
      summary: 'Your notification preferences: the bell and email, per kind',
      description:
        'Per kind (replies, mentions, reviews, bounties, moderation, rewards, followed_posts, ' +
        'likes): `in_app`, whether the bell shows it (on when every type of the kind is on in ' +
        '/notifications/settings), and `email`: `immediate`, `digest` or `never` (likes: ' +
        '`digest` or `never`); `digest`: whether the weekly digest comes. Only a verified ' +
        'address gets notification email.',
      response: answers({ 200: notificationPreferencesSchema }, 401),
    }),
    async (request) => preferences.get(signedIn(request).user),
  );

  app.put(
    '/notifications/preferences',
    route.member({
      summary: 'Save your notification preferences, as a whole',
      description:
        'JSON with every kind and `digest`, as GET answers. A kind whose `in_app` is unchanged ' +
        'leaves its types in /notifications/settings as they are. Answers what is stored.',
      consumes: ['application/json'],
      body: notificationPreferencesSchema,
      response: answers({ 200: notificationPreferencesSchema }, 401, 422),
    }),
    async (request) => preferences.save(signedIn(request).user, request.body),
  );
};
