import type { Notification } from '@symposia/shared';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withCommunity } from '../../../test/community.js';
import { describeEachDatabase, signedInUser, uploadPost } from '../../../test/helpers.js';
import {
  changePreferences,
  mailEnv,
  notificationMailsArrived,
  unsubscribeLinkOf,
  verifiedMember,
} from '../../../test/notification-emails.js';
import { markRead, notificationsOf, unreadCount } from '../../../test/notifications.js';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.js';

type Headers = { authorization: string };

/**
 * Issue 32: `@username` in a post's content tells that member once per post, by the rules of a
 * comment's mentions (policies/notification-policy.ts `postMentionRecipients`): never the author,
 * only members who may see the post; an edit tells only whom it newly names (or who may see the
 * post only now), and nobody twice.
 */

const NO_LIMITS = { UPLOAD_RATE_LIMIT_MAX: '1000' };

const edit = async (app: FastifyInstance, id: string, headers: Headers, payload: object) => {
  const response = await app.inject({
    method: 'PATCH',
    url: `/api/v1/media/${id}`,
    headers,
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
};

/** The member's notifications about posts' mentions, as the bell lists them. */
async function mentionsOf(app: FastifyInstance, headers: Headers): Promise<Notification[]> {
  return (await notificationsOf(app, headers)).filter((n) => n.type === 'mention');
}

/** Every notification row the member has, bell or email, read or not. */
async function rowsOf(app: FastifyInstance, userId: string) {
  return app.db
    .selectFrom('notifications')
    .select(['type', 'post_id', 'group_key', 'read_at'])
    .where('user_id', '=', userId)
    .execute();
}

describeEachDatabase('mentions in posts', (db) => {
  async function setUp() {
    const testApp = await db.buildApp({ env: NO_LIMITS });
    const { app } = testApp;
    const ada = await signedInUser(app);
    const bob = await signedInUser(app);
    const cy = await signedInUser(app);
    return { testApp, app, ada, bob, cy };
  }

  it('a new post tells each member its content names, once, with the post and its title; never its author or a name of nobody', async () => {
    const { app, ada, bob, cy } = await setUp();
    const postId = await uploadPost(app, ada.headers, {
      title: 'Protein folding at scale',
      content: `Thanks **@${bob.username}** and @${cy.username.toUpperCase()}.\nAlso @${bob.username}, @${ada.username} and @nobody_here_at_all`,
    });
    for (const member of [bob, cy]) {
      const [mention, ...rest] = await notificationsOf(app, member.headers);
      expect(rest).toEqual([]);
      expect(mention).toMatchObject({
        type: 'mention',
        actor: { id: ada.user.id, username: ada.username },
        post_id: postId,
        comment_id: null,
        excerpt: 'Protein folding at scale',
        count: 1,
        read: false,
      });
      expect(await unreadCount(app, member.headers)).toBe(1);
    }
    expect(await rowsOf(app, ada.user.id)).toEqual([]);
  });

  it('an edit tells only the member it newly names; one named again after being taken out is not told twice', async () => {
    const { app, ada, bob, cy } = await setUp();
    const postId = await uploadPost(app, ada.headers, {
      title: 'Draft',
      content: `With @${bob.username}`,
    });
    expect(await mentionsOf(app, bob.headers)).toHaveLength(1);
    expect((await markRead(app, bob.headers, { all: true })).statusCode).toBe(200);

    await edit(app, postId, ada.headers, {
      content: `With @${bob.username} and @${cy.username}`,
    });
    expect(await mentionsOf(app, cy.headers)).toHaveLength(1);
    expect(await unreadCount(app, bob.headers)).toBe(0);

    // Taken out, then named again: still the one notification, read as it was.
    await edit(app, postId, ada.headers, { content: `With @${cy.username}` });
    await edit(app, postId, ada.headers, { content: `With @${cy.username} and @${bob.username}` });
    await edit(app, postId, ada.headers, {
      title: 'Final',
      content: `@${bob.username} @${cy.username}`,
    });
    expect(await unreadCount(app, bob.headers)).toBe(0);
    for (const member of [bob, cy]) {
      const rows = await rowsOf(app, member.user.id);
      expect(rows.map((row) => [row.type, row.post_id, row.group_key])).toEqual([
        ['mention', postId, `mention:post:${postId}`],
      ]);
    }
  });

  it('a private post tells nobody it names, not even a moderator; made public, it tells them then, once', async () => {
    await withCommunity(
      db,
      async ({ app, author, member, moderator }) => {
        const postId = await uploadPost(app, author.headers, {
          title: 'Notes',
          content: `For @${member.username} and @${moderator.username}`,
          visibility: 'private',
        });
        await edit(app, postId, author.headers, {
          content: `For @${member.username}, @${moderator.username}!`,
        });
        expect(await rowsOf(app, member.user.id)).toEqual([]);
        expect(await rowsOf(app, moderator.user.id)).toEqual([]);

        await edit(app, postId, author.headers, { visibility: 'public' });
        for (const told of [member, moderator]) {
          expect(await mentionsOf(app, told.headers)).toMatchObject([
            { type: 'mention', post_id: postId },
          ]);
        }
        // Private again and public again: nobody is told twice.
        await edit(app, postId, author.headers, { visibility: 'private' });
        expect(await unreadCount(app, member.headers)).toBe(0);
        await edit(app, postId, author.headers, { visibility: 'public' });
        expect(await rowsOf(app, member.user.id)).toHaveLength(1);
        expect(await unreadCount(app, member.headers)).toBe(1);
      },
      NO_LIMITS,
    );
  });

  it('leaves the bell with its post, deleted', async () => {
    const { app, ada, bob } = await setUp();
    const postId = await uploadPost(app, ada.headers, { content: `cc @${bob.username}` });
    expect(await unreadCount(app, bob.headers)).toBe(1);
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/v1/media/${postId}`,
      headers: ada.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect(await notificationsOf(app, bob.headers)).toEqual([]);
    expect(await unreadCount(app, bob.headers)).toBe(0);
  });

  it('follows the mentions preference: off in the bell and by email, nothing is written', async () => {
    const { app, ada, bob, cy } = await setUp();
    await changePreferences(app, bob.headers, (preferences) => {
      preferences.kinds.mentions = { in_app: false, email: 'never' };
    });
    await uploadPost(app, ada.headers, { content: `@${bob.username} @${cy.username}` });
    expect(await rowsOf(app, bob.user.id)).toEqual([]);
    expect(await mentionsOf(app, cy.headers)).toHaveLength(1);
  });
});

describe('mentions in posts by email', () => {
  let sink: SmtpSink;
  beforeEach(async () => {
    sink = await startSmtpSink();
  });
  afterEach(async () => {
    await sink.close();
  });

  describeEachDatabase('mentions in posts by email', (db) => {
    it('a member away is emailed the mention at once (the default), with one-click unsubscribe from mentions', async () => {
      const testApp = await db.buildApp({ env: mailEnv(sink, NO_LIMITS) });
      const { app, clock } = testApp;
      const ada = await signedInUser(app);
      const bob = await verifiedMember(app, sink);
      // Bob was last seen signing in; the post comes later.
      clock.advance(120);
      await uploadPost(app, ada.headers, {
        title: 'Elsewhere',
        content: `cc @${bob.username}`,
      });
      // Away: NOTIFICATION_EMAIL_DELAY_SECONDS' default.
      clock.advance(600);
      const [mail, ...more] = await notificationMailsArrived(sink, bob.email);
      expect(more).toEqual([]);
      expect(mail!.subject).toBe(`${ada.username} mentioned you on “Elsewhere”`);
      expect(unsubscribeLinkOf(mail!).searchParams.get('token')).toContain('.mentions.');
    });
  });
});
