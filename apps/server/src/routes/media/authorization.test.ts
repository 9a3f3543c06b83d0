import { MESSAGES } from '@symposia/shared';
import { expect, it } from 'vitest';
import {
  describeEachDatabase,
  signedInUser,
  uploadPost,
  type TestApp,
  errorBody,
} from '../../../test/helpers.js';
import { buildApp } from '../../app.js';
import { POST_ACTIONS, type PostAction } from '../../policies/index.js';
import {
  POST_RULES,
  STATES,
  VIEWERS,
  type PostState,
  type ViewerKind,
} from '../../policies/rule-table.js';

type FastifyInstance = TestApp['app'];

/** What each action answers when it is allowed. */
const SUCCESS: Record<PostAction, number> = {
  see: 200,
  edit: 200,
  delete: 204,
  like: 200,
  comment: 201,
};

function act(
  app: FastifyInstance,
  action: PostAction,
  postId: string,
  headers: Record<string, string>,
) {
  switch (action) {
    case 'see':
      return app.inject({ method: 'GET', url: `/api/v1/media/${postId}`, headers });
    case 'edit':
      return app.inject({
        method: 'PATCH',
        url: `/api/v1/media/${postId}`,
        headers,
        payload: { title: 'A new title' },
      });
    case 'delete':
      return app.inject({ method: 'DELETE', url: `/api/v1/media/${postId}`, headers });
    case 'like':
      return app.inject({ method: 'POST', url: `/api/v1/media/${postId}/like`, headers });
    case 'comment':
      return app.inject({
        method: 'POST',
        url: '/api/v1/comments/create',
        headers,
        payload: { postId, content: 'A comment' },
      });
  }
}

describeEachDatabase('authorization of posts over HTTP (policies/rule-table.ts)', (db) => {
  it('answers every viewer × state × action as the rule table says', async () => {
    const first = await db.buildApp({
      env: { UPLOAD_RATE_LIMIT_MAX: '1000', COMMENT_RATE_LIMIT_MAX: '1000' },
    });
    const author = await signedInUser(first.app);
    const member = await signedInUser(first.app);
    const moderator = await signedInUser(first.app);
    // ADMIN_USERNAMES takes effect at start-up: start again on the same database with it set.
    await first.app.close();
    const app = await buildApp(
      { ...first.config, adminUsernames: [moderator.username] },
      { now: first.clock.now },
    );
    try {
      const me = await app.inject({
        method: 'GET',
        url: '/api/v1/auth/me',
        headers: moderator.headers,
      });
      expect(me.json()).toMatchObject({ role: 'moderator' });

      const headersOf: Record<ViewerKind, Record<string, string>> = {
        anonymous: {},
        member: member.headers,
        author: author.headers,
        moderator: moderator.headers,
      };
      let made = 0;
      async function postIn(state: PostState): Promise<string> {
        made += 1;
        const id = await uploadPost(app, author.headers, {
          title: `Post ${made}`,
          visibility: state === 'private' ? 'private' : 'public',
        });
        if (state === 'deleted') {
          const removed = await act(app, 'delete', id, author.headers);
          expect(removed.statusCode).toBe(204);
        }
        if (state === 'hidden') {
          // A member reports it; a moderator hides it.
          const report = await app.inject({
            method: 'POST',
            url: '/api/v1/reports',
            headers: member.headers,
            payload: { target_type: 'post', target_id: id, reason: 'spam' },
          });
          expect(report.statusCode, report.body).toBe(201);
          const hidden = await app.inject({
            method: 'POST',
            url: `/api/v1/moderation/reports/${report.json<{ id: string }>().id}/resolve`,
            headers: moderator.headers,
            payload: { action: 'hide', note: 'Spam' },
          });
          expect(hidden.statusCode, hidden.body).toBe(200);
        }
        return id;
      }
      const shared = {
        public: await postIn('public'),
        private: await postIn('private'),
        deleted: await postIn('deleted'),
        hidden: await postIn('hidden'),
      };

      const got: Record<string, Record<string, Record<string, number>>> = {};
      const expected: typeof got = {};
      for (const viewer of VIEWERS) {
        got[viewer] = {};
        expected[viewer] = {};
        for (const state of STATES) {
          got[viewer][state] = {};
          expected[viewer][state] = {};
          for (const action of POST_ACTIONS) {
            const rule = POST_RULES[viewer][state][action];
            // A deletion that succeeds uses up its post; every other cell shares one per state.
            const target =
              action === 'delete' && rule === 'ok' ? await postIn(state) : shared[state];
            const response = await act(app, action, target, headersOf[viewer]);
            got[viewer][state][action] = response.statusCode;
            expected[viewer][state][action] = rule === 'ok' ? SUCCESS[action] : rule;
            if (response.statusCode === 404) {
              expect(response.json()).toEqual(errorBody(MESSAGES.postNotFoundTitle));
            }
            if (state === 'hidden' && response.statusCode === 403 && action !== 'edit') {
              expect(response.json()).toEqual(errorBody(MESSAGES.hiddenByModerators));
            }
          }
        }
      }
      expect(got).toEqual(expected);
    } finally {
      await app.close();
    }
  });
});
