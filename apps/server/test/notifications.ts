import type { Comment, Notification, NotificationSettings } from '@symposia/shared';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/** Requests of the notifications suites (routes/notifications/*.test.ts). */

export type Headers = Record<string, string>;

export async function postComment(
  app: FastifyInstance,
  headers: Headers,
  body: { postId: string; content: string; parentId?: string },
): Promise<Comment> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/comments/create',
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify({ imageUrl: '', ...body }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Comment>();
}

export async function like(
  app: FastifyInstance,
  headers: Headers,
  target: { postId: string } | { commentId: string },
): Promise<'liked' | 'unliked'> {
  const url =
    'postId' in target
      ? `/api/v1/media/${target.postId}/like`
      : `/api/v1/comments/${target.commentId}/like`;
  const response = await app.inject({ method: 'POST', url, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ action: 'liked' | 'unliked' }>().action;
}

export async function notificationsOf(
  app: FastifyInstance,
  headers: Headers,
  query = '',
): Promise<Notification[]> {
  const response = await app.inject({ url: `/api/v1/notifications${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Notification[]>();
}

export async function unreadCount(app: FastifyInstance, headers: Headers): Promise<number> {
  const response = await app.inject({ url: '/api/v1/notifications/unread_count', headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ count: number }>().count;
}

export function markRead(app: FastifyInstance, headers: Headers, body: unknown) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/notifications/read',
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

export function putSettings(app: FastifyInstance, headers: Headers, body: unknown) {
  return app.inject({
    method: 'PUT',
    url: '/api/v1/notifications/settings',
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

export async function settingsOf(
  app: FastifyInstance,
  headers: Headers,
): Promise<NotificationSettings> {
  const response = await app.inject({ url: '/api/v1/notifications/settings', headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<NotificationSettings>();
}
