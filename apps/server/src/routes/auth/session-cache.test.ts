import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { BusEvent } from '../../services/notifications/notification-bus.js';
import { withCommunity } from '../../../test/community.js';
import {
  describeEachDatabase,
  describePostgres,
  form,
  loginAs,
  signedInUser,
  TEST_PASSWORD,
} from '../../../test/helpers.js';

const ME = '/api/v1/auth/me';
// Longer than any test: whatever answers 401 below was dropped from the cache, not timed out.
const LONG_CACHE = { SESSION_CACHE_TTL_MS: '60000' };

const me = (app: FastifyInstance, headers: { authorization: string }) =>
  app.inject({ method: 'GET', url: ME, headers });

async function statusOf(app: FastifyInstance, headers: { authorization: string }) {
  return (await me(app, headers)).statusCode;
}

describeEachDatabase('session lookup cache', (db) => {
  it('reuses a lookup until SESSION_CACHE_TTL_MS, then reads the session again', async () => {
    const { app, clock } = await db.buildApp({ env: { SESSION_CACHE_TTL_MS: '5000' } });
    const { user, headers } = await signedInUser(app);
    expect(await statusOf(app, headers)).toBe(200);
    // Revoked behind the services' back (as a lost message would leave it): the cache still answers.
    await app.db
      .updateTable('sessions')
      .set({ revoked_at: clock.now().toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    expect(await statusOf(app, headers)).toBe(200);
    clock.advance(5);
    expect(await statusOf(app, headers)).toBe(401);
  });

  it('SESSION_CACHE_TTL_MS=0 reads the session on every request', async () => {
    const { app, clock } = await db.buildApp({ env: { SESSION_CACHE_TTL_MS: '0' } });
    const { user, headers } = await signedInUser(app);
    expect(await statusOf(app, headers)).toBe(200);
    await app.db
      .updateTable('sessions')
      .set({ revoked_at: clock.now().toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    expect(await statusOf(app, headers)).toBe(401);
  });

  it('a token signed out answers 401 on the very next request', async () => {
    const { app } = await db.buildApp({ env: LONG_CACHE });
    const { headers } = await signedInUser(app);
    expect(await statusOf(app, headers)).toBe(200);
    const logout = await app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers });
    expect(logout.statusCode, logout.body).toBeLessThan(300);
    expect(await statusOf(app, headers)).toBe(401);
  });

  it('a password change ends the other sessions at once and keeps the calling one', async () => {
    const { app } = await db.buildApp({ env: LONG_CACHE });
    const { username, password, headers } = await signedInUser(app);
    const phone = await loginAs(app, { username, password });
    expect(await statusOf(app, phone)).toBe(200);
    const body = form({ old_password: TEST_PASSWORD, new_password: 'a new and longer passphrase' });
    const changed = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/change_password',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await statusOf(app, phone)).toBe(401);
    expect(await statusOf(app, headers)).toBe(200);
  });

  it('a suspension ends the member’s sessions at once', async () => {
    await withCommunity(
      db,
      async ({ app, author, member, reported, resolve }) => {
        expect(await statusOf(app, author.headers)).toBe(200);
        const reportId = await reported(member, { target_type: 'user', target_id: author.user.id });
        const suspended = await resolve(reportId, {
          action: 'suspend',
          note: 'Spammer',
          suspend_days: 7,
        });
        expect(suspended.statusCode, suspended.body).toBe(200);
        expect(await statusOf(app, author.headers)).toBe(401);
        expect(await statusOf(app, member.headers)).toBe(200);
      },
      LONG_CACHE,
    );
  });

  it('a member’s own change shows in their next answer', async () => {
    const { app } = await db.buildApp({ env: LONG_CACHE });
    const { user, headers } = await signedInUser(app);
    expect(await statusOf(app, headers)).toBe(200);
    const body = form({ user_id: user.id, nickname: 'Countess' });
    const modified = await app.inject({
      method: 'POST',
      url: '/api/v1/modify/modify_profile',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(modified.statusCode, modified.body).toBe(200);
    expect((await me(app, headers)).json<{ nickname: string }>().nickname).toBe('Countess');
  });

  it('records the last use from cached lookups as from the database', async () => {
    const { app, clock } = await db.buildApp({
      env: { ...LONG_CACHE, SESSION_IDLE_TIMEOUT_SECONDS: '60' },
    });
    const { user, headers } = await signedInUser(app);
    const lastUsed = async () =>
      (
        await app.db
          .selectFrom('sessions')
          .select('last_used_at')
          .where('user_id', '=', user.id)
          .executeTakeFirstOrThrow()
      ).last_used_at;
    expect(await statusOf(app, headers)).toBe(200);
    // A tenth of the idle timeout later (the recording resolution): recorded from the cache.
    clock.advance(10);
    expect(await statusOf(app, headers)).toBe(200);
    const recorded = clock.now().toISOString();
    expect(await lastUsed()).toBe(recorded);
    // Within the resolution of that use: the cached session knows it was just recorded.
    clock.advance(3);
    expect(await statusOf(app, headers)).toBe(200);
    expect(await lastUsed()).toBe(recorded);
    // Idle for the whole timeout: expired.
    clock.advance(60);
    expect(await statusOf(app, headers)).toBe(401);
  });

  it('answers a kept session without a promise, and still refuses it once ended or idle', async () => {
    const { app, clock } = await db.buildApp({
      env: { ...LONG_CACHE, SESSION_IDLE_TIMEOUT_SECONDS: '60' },
    });
    const { headers } = await signedInUser(app);
    const token = headers.authorization.replace(/^Bearer /, '');
    const sessions = app.services.sessions;
    // The first use reads the session and records it: that waits for the database.
    expect(sessions.authenticate(token)).toBeInstanceOf(Promise);
    expect(await sessions.authenticate(token)).toMatchObject({ ok: true });
    // Kept, its use just recorded: answered on the spot (every signed-in request passes here).
    const kept = sessions.authenticate(token);
    expect(kept).not.toBeInstanceOf(Promise);
    expect(kept).toMatchObject({ ok: true });
    // Its use is due to be recorded again: that write is waited for, as before.
    clock.advance(10);
    expect(sessions.authenticate(token)).toBeInstanceOf(Promise);
    clock.advance(61);
    expect(await sessions.authenticate(token)).toEqual({ ok: false, reason: 'expired' });
    expect(await statusOf(app, headers)).toBe(401);
  });
});

describePostgres('session lookup cache across processes', (db) => {
  it('a sign-out through server A answers 401 on server B’s next request', async () => {
    const first = await db.buildApp({ env: LONG_CACHE });
    const second = await buildApp(first.config, { now: first.clock.now });
    try {
      const { user, headers } = await signedInUser(first.app);
      expect(await statusOf(second, headers)).toBe(200);
      // B hears the message on its bus (after its cache, which subscribed first).
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
      expect(logout.statusCode, logout.body).toBeLessThan(300);
      expect((await heard).kind).toBe('sessions-ended');
      expect(await statusOf(second, headers)).toBe(401);
    } finally {
      await second.close();
    }
  });
});
