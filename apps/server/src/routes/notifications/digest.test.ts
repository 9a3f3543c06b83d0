import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { nextDigestSlot } from '../../domain/notification-email.js';
import {
  describeEachDatabase,
  loginAs,
  signedInUser,
  TEST_PASSWORD,
  uploadPost,
  type TestApp,
} from '../../../test/helpers.js';
import {
  changePreferences,
  digestsOf,
  jobsIdle,
  mailEnv,
  notificationMailsArrived,
  notificationMailsTo,
  preferencesOf,
  rawHeader,
  SITE,
  unsubscribeLinkOf,
  verifiedMember,
} from '../../../test/notification-emails.js';
import { like, postComment } from '../../../test/notifications.js';
import { ONE_TRUSTED_REVIEW, REVIEW } from '../../../test/reviews.js';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.js';
import { anotherApp } from '../../../test/two-apps.js';
import { published } from '../../../test/worker.js';

/**
 * Issue 30: the weekly digest through a real SMTP server (smtp-server, mailparser): who gets it
 * (away the whole period, verified, the digest on), its sections in order, nothing when there is
 * nothing new, and one per member per period however many workers run it.
 */

let sink: SmtpSink;
beforeEach(async () => {
  sink = await startSmtpSink();
});
afterEach(async () => {
  await sink.close();
});

const WEEK_SECONDS = 7 * 24 * 60 * 60;
/** DIGEST_* as configured (the defaults: Monday 08:00 UTC, every 7 days). */
const SCHEDULE = { day: 1, hour: 8, periodDays: 7 };

/**
 * Moves the clock to the next Wednesday, 12:00 UTC, before anyone signs in: the next digest slot is
 * then 4 days and 20 hours away, so a session made now still works an hour into the period
 * (ACCESS_TOKEN_TTL_SECONDS: a week). From a Monday just past 08:00 the slot was a week away and
 * the tests' members were signed out in the middle of them.
 */
function startOnAWednesday(testApp: TestApp) {
  const now = testApp.clock.now();
  const wednesday = new Date(now);
  wednesday.setUTCHours(12, 0, 0, 0);
  wednesday.setUTCDate(wednesday.getUTCDate() + ((3 - wednesday.getUTCDay() + 7) % 7));
  if (wednesday <= now) wednesday.setUTCDate(wednesday.getUTCDate() + 7);
  testApp.clock.advance((wednesday.getTime() - now.getTime()) / 1000);
}

/**
 * The members registered now are seen now; the first digest period they can be away for the
 * whole of starts at the next scheduled time and ends a week later. Moves the clock into it.
 */
function enterNextPeriod(testApp: TestApp) {
  const start = nextDigestSlot(testApp.clock.now(), SCHEDULE);
  const end = new Date(start.getTime() + WEEK_SECONDS * 1000);
  testApp.clock.advance((start.getTime() - testApp.clock.now().getTime()) / 1000 + 3600);
  return { start, end: end.toISOString() };
}

/** The digest jobs other than the one a worker's first look may queue for a past period. */
async function digestJobs(testApp: TestApp) {
  return testApp.app.db
    .selectFrom('jobs')
    .select('subject_id')
    .where('kind', '=', 'send-digest')
    .where('subject_id', '>', testApp.clock.now().toISOString())
    .execute();
}

async function follow(app: FastifyInstance, headers: object, type: string, target: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/follows',
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify({ type, target }),
  });
  expect(response.statusCode, response.body).toBe(201);
}

describeEachDatabase('the weekly digest', (db) => {
  it('goes to members away the whole week: followed posts, then the community’s, then unread notifications; never twice; not to the seen, the unverified or those who turned it off', async () => {
    const testApp = await db.buildApp({ env: mailEnv(sink, ONE_TRUSTED_REVIEW) });
    startOnAWednesday(testApp);
    const { app, clock } = testApp;
    const ada = await verifiedMember(app, sink);
    const bob = await verifiedMember(app, sink);
    const dee = await verifiedMember(app, sink);
    const eve = await verifiedMember(app, sink);
    const cy = await signedInUser(app);
    const frank = await signedInUser(app);
    const gil = await signedInUser(app);
    await follow(app, ada.headers, 'tag', 'proteins');
    await changePreferences(app, eve.headers, (preferences) => {
      preferences.digest = false;
    });
    const folding = await uploadPost(app, cy.headers, { title: 'Folding', tags: 'proteins' });
    const notes = await uploadPost(app, gil.headers, { title: 'Community notes' });
    const adas = await uploadPost(app, ada.headers, { title: 'Ada’s notes' });
    const quiet = await uploadPost(app, gil.headers, { title: 'Nobody comments' });
    for (const id of [folding, notes, adas, quiet]) await published(app, id, cy.headers);

    const period = enterNextPeriod(testApp);
    await postComment(app, frank.headers, { postId: folding, content: 'One' });
    await postComment(app, frank.headers, { postId: folding, content: 'Two' });
    await postComment(app, frank.headers, { postId: notes, content: 'Three' });
    const review = await app.inject({
      method: 'POST',
      url: `/api/v1/media/${notes}/reviews`,
      headers: frank.headers,
      payload: REVIEW,
    });
    expect(review.statusCode, review.body).toBe(201);
    await like(app, frank.headers, { postId: adas });
    // Dee looks in during the week: not away.
    clock.advance(24 * 3600);
    expect((await app.inject({ url: '/api/v1/auth/me', headers: dee.headers })).statusCode).toBe(
      200,
    );

    // The period's time comes; the workers' clock queues its job (as their minute look does).
    clock.advance((Date.parse(period.end) - clock.now().getTime()) / 1000 + 60);
    await digestsOf(testApp).tick();
    const [forAda] = await notificationMailsArrived(sink, ada.email);
    const [forBob] = await notificationMailsArrived(sink, bob.email);
    await jobsIdle(testApp);

    expect(forAda!.subject).toBe('Your weekly digest from Symposia');
    const text = forAda!.text ?? '';
    const followed = text.indexOf('From the authors and tags you follow');
    const community = text.indexOf('Across the community');
    const unread = text.indexOf('Your unread notifications');
    expect(followed).toBeGreaterThan(-1);
    expect(community).toBeGreaterThan(followed);
    expect(unread).toBeGreaterThan(community);
    expect(text.slice(followed, community)).toContain(`Folding — ${cy.username} (2 new comments)`);
    expect(text.slice(followed, community)).toContain(`${SITE}/forum/detail/${folding}`);
    expect(text.slice(community, unread)).toContain(
      `Community notes — ${gil.username} (1 new comment · newly validated)`,
    );
    // Shown once: a followed post is not the community's again; a post nobody discussed is not.
    expect(text.slice(community, unread)).not.toContain('Folding');
    expect(text).not.toContain('Nobody comments');
    expect(text.slice(unread)).toContain(`${frank.username} liked your post “Ada’s notes”`);
    expect(unsubscribeLinkOf(forAda!).searchParams.get('token')).toContain('.digest.');
    expect(rawHeader(forAda!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');

    // Bob follows nothing and was told nothing: the community's posts alone.
    const bobText = forBob!.text ?? '';
    expect(bobText).not.toContain('From the authors and tags you follow');
    expect(bobText).not.toContain('Your unread notifications');
    expect(bobText).toContain(`Folding — ${cy.username}`);
    expect(bobText).toContain(`Community notes — ${gil.username}`);

    expect(notificationMailsTo(sink, dee.email)).toEqual([]);
    expect(notificationMailsTo(sink, eve.email)).toEqual([]);

    // The like it listed is emailed: no later email brings it again.
    const liked = await app.db
      .selectFrom('notifications')
      .select('emailed_at')
      .where('user_id', '=', ada.id)
      .where('type', '=', 'like')
      .executeTakeFirstOrThrow();
    expect(liked.emailed_at).not.toBeNull();

    // Run again (a restart, a retry): nobody gets a second one.
    expect(await digestsOf(testApp).send(period.end)).toBe(0);
    await jobsIdle(testApp);
    expect(notificationMailsTo(sink, ada.email)).toHaveLength(1);
    expect(notificationMailsTo(sink, bob.email)).toHaveLength(1);

    // Its one-click link turns the digest off.
    const link = unsubscribeLinkOf(forBob!);
    const done = await app.inject({
      method: 'POST',
      url: `${link.pathname}${link.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.json()).toEqual({ topic: 'digest' });
    // A week on, bob's session is over: he signs in again to look.
    const again = await loginAs(app, { username: bob.username, password: TEST_PASSWORD });
    expect((await preferencesOf(app, again)).digest).toBe(false);
  });

  it('sends nothing when nothing is new, though its job ran', async () => {
    const testApp = await db.buildApp({ env: mailEnv(sink) });
    startOnAWednesday(testApp);
    const { app, clock } = testApp;
    const ada = await verifiedMember(app, sink);
    const period = enterNextPeriod(testApp);
    // Before the period ends the clock queues no job for it; once it has, the period's job.
    await digestsOf(testApp).tick();
    expect(await digestJobs(testApp)).toEqual([]);
    clock.advance((Date.parse(period.end) - clock.now().getTime()) / 1000 + 60);
    await digestsOf(testApp).tick();
    await jobsIdle(testApp);
    const job = await app.db
      .selectFrom('jobs')
      .select('status')
      .where('kind', '=', 'send-digest')
      .where('subject_id', '=', period.end)
      .executeTakeFirstOrThrow();
    expect(job.status).toBe('done');
    expect(notificationMailsTo(sink, ada.email)).toEqual([]);
    const queued = await app.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('template', '=', 'notification-digest')
      .execute();
    expect(queued).toEqual([]);
  });

  it('workers running one period at once queue exactly one digest per member', async () => {
    const testApp = await db.buildApp({ env: mailEnv(sink) });
    startOnAWednesday(testApp);
    const { app } = testApp;
    const members = [];
    for (let i = 0; i < 4; i += 1) members.push(await verifiedMember(app, sink));
    const author = await signedInUser(app);
    const postId = await uploadPost(app, author.headers, { title: 'Much discussed' });
    await published(app, postId, author.headers);
    const period = enterNextPeriod(testApp);
    await postComment(app, author.headers, { postId, content: 'A first comment' });
    testApp.clock.advance(WEEK_SECONDS);

    // On PostgreSQL a second server process on the same database; on SQLite, whose one writer
    // is a process's single connection, the runs share it (two processes in one test would wait
    // on each other's lock in one thread).
    const other =
      db.dialect === 'postgres'
        ? await anotherApp(testApp, {
            processing: { ...testApp.config.processing, workerConcurrency: 0 },
          })
        : null;
    try {
      const runs = await Promise.all([
        digestsOf(testApp).send(period.end),
        digestsOf(testApp, other?.app.db).send(period.end),
        digestsOf(testApp).send(period.end),
      ]);
      const rows = await app.db
        .selectFrom('mail_outbox')
        .select('user_id')
        .where('template', '=', 'notification-digest')
        .execute();
      // The first app's own worker may take the period's job meanwhile: whoever queues them, each
      // member has one.
      expect(runs.reduce((sum, count) => sum + count, 0)).toBeLessThanOrEqual(members.length);
      expect(rows.map((row) => row.user_id).sort()).toEqual(members.map((m) => m.id).sort());
    } finally {
      await other?.close();
    }
  });
});
