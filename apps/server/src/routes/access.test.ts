import { MESSAGES } from '@symposia/shared';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { commentOn, withCommunity, type Community } from '../../test/community.js';
import { describeEachDatabase, errorBody, uploadPost } from '../../test/helpers.js';
import { ACCESS_EXTENSION, ROUTE_ACCESS, type RouteAccess } from '../plugins/route-access.js';

/**
 * Who asks is checked before what they send: every route marked with an access
 * (plugins/route-access.ts) is walked, as the OpenAPI document lists the registered routes, with
 * a member's token and bodies and queries that would each fail validation. A new moderator-only
 * or owner-only route is walked as soon as it is marked; the checks below make sure a route
 * that should be marked is.
 */

/** The moderator's review of the post; its id. */
async function reviewOf(community: Community, postId: string): Promise<string> {
  const response = await community.app.inject({
    method: 'POST',
    url: `/api/v1/media/${postId}/reviews`,
    headers: community.moderator.headers,
    payload: {
      soundness: 3,
      significance: 3,
      clarity: 3,
      reproducibility: 3,
      confidence: 3,
      recommendation: 'valid',
      summary: 'Reviewed.',
      strengths: '',
      weaknesses: '',
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

interface Operation {
  method: string;
  /** As documented: `/api/v1/moderation/{target_type}/{id}/restore`. */
  path: string;
  access: RouteAccess | undefined;
  forbids: boolean;
}

function operationsOf(community: Community): Operation[] {
  const document = community.app.swagger() as {
    paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
  };
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      access: (operation as Record<string, unknown>)[ACCESS_EXTENSION] as RouteAccess | undefined,
      forbids: Object.keys(operation.responses ?? {}).includes('403'),
    })),
  );
}

/**
 * Routes that answer 403 for a reason other than who asks, so they carry no access: the refusal
 * depends on the account's state or on the object, and the body is theirs to send.
 */
const FORBIDDEN_BY_STATE = new Set([
  // A suspended account may not sign in, with a password or with ORCID (issue 30).
  'POST /api/v1/auth/token',
  'POST /api/v1/auth/oidc/session',
  // A report from an account younger than REPORT_MIN_ACCOUNT_AGE_SECONDS.
  'POST /api/v1/reports',
  // Claims close for an account that does not meet the gates (age, activity).
  'POST /api/v1/rewards/claim',
  // Every member may change their own profile; the body names whose (`user_id`), and another's
  // is refused (policies/profile-policy.ts): the refusal needs the body.
  'POST /api/v1/modify/modify_title',
  'POST /api/v1/modify/modify_bio',
  'POST /api/v1/modify/modify_url',
  'POST /api/v1/modify/modify_email',
  'POST /api/v1/modify/modify_phone',
  'POST /api/v1/modify/modify_profile',
  'POST /api/v1/modify/modify_settings',
  'POST /api/v1/modify/modify_avatar',
  // Author or moderator, by the object alone: no body to validate.
  'DELETE /api/v1/media/{id}',
  'DELETE /api/v1/comments/{id}',
  // Any member offers a bounty; only offering `from_pool` (in the body) is a moderator's.
  'POST /api/v1/media/{id}/bounties',
  // Who may award depends on the bounty's deadline and awards so far (policies/bounty-policy.ts):
  // its offerer before the deadline, a moderator after it.
  'POST /api/v1/bounties/{id}/award',
  'DELETE /api/v1/reviews/{id}',
  // Peer review (issue 29): a post the moderators hid takes no reviews, and a hidden review no
  // helpful marks; who may write or mark is any member who sees it.
  'POST /api/v1/media/{id}/reviews',
  'POST /api/v1/reviews/{id}/helpful',
]);

/** Bodies and queries that each fail validation on every route that reads one. */
const JUNK_QUERY = '?status=nope&limit=-5&cursor=%00&format=x';
interface Body {
  name: string;
  payload?: string;
  contentType?: string;
}
const EMPTY_JSON: Body = {
  name: 'an empty JSON object',
  payload: '{}',
  contentType: 'application/json',
};
const BODIES: Body[] = [
  { name: 'no body' },
  EMPTY_JSON,
  { name: 'malformed JSON', payload: '{"note":', contentType: 'application/json' },
  { name: 'an empty form', payload: '', contentType: 'application/x-www-form-urlencoded' },
];

function call(
  community: Community,
  operation: Operation,
  url: string,
  body: Body,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return community.app.inject({
    method: operation.method as 'GET',
    url: `${url}${JUNK_QUERY}`,
    headers: { ...headers, ...(body.contentType && { 'content-type': body.contentType }) },
    ...(body.payload !== undefined && { payload: body.payload }),
  });
}

/** The path with its parameters filled from `values`; a parameter not named there fails. */
function fill(path: string, values: Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for {${name}} of ${path}: add one here`);
    return encodeURIComponent(value);
  });
}

describeEachDatabase('authorization before validation', (db) => {
  it('every moderator-only and owner-only route refuses a member whatever the body', async () => {
    await withCommunity(db, async (community) => {
      const { app, author, member, moderator } = community;
      const publicPost = await uploadPost(app, author.headers, { title: 'Public' });
      const privatePost = await uploadPost(app, author.headers, {
        title: 'Private',
        visibility: 'private',
      });
      const comment = await commentOn(app, author.headers, publicPost, 'A comment');
      const privateComment = await commentOn(app, author.headers, privatePost, 'Unseen');
      // Reviews (issue 29): the moderator's of the public post, and one of a post made private
      // after it was reviewed (its author's alone to see).
      const review = await reviewOf(community, publicPost);
      const laterPrivate = await uploadPost(app, author.headers, { title: 'Later private' });
      const privateReview = await reviewOf(community, laterPrivate);
      const madePrivate = await app.inject({
        method: 'PATCH',
        url: `/api/v1/media/${laterPrivate}`,
        headers: author.headers,
        payload: { visibility: 'private' },
      });
      expect(madePrivate.statusCode, madePrivate.body).toBe(200);

      const operations = operationsOf(community);
      const guarded = operations.filter((operation) => operation.access !== undefined);
      const name = (operation: Operation) => `${operation.method} ${operation.path}`;
      console.log(`[access] guarded routes: ${guarded.map(name).join(', ')}`);

      // A route is marked when it should be: the moderation area is moderators' alone, and a
      // route that may answer 403 says who may call it or is listed above with its reason.
      for (const operation of operations) {
        if (operation.path.startsWith('/api/v1/moderation/')) {
          expect(operation.access, name(operation)).toBe('moderator');
        }
        if (operation.forbids && operation.access === undefined) {
          expect(
            FORBIDDEN_BY_STATE.has(name(operation)),
            `${name(operation)}: mark its access`,
          ).toBe(true);
        }
        if (operation.access !== undefined) {
          expect(ROUTE_ACCESS).toContain(operation.access);
          expect(operation.forbids, `${name(operation)} documents its 403`).toBe(true);
        }
      }
      for (const listed of FORBIDDEN_BY_STATE) {
        expect(operations.map(name), `${listed} is no route any more`).toContain(listed);
      }
      expect(guarded.map((operation) => operation.access).sort()).toEqual([
        'comment-author',
        'moderator',
        'moderator',
        'moderator',
        'moderator',
        // Community trust (issue 28): marks, recompute, the down-weighted accounts.
        'moderator',
        'moderator',
        'moderator',
        // Suspended means unpaid (issue 28): release or forfeit a hold, the frozen list.
        'moderator',
        'moderator',
        'post-author',
        // Peer review (issue 29): the author answers and rates a review; the reviewer edits.
        'reviewed-author',
        'reviewed-author',
        'reviewer',
      ]);

      // Each guarded route, by what the member may know: 403 on what they see, 404 on what
      // they may not know exists.
      const cases: Record<RouteAccess, { values: Record<string, string>; status: number }[]> = {
        moderator: [{ values: { id: publicPost, target_type: 'post' }, status: 403 }],
        'post-author': [
          { values: { id: publicPost }, status: 403 },
          { values: { id: privatePost }, status: 404 },
        ],
        'comment-author': [
          { values: { id: comment }, status: 403 },
          { values: { id: privateComment }, status: 404 },
        ],
        reviewer: [
          { values: { id: review }, status: 403 },
          { values: { id: privateReview }, status: 404 },
        ],
        'reviewed-author': [
          { values: { id: review }, status: 403 },
          { values: { id: privateReview }, status: 404 },
        ],
      };
      for (const operation of guarded) {
        for (const { values, status } of cases[operation.access as RouteAccess]) {
          const url = fill(operation.path, values);
          for (const body of BODIES) {
            const what = `${operation.method} ${url} with ${body.name}`;
            const anonymous = await call(community, operation, url, body);
            expect(anonymous.statusCode, `${what}, signed out: ${anonymous.body}`).toBe(401);
            const refused = await call(community, operation, url, body, member.headers);
            expect(refused.statusCode, `${what}: ${refused.body}`).toBe(status);
            expect(refused.json(), what).not.toHaveProperty('errors');
            if (operation.access === 'moderator') {
              expect(refused.json(), what).toEqual(errorBody(MESSAGES.moderatorsOnly));
            }
            if (operation.method === 'GET') {
              // Fastify's HEAD twin of a GET is guarded alike.
              const head = await call(community, { ...operation, method: 'HEAD' }, url, body, {
                ...member.headers,
              });
              expect(head.statusCode, `HEAD ${url}`).toBe(status);
            }
          }
        }
      }

      // Whoever may call the route still has their input validated.
      const allowed: Record<RouteAccess, { headers: Record<string, string>; id: string }> = {
        moderator: { headers: moderator.headers, id: publicPost },
        'post-author': { headers: author.headers, id: publicPost },
        'comment-author': { headers: author.headers, id: comment },
        reviewer: { headers: moderator.headers, id: review },
        'reviewed-author': { headers: author.headers, id: review },
      };
      // Routes that take no input at all (issue 28's recompute and down-weighted list).
      const withoutInput = new Set([
        'POST /api/v1/moderation/trust/recompute',
        'GET /api/v1/moderation/trust/down-weighted',
      ]);
      for (const operation of guarded) {
        if (withoutInput.has(name(operation))) continue;
        const { headers, id } = allowed[operation.access as RouteAccess];
        const url = fill(operation.path, { id, target_type: 'post' });
        const answer = await call(community, operation, url, EMPTY_JSON, headers);
        expect(answer.statusCode, `${operation.method} ${url}: ${answer.body}`).toBe(422);
      }
    });
  });
});
