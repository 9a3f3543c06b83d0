import type { NotificationPreferences, NotificationSettings } from '@symposia/shared';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  describeEachDatabase,
  multipart,
  signedInUser,
  uploadPost,
  type TestApp,
} from '../../../test/helpers.js';
import {
  changePreferences,
  jobsIdle,
  mailEnv,
  notificationMailsArrived,
  notificationMailsTo,
  preferencesOf,
  rawHeader,
  putPreferences,
  SITE,
  unsubscribeLinkOf,
  verifiedMember,
  type VerifiedMember,
} from '../../../test/notification-emails.js';
import {
  markRead,
  notificationsOf,
  postComment,
  putSettings,
  settingsOf,
  unreadCount,
} from '../../../test/notifications.js';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.js';

/**
 * Issue 30: notification emails through a real SMTP server (smtp-server on 127.0.0.1, each
 * message parsed with mailparser) — an immediate email of replies once the member has been away,
 * its one-click unsubscribe (RFC 8058), who gets none — and the preferences behind them.
 * The digest is digest.test.ts's.
 */

let sink: SmtpSink;
beforeEach(async () => {
  sink = await startSmtpSink();
});
afterEach(async () => {
  await sink.close();
});

/** NOTIFICATION_EMAIL_DELAY_SECONDS' default. */
const AWAY_SECONDS = 600;

const DEFAULTS: NotificationPreferences = {
  kinds: {
    replies: { in_app: true, email: 'immediate' },
    mentions: { in_app: true, email: 'immediate' },
    reviews: { in_app: true, email: 'digest' },
    bounties: { in_app: true, email: 'digest' },
    moderation: { in_app: true, email: 'digest' },
    rewards: { in_app: true, email: 'digest' },
    followed_posts: { in_app: true, email: 'digest' },
    likes: { in_app: true, email: 'digest' },
  },
  digest: true,
};

/** The one-click POST a mail client sends for a message's List-Unsubscribe link. */
function oneClick(app: FastifyInstance, link: URL, body = 'List-Unsubscribe=One-Click') {
  return app.inject({
    method: 'POST',
    url: `${link.pathname}${link.search}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: body,
  });
}

describeEachDatabase('notification emails', (db) => {
  async function setUp() {
    const testApp = await db.buildApp({ env: mailEnv(sink) });
    const { app } = testApp;
    const ada = await verifiedMember(app, sink);
    const bob = await signedInUser(app);
    const cy = await signedInUser(app);
    const postId = await uploadPost(app, ada.headers, { title: 'Protein folding at scale' });
    return { testApp, app, ada, bob, cy, postId };
  }

  /** A reply to `ada` arrives by email: the message. */
  async function replyEmailed(
    testApp: TestApp,
    ada: VerifiedMember,
    bob: { headers: { authorization: string } },
    postId: string,
  ) {
    const { app, clock } = testApp;
    const mine = await postComment(app, ada.headers, { postId, content: 'My method' });
    clock.advance(60);
    await postComment(app, bob.headers, { postId, content: 'Why?', parentId: mine._id });
    clock.advance(AWAY_SECONDS);
    const [mail] = await notificationMailsArrived(sink, ada.email);
    return mail!;
  }

  it('a reply and a comment within the window come in one email once the member has been away, never twice; its one-click link turns replies off', async () => {
    const { testApp, app, ada, bob, cy, postId } = await setUp();
    const { clock } = testApp;
    const mine = await postComment(app, ada.headers, { postId, content: 'My method' });
    clock.advance(60);
    const reply = await postComment(app, bob.headers, {
      postId,
      content: 'Which force field?',
      parentId: mine._id,
    });
    clock.advance(120);
    await postComment(app, cy.headers, { postId, content: 'Nice <b>result</b>' });

    // Not away long enough yet: the job looked, and waits.
    await jobsIdle(testApp);
    expect(notificationMailsTo(sink, ada.email)).toEqual([]);

    clock.advance(AWAY_SECONDS);
    const [mail, ...more] = await notificationMailsArrived(sink, ada.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('2 new notifications on Symposia: Replies and comments');
    expect(mail!.headers.get('content-language')).toBe('en');
    const text = mail!.text ?? '';
    expect(text).toContain(`${bob.username} replied to your comment on “Protein folding at scale”`);
    expect(text).toContain('Which force field?');
    expect(text).toContain(`${cy.username} commented on your post “Protein folding at scale”`);
    expect(text).toContain(`${SITE}/forum/detail/${postId}#comment-${reply._id}`);
    // The footer opens the preferences.
    expect(text).toContain(`${SITE}/mypage?settings=notifications`);
    expect(mail!.html).toContain('Nice &lt;b&gt;result&lt;/b&gt;');
    expect(mail!.html).toContain(`href="${SITE}/mypage?settings=notifications"`);

    // RFC 8058: one click, by a POST to an HTTPS link of the site, which the footer carries too.
    const link = unsubscribeLinkOf(mail!);
    expect(`${link.origin}${link.pathname}`).toBe(`${SITE}/api/v1/notifications/unsubscribe`);
    expect(rawHeader(mail!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(text).toContain(link.toString());

    // Never twice: a later look finds both emailed.
    const rows = await app.db
      .selectFrom('notifications')
      .select('emailed_at')
      .where('user_id', '=', ada.id)
      .execute();
    expect(rows.map((row) => row.emailed_at !== null)).toEqual([true, true]);

    // No sign-in, no cookie: the link alone turns replies' email off, and nothing else.
    const done = await oneClick(app, link);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ topic: 'replies' });
    const after = await preferencesOf(app, ada.headers);
    expect(after.kinds.replies).toEqual({ in_app: true, email: 'never' });
    expect(after.kinds.mentions).toEqual(DEFAULTS.kinds.mentions);

    // Another reply: in the bell, and by email never.
    clock.advance(60);
    await postComment(app, bob.headers, { postId, content: 'Still there?', parentId: mine._id });
    clock.advance(AWAY_SECONDS * 2);
    await jobsIdle(testApp);
    expect(notificationMailsTo(sink, ada.email)).toHaveLength(1);
    expect(await unreadCount(app, ada.headers)).toBe(3);
  });

  it('no immediate email to a member seen on the site since, or who read it in the bell; a later mention still comes', async () => {
    const { testApp, app, ada, bob, cy, postId } = await setUp();
    const { clock } = testApp;

    // Seen since: a request of theirs after the comment.
    clock.advance(120);
    await postComment(app, bob.headers, { postId, content: 'Seen this?' });
    clock.advance(300);
    expect(await unreadCount(app, ada.headers)).toBe(1);
    clock.advance(AWAY_SECONDS);
    await jobsIdle(testApp);
    expect(notificationMailsTo(sink, ada.email)).toEqual([]);

    // Read in the bell: a member is written as seen at most once a minute, so marking it read
    // 20 s after their last request leaves them unseen since the comment — only read.
    clock.advance(120);
    expect(await unreadCount(app, ada.headers)).toBe(1);
    clock.advance(10);
    await postComment(app, bob.headers, { postId, content: 'And this?' });
    clock.advance(10);
    expect((await markRead(app, ada.headers, { all: true })).statusCode).toBe(200);
    clock.advance(AWAY_SECONDS);
    await jobsIdle(testApp);
    expect(notificationMailsTo(sink, ada.email)).toEqual([]);

    // Away, unread: a mention on someone else's post comes, alone.
    const elsewhere = await uploadPost(app, cy.headers, { title: 'Elsewhere' });
    clock.advance(120);
    await postComment(app, bob.headers, { postId: elsewhere, content: `cc @${ada.username}` });
    clock.advance(AWAY_SECONDS);
    const [mail, ...more] = await notificationMailsArrived(sink, ada.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`${bob.username} mentioned you on “Elsewhere”`);
    expect(unsubscribeLinkOf(mail!).searchParams.get('token')).toContain('.mentions.');
  });

  it('the bell off and email on: written for email alone, never in the bell; neither: nothing written; an unverified address: no email job', async () => {
    const { testApp, app, ada, bob, postId } = await setUp();
    const { clock } = testApp;
    await changePreferences(app, ada.headers, (preferences) => {
      preferences.kinds.replies = { in_app: false, email: 'immediate' };
    });
    expect(await settingsOf(app, ada.headers)).toMatchObject({ comment: false, reply: false });

    clock.advance(120);
    await postComment(app, bob.headers, { postId, content: 'By email only' });
    clock.advance(AWAY_SECONDS);
    const [mail] = await notificationMailsArrived(sink, ada.email);
    expect(mail!.subject).toBe(`${bob.username} commented on your post “Protein folding at scale”`);
    // (Looked at only now: looking is being seen, which would have kept the email back.)
    expect(await notificationsOf(app, ada.headers)).toEqual([]);
    expect(await unreadCount(app, ada.headers)).toBe(0);

    await changePreferences(app, ada.headers, (preferences) => {
      preferences.kinds.replies = { in_app: false, email: 'never' };
    });
    const before = await app.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', ada.id)
      .execute();
    await postComment(app, bob.headers, { postId, content: 'Nobody hears this' });
    const after = await app.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', ada.id)
      .execute();
    expect(after).toHaveLength(before.length);

    // Bob never verified his address: a reply to him queues no email job at all.
    const his = await uploadPost(app, bob.headers, { title: 'Bob’s' });
    await postComment(app, ada.headers, { postId: his, content: 'Hello Bob' });
    expect(await notificationsOf(app, bob.headers)).toHaveLength(1);
    const jobs = await app.db
      .selectFrom('jobs')
      .select('subject_id')
      .where('kind', '=', 'email-notifications')
      .execute();
    expect(jobs.map((job) => job.subject_id)).toEqual([ada.id]);
  });

  describe('preferences', () => {
    it('answer the defaults, are saved as a whole, and their bell is the settings of each kind’s types, which answer as before', async () => {
      const { app, ada } = await setUp();
      expect(await preferencesOf(app, ada.headers)).toEqual(DEFAULTS);

      const wanted: NotificationPreferences = structuredClone(DEFAULTS);
      wanted.kinds.replies = { in_app: false, email: 'digest' };
      wanted.kinds.reviews = { in_app: true, email: 'never' };
      wanted.kinds.likes = { in_app: true, email: 'never' };
      wanted.kinds.followed_posts = { in_app: true, email: 'immediate' };
      wanted.digest = false;
      const saved = await putPreferences(app, ada.headers, wanted);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toEqual(wanted);
      expect(await preferencesOf(app, ada.headers)).toEqual(wanted);
      const allOn: NotificationSettings = {
        comment: true,
        reply: true,
        mention: true,
        like: true,
        moderation: true,
        reward: true,
        review: true,
        review_response: true,
        bounty_offered: true,
        bounty_awarded: true,
        followed_post: true,
      };
      expect(await settingsOf(app, ada.headers)).toEqual({
        ...allOn,
        comment: false,
        reply: false,
      });

      // One type of a kind turned on through the old settings: the kind reads as off…
      expect((await putSettings(app, ada.headers, { comment: true })).statusCode).toBe(200);
      expect((await preferencesOf(app, ada.headers)).kinds.replies.in_app).toBe(false);
      // …and saving the preferences back as read leaves both types as they are.
      await changePreferences(app, ada.headers, () => undefined);
      expect(await settingsOf(app, ada.headers)).toMatchObject({ comment: true, reply: false });
      // Turning the kind on turns on all its types.
      await changePreferences(app, ada.headers, (preferences) => {
        preferences.kinds.replies.in_app = true;
      });
      expect(await settingsOf(app, ada.headers)).toEqual(allOn);
    });

    it('bad input is 422 and changes nothing; signed out is 401', async () => {
      const { app, ada } = await setUp();
      const with_ = (change: (body: Record<string, unknown>) => void) => {
        const body = structuredClone(DEFAULTS) as unknown as Record<string, unknown>;
        change(body);
        return body;
      };
      const kinds = (body: Record<string, unknown>) => body.kinds as Record<string, unknown>;
      for (const body of [
        {},
        null,
        [DEFAULTS],
        { kinds: DEFAULTS.kinds },
        with_((body) => (body.digest = 'yes')),
        with_((body) => delete kinds(body).replies),
        with_((body) => (kinds(body).likes = { in_app: true, email: 'immediate' })),
        with_((body) => (kinds(body).replies = { in_app: true, email: 'weekly' })),
        with_((body) => (kinds(body).mentions = { in_app: 'no', email: 'never' })),
        with_((body) => (kinds(body).rewards = { email: 'never' })),
      ]) {
        const response = await putPreferences(app, ada.headers, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(422);
      }
      expect(await preferencesOf(app, ada.headers)).toEqual(DEFAULTS);
      for (const method of ['GET', 'PUT'] as const) {
        const response = await app.inject({ method, url: '/api/v1/notifications/preferences' });
        expect(response.statusCode, method).toBe(401);
      }
    });
  });

  describe('one-click unsubscribe', () => {
    it('a GET changes nothing and opens the confirmation screen; a link not signed, or without One-Click, is 422 and changes nothing; form, multipart and JSON bodies all unsubscribe', async () => {
      const { testApp, app, ada, bob, postId } = await setUp();
      const mail = await replyEmailed(testApp, ada, bob, postId);
      const link = unsubscribeLinkOf(mail);
      const token = link.searchParams.get('token') ?? '';

      const opened = await app.inject({ url: `${link.pathname}${link.search}` });
      expect(opened.statusCode).toBe(303);
      const screen = new URL(opened.headers.location ?? '', SITE);
      expect(screen.pathname).toBe('/unsubscribe');
      expect(screen.searchParams.get('token')).toBe(token);
      expect(screen.searchParams.get('topic')).toBe('replies');
      expect(await preferencesOf(app, ada.headers)).toEqual(DEFAULTS);

      const [member, topic, mac] = token.split('.') as [string, string, string];
      const flipped = `${mac.slice(0, -2)}${mac.at(-2) === 'A' ? 'B' : 'A'}${mac.at(-1)}`;
      const forged = [
        `${member}.${topic}.${flipped}`,
        `${bob.user.id}.${topic}.${mac}`,
        `${member}.digest.${mac}`,
        `${member}.everything.${mac}`,
        `${member}.${topic}`,
        'x'.repeat(200),
        '',
      ];
      for (const bad of forged) {
        const response = await oneClick(
          app,
          new URL(`${link.origin}${link.pathname}?token=${encodeURIComponent(bad)}`),
        );
        expect(response.statusCode, bad).toBe(422);
        // A GET of such a link still only opens the screen, naming nothing.
        const get = await app.inject({
          url: `${link.pathname}?token=${encodeURIComponent(bad)}`,
        });
        if (bad !== '' && bad.length <= 128) {
          expect(new URL(get.headers.location ?? '', SITE).searchParams.get('topic')).toBeNull();
        }
      }
      for (const body of ['', 'List-Unsubscribe=Yes', 'Unsubscribe=One-Click']) {
        expect((await oneClick(app, link, body)).statusCode, body).toBe(422);
      }
      expect(await preferencesOf(app, ada.headers)).toEqual(DEFAULTS);

      const asMultipart = multipart({ 'List-Unsubscribe': 'One-Click' });
      // A multipart body cut off before its closing boundary: a client error, not a 500.
      const cut = await app.inject({
        method: 'POST',
        url: `${link.pathname}${link.search}`,
        headers: asMultipart.headers,
        payload: asMultipart.payload.subarray(0, asMultipart.payload.length - 10),
      });
      expect(cut.statusCode, cut.body).toBeGreaterThanOrEqual(400);
      expect(cut.statusCode, cut.body).toBeLessThan(500);
      expect(await preferencesOf(app, ada.headers)).toEqual(DEFAULTS);
      const byMultipart = await app.inject({
        method: 'POST',
        url: `${link.pathname}${link.search}`,
        headers: asMultipart.headers,
        payload: asMultipart.payload,
      });
      expect(byMultipart.statusCode, byMultipart.body).toBe(200);
      expect((await preferencesOf(app, ada.headers)).kinds.replies.email).toBe('never');
      const byJson = await app.inject({
        method: 'POST',
        url: `${link.pathname}${link.search}`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ 'List-Unsubscribe': 'One-Click' }),
      });
      expect(byJson.statusCode, byJson.body).toBe(200);
      expect(byJson.json()).toEqual({ topic: 'replies' });
    });

    it('a member writing in Chinese gets Chinese email', async () => {
      const testApp = await db.buildApp({ env: mailEnv(sink) });
      const { app } = testApp;
      const ada = await verifiedMember(app, sink, 'zh-CN');
      const bob = await signedInUser(app);
      const postId = await uploadPost(app, ada.headers, { title: '蛋白质折叠' });
      const mail = await replyEmailed(testApp, ada, bob, postId);
      expect(mail.headers.get('content-language')).toBe('zh-CN');
      expect(mail.subject).toBe(`${bob.username} 在《蛋白质折叠》中回复了你的评论`);
      expect(mail.text).toContain('退订此类邮件');
      expect(mail.html).toContain('<html lang="zh-CN">');
    });
  });
});
