import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../src/app.js';
import {
  signedInUser,
  type DatabaseUnderTest,
  type RegisteredUser,
  type TestClock,
} from './helpers.js';

export type Member = RegisteredUser & { headers: { authorization: string } };

/** A forum with an author, two other members and a moderator, all signed in. */
export interface Community {
  app: FastifyInstance;
  clock: TestClock;
  author: Member;
  member: Member;
  other: Member;
  moderator: Member;
  /** POST /reports as `by`. */
  report: (
    by: Member,
    target: { target_type: string; target_id: string; reason?: string; note?: string },
  ) => Promise<LightMyRequestResponse>;
  /** POST /reports as `by`, expecting 201; returns the report's id. */
  reported: (
    by: Member,
    target: { target_type: string; target_id: string; reason?: string; note?: string },
  ) => Promise<string>;
  /** POST /moderation/reports/{id}/resolve as the moderator (or `as`). */
  resolve: (
    reportId: string,
    body: Record<string, unknown>,
    as?: { authorization: string },
  ) => Promise<LightMyRequestResponse>;
  /** GET `url` with the headers given (none: a visitor). */
  get: (url: string, headers?: { authorization: string }) => Promise<LightMyRequestResponse>;
}

/**
 * Runs `test` against a community on a fresh database. ADMIN_USERNAMES takes effect at start-up,
 * so the members register on a first app and the test runs on a second one, started on the same
 * database (and clock) with the moderator named.
 */
export async function withCommunity(
  db: DatabaseUnderTest,
  test: (community: Community) => Promise<void>,
  env: Record<string, string> = {},
): Promise<void> {
  const first = await db.buildApp({
    env: { UPLOAD_RATE_LIMIT_MAX: '1000', COMMENT_RATE_LIMIT_MAX: '1000', ...env },
  });
  const author = await signedInUser(first.app);
  const member = await signedInUser(first.app);
  const other = await signedInUser(first.app);
  const moderator = await signedInUser(first.app);
  await first.app.close();
  const app = await buildApp(
    { ...first.config, adminUsernames: [moderator.username] },
    { now: first.clock.now },
  );
  const report: Community['report'] = (by, target) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/reports',
      headers: by.headers,
      payload: { reason: 'spam', ...target },
    });
  try {
    await test({
      app,
      clock: first.clock,
      author,
      member,
      other,
      moderator,
      report,
      reported: async (by, target) => {
        const response = await report(by, target);
        expect(response.statusCode, response.body).toBe(201);
        return response.json<{ id: string }>().id;
      },
      resolve: (reportId, body, as = moderator.headers) =>
        app.inject({
          method: 'POST',
          url: `/api/v1/moderation/reports/${reportId}/resolve`,
          headers: as,
          payload: body,
        }),
      get: (url, headers = undefined) =>
        app.inject({ method: 'GET', url, ...(headers && { headers }) }),
    });
  } finally {
    await app.close();
  }
}

/** Posts a comment (or a reply, with parentId) and returns its id. */
export async function commentOn(
  app: FastifyInstance,
  headers: { authorization: string },
  postId: string,
  content: string,
  parentId?: string,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/comments/create',
    headers,
    payload: { postId, content, ...(parentId && { parentId }) },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ _id: string }>()._id;
}
