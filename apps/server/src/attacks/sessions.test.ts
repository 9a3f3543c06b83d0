import { expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { BusEvent } from '../services/notifications/notification-bus.js';
import {
  describeEachDatabase,
  describePostgres,
  form,
  loginAs,
  registerUser,
  requestToken,
  signedInUser,
  TEST_PASSWORD,
} from '../../test/helpers.js';

/**
 * Sessions that a race leaves working. A sign-in reads the password hash, spends tens of
 * milliseconds checking it, then writes its session: a password change or a suspension in that
 * window must not leave a token that works. And a process that looks a session up while another
 * process ends it must not keep the session it read, whatever order the read and the message take.
 * Each race is interposed deterministically with the session service's test-only pauses
 * (SessionRaceHooks): the change happens exactly inside the window.
 */

// Longer than any test: a lookup dropped from the cache was dropped by a signal, not by time.
const LONG_CACHE = { SESSION_CACHE_TTL_MS: '60000' };
const NEW_PASSWORD = 'a new and longer passphrase';

/** Holds the first call after `arm()` until `release()`; `reached` resolves when it arrives. */
function pauseOnce() {
  let armed = false;
  let reach!: () => void;
  let release!: () => void;
  const reached = new Promise<void>((resolve) => (reach = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  return {
    arm: () => {
      armed = true;
    },
    hook: async () => {
      if (!armed) return;
      armed = false;
      reach();
      await released;
    },
    reached,
    release,
  };
}

/** A built app (this folder does not import Fastify itself). */
type FastifyInstance = Awaited<ReturnType<typeof buildApp>>;

const me = (app: FastifyInstance, headers: { authorization: string }) =>
  app.inject({ method: 'GET', url: '/api/v1/auth/me', headers });

/** The sign-in's answer and, when it issued a token, what that token's next request gets. */
async function outcomeOf(
  app: FastifyInstance,
  signIn: Promise<{ statusCode: number; body: string }>,
) {
  const answer = await signIn;
  if (answer.statusCode !== 200) return { signIn: answer.statusCode, tokenUse: null };
  const token = (JSON.parse(answer.body) as { access_token: string }).access_token;
  const use = await me(app, { authorization: `Bearer ${token}` });
  return { signIn: answer.statusCode, tokenUse: use.statusCode };
}

describeEachDatabase('sign-ins raced against credential changes', (db) => {
  it('a sign-in whose password check overlaps a password change leaves no working token', async () => {
    const pause = pauseOnce();
    const { app } = await db.buildApp({
      env: LONG_CACHE,
      sessionHooks: { afterPasswordCheck: pause.hook },
    });
    const { username, headers } = await signedInUser(app);

    pause.arm();
    // The old password is right when its hash is read and checked…
    const signIn = requestToken(app, { grant_type: 'password', username, password: TEST_PASSWORD });
    await pause.reached;
    // …and replaced before the sign-in writes its session.
    const change = form({ old_password: TEST_PASSWORD, new_password: NEW_PASSWORD });
    const changed = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/change_password',
      headers: { ...headers, ...change.headers },
      payload: change.payload,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    pause.release();

    const outcome = await outcomeOf(app, signIn);
    console.log(
      `[attack ${db.dialect}] sign-in raced a password change: ${JSON.stringify(outcome)}`,
    );
    // Either no token, or a token refused: never a session opened with the old password.
    expect(outcome.tokenUse === null || outcome.tokenUse === 401).toBe(true);
    expect(outcome).toEqual({ signIn: 400, tokenUse: null });
    // The session that changed the password goes on, and the new password signs in.
    expect((await me(app, headers)).statusCode).toBe(200);
    await loginAs(app, { username, password: NEW_PASSWORD });
  });

  it('a sign-in whose password check overlaps a suspension leaves no working token', async () => {
    const first = await db.buildApp({ env: LONG_CACHE });
    const author = await registerUser(first.app);
    const reporter = await registerUser(first.app);
    const moderator = await registerUser(first.app);
    await first.app.close();
    // ADMIN_USERNAMES takes effect at start-up: the moderator is named on a second app.
    const pause = pauseOnce();
    const app = await buildApp(
      { ...first.config, adminUsernames: [moderator.username] },
      { now: first.clock.now, sessionHooks: { afterPasswordCheck: pause.hook } },
    );
    try {
      const reporterHeaders = await loginAs(app, reporter);
      const moderatorHeaders = await loginAs(app, moderator);
      const reported = await app.inject({
        method: 'POST',
        url: '/api/v1/reports',
        headers: reporterHeaders,
        payload: { target_type: 'user', target_id: author.user.id, reason: 'spam' },
      });
      expect(reported.statusCode, reported.body).toBe(201);
      const reportId = reported.json<{ id: string }>().id;

      pause.arm();
      const signIn = requestToken(app, {
        grant_type: 'password',
        username: author.username,
        password: author.password,
      });
      await pause.reached;
      const suspended = await app.inject({
        method: 'POST',
        url: `/api/v1/moderation/reports/${reportId}/resolve`,
        headers: moderatorHeaders,
        payload: { action: 'suspend', note: 'Spammer', suspend_days: 7 },
      });
      expect(suspended.statusCode, suspended.body).toBe(200);
      pause.release();

      const outcome = await outcomeOf(app, signIn);
      console.log(`[attack ${db.dialect}] sign-in raced a suspension: ${JSON.stringify(outcome)}`);
      expect(outcome.tokenUse === null || outcome.tokenUse === 401).toBe(true);
      // A sign-in after the suspension learns of it (403), as before.
      const after = await requestToken(app, {
        grant_type: 'password',
        username: author.username,
        password: author.password,
      });
      expect(after.statusCode, after.body).toBe(403);
    } finally {
      await app.close();
    }
  });

  it('a suspension refuses the member’s next request even with a warm session cache', async () => {
    const first = await db.buildApp({ env: LONG_CACHE });
    const author = await registerUser(first.app);
    const reporter = await registerUser(first.app);
    const moderator = await registerUser(first.app);
    await first.app.close();
    const app = await buildApp(
      { ...first.config, adminUsernames: [moderator.username] },
      { now: first.clock.now },
    );
    try {
      const authorHeaders = await loginAs(app, author);
      const reporterHeaders = await loginAs(app, reporter);
      const moderatorHeaders = await loginAs(app, moderator);
      // Warm: the author's lookup is cached.
      expect((await me(app, authorHeaders)).statusCode).toBe(200);
      expect((await me(app, authorHeaders)).statusCode).toBe(200);
      const reported = await app.inject({
        method: 'POST',
        url: '/api/v1/reports',
        headers: reporterHeaders,
        payload: { target_type: 'user', target_id: author.user.id, reason: 'spam' },
      });
      const reportId = reported.json<{ id: string }>().id;
      const suspended = await app.inject({
        method: 'POST',
        url: `/api/v1/moderation/reports/${reportId}/resolve`,
        headers: moderatorHeaders,
        payload: { action: 'suspend', note: 'Spammer', suspend_days: 7 },
      });
      expect(suspended.statusCode, suspended.body).toBe(200);
      expect((await me(app, authorHeaders)).statusCode).toBe(401);
      expect((await me(app, reporterHeaders)).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('a session whose account was suspended behind the services’ back is refused', async () => {
    // As a session written by a sign-in the suspension's revocation did not see would be: not
    // revoked, and the account suspended. The suspension is checked on every lookup.
    const { app, clock } = await db.buildApp({ env: { SESSION_CACHE_TTL_MS: '0' } });
    const { user, headers } = await signedInUser(app);
    expect((await me(app, headers)).statusCode).toBe(200);
    await app.db
      .updateTable('users')
      .set({ suspended_until: new Date(clock.now().getTime() + 60_000).toISOString() })
      .where('id', '=', user.id)
      .execute();
    expect((await me(app, headers)).statusCode).toBe(401);
    // Once the suspension is over the session works again (it was never revoked).
    clock.advance(61);
    expect((await me(app, headers)).statusCode).toBe(200);
  });
});

describePostgres('a sign-out during another process’s session read', (db) => {
  it('the other process does not keep the session it read', async () => {
    const first = await db.buildApp({ env: LONG_CACHE });
    const pause = pauseOnce();
    // A second server process on the same database: the bus relays between them (NOTIFY).
    const second = await buildApp(first.config, {
      now: first.clock.now,
      sessionHooks: { afterSessionRead: pause.hook },
    });
    try {
      const { user, headers } = await signedInUser(first.app);
      // The second process has never seen this member: its first lookup reads the database.
      pause.arm();
      const inFlight = me(second, headers);
      await pause.reached;
      // While the second process holds the live session it read, the first ends it, and the
      // second process's bus hears so before the read goes on.
      const heard = new Promise<BusEvent>((resolve) => {
        const stop = second.notificationBus.subscribe(user.id, (event) => {
          stop();
          resolve(event);
        });
      });
      const logout = await first.app.inject({
        method: 'POST',
        url: '/api/v1/auth/logout',
        headers,
      });
      expect(logout.statusCode, logout.body).toBe(200);
      expect((await heard).kind).toBe('sessions-ended');
      pause.release();
      const during = await inFlight;
      const next = await me(second, headers);
      console.log(
        `[attack postgres] sign-out during another process's read: that request ` +
          `${during.statusCode}, the next ${next.statusCode}`,
      );
      expect(next.statusCode).toBe(401);
    } finally {
      await second.close();
    }
  });
});
