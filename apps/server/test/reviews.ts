import { MESSAGES, type ModerationQueueItem, type PostDetail, type Review } from '@symposia/shared';
import { expect } from 'vitest';
import type { Community, Member } from './community.js';
import { fieldError } from './helpers.js';

/** Requests of the peer review moderation suites (routes/moderation/*-moderation.test.ts). */

export type Headers = { authorization: string };

/** A review worth reporting. */
export const REVIEW = {
  soundness: 4,
  significance: 3,
  clarity: 5,
  reproducibility: 2,
  confidence: 4,
  recommendation: 'valid',
  summary: 'Spam review: buy tokens at example.org',
  strengths: 'None.',
  weaknesses: 'None.',
};

/** Every member's valid review validates the post: the status shows each review counted. */
export const ONE_TRUSTED_REVIEW = { REVIEW_VALIDATION_MIN: '1', REVIEW_TRUSTED_LEVEL: '0' };

/** `method` `/api/v1{url}` as `headers` (none: a visitor). */
export function call(
  community: Community,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  headers?: Headers,
  payload?: object,
) {
  return community.app.inject({
    method,
    url: `/api/v1${url}`,
    ...(headers && { headers }),
    ...(payload && { payload }),
  });
}

/** `by` reviews the post (REVIEW, with `body` over it), expecting 201. */
export async function reviewed(
  community: Community,
  by: Member,
  postId: string,
  body: object = {},
) {
  const response = await call(community, 'POST', `/media/${postId}/reviews`, by.headers, {
    ...REVIEW,
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Review>();
}

/** The post's review status and count, as a visitor reads its detail. */
export async function statusOf(community: Community, postId: string) {
  const response = await call(community, 'GET', `/media/${postId}`);
  expect(response.statusCode, response.body).toBe(200);
  const { review_status, review_count } = response.json<PostDetail>();
  return { review_status, review_count };
}

/** The moderators' queue of reports with `status`. */
export async function queueOf(community: Community, status: 'open' | 'resolved' = 'open') {
  const response = await community.get(
    `/api/v1/moderation/reports?status=${status}`,
    community.moderator.headers,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ModerationQueueItem[]>();
}

/** Reporting `target`: 401 signed out; 422 naming the target for `owner`, who wrote it. */
export async function expectReportRefused(
  community: Community,
  target: { target_type: string; target_id: string },
  owner: Member,
) {
  const signedOut = await community.app.inject({
    method: 'POST',
    url: '/api/v1/reports',
    payload: { ...target, reason: 'spam' },
  });
  expect(signedOut.statusCode).toBe(401);
  const own = await community.report(owner, target);
  expect(own.statusCode).toBe(422);
  expect(own.json()).toMatchObject({
    errors: [fieldError('target_id', MESSAGES.reportOwnContent)],
  });
}
