import { createHash } from 'node:crypto';
import type { SessionList } from '@symposia/shared';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { describeEachDatabase, registerUser, signedInUser } from '../../../test/helpers.js';

const SESSIONS = '/api/v1/auth/sessions';
const LONG_CACHE = { SESSION_CACHE_TTL_MS: '60000' };
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148';
const LAPTOP = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0';

type Headers = { authorization: string };

/** Signs in with this User-Agent from this address; returns the header to send and the token. */
async function signIn(
  app: FastifyInstance,
  member: { username: string; password: string },
  userAgent: string,
  address: string,
): Promise<{ headers: Headers; token: string }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/token',
    remoteAddress: address,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': userAgent },
    payload: new URLSearchParams({ grant_type: 'password', ...member }).toString(),
  });
  expect(response.statusCode, response.body).toBe(200);
  const token = response.json<{ access_token: string }>().access_token;
  return { headers: { authorization: `Bearer ${token}` }, token };
}

const list = (app: FastifyInstance, headers?: Headers) =>
  app.inject({ method: 'GET', url: SESSIONS, ...(headers && { headers }) });
const end = (app: FastifyInstance, id: string, headers?: Headers) =>
  app.inject({ method: 'DELETE', url: `${SESSIONS}/${id}`, ...(headers && { headers }) });
const endOthers = (app: FastifyInstance, headers?: Headers) =>
  app.inject({ method: 'POST', url: `${SESSIONS}/revoke_others`, ...(headers && { headers }) });
const me = (app: FastifyInstance, headers: Headers) =>
  app.inject({ method: 'GET', url: '/api/v1/auth/me', headers });

describeEachDatabase('a member’s sessions', (db) => {
  it('lists the live sessions with device, address and times, never a token', async () => {
    const { app, clock } = await db.buildApp({ env: LONG_CACHE });
    const member = await registerUser(app);
    const phone = await signIn(app, member, PHONE, '198.51.100.7');
    clock.advance(10);
    const laptop = await signIn(app, member, LAPTOP, '203.0.113.9');
    // An ended session is not listed.
    const ended = await signIn(app, member, 'curl/8.0', '192.0.2.1');
    await app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: ended.headers });
    // Another member's session is not listed.
    await signedInUser(app);

    const response = await list(app, laptop.headers);
    expect(response.statusCode, response.body).toBe(200);
    const { sessions } = response.json<SessionList>();
    expect(
      sessions.map(({ user_agent, ip_address, current }) => ({ user_agent, ip_address, current })),
    ).toEqual([
      { user_agent: LAPTOP, ip_address: '203.0.113.9', current: true },
      { user_agent: PHONE, ip_address: '198.51.100.7', current: false },
    ]);
    const [latest] = sessions;
    expect(latest?.last_used_at).toBe(clock.now().toISOString());
    expect(Date.parse(latest?.created_at ?? '')).toBeLessThanOrEqual(clock.now().getTime());
    expect(Date.parse(latest?.expires_at ?? '')).toBeGreaterThan(clock.now().getTime());
    // Neither the tokens nor their digests appear anywhere in the answer; ids are not tokens.
    for (const { token } of [phone, laptop]) {
      expect(response.body).not.toContain(token);
      expect(response.body).not.toContain(createHash('sha256').update(token).digest('hex'));
    }
    const stored = await app.db.selectFrom('sessions').select('token_hash').execute();
    for (const { token_hash: hash } of stored) expect(response.body).not.toContain(hash);
  });

  it('keeps only the first SESSION_USER_AGENT_MAX_LENGTH characters of a User-Agent', async () => {
    const { app } = await db.buildApp();
    const member = await registerUser(app);
    const { headers } = await signIn(app, member, `X${'y'.repeat(2000)}`, '198.51.100.7');
    const [session] = (await list(app, headers)).json<SessionList>().sessions;
    expect(session?.user_agent).toHaveLength(512);
  });

  it('answers 401 to all three without a sign-in', async () => {
    const { app } = await db.buildApp();
    const { headers } = await signedInUser(app);
    const [own] = (await list(app, headers)).json<SessionList>().sessions;
    expect((await list(app)).statusCode).toBe(401);
    expect((await end(app, own?.id ?? 'x')).statusCode).toBe(401);
    expect((await endOthers(app)).statusCode).toBe(401);
    expect((await me(app, headers)).statusCode).toBe(200);
  });

  it('ends one session by id: that token is refused at once, the others go on', async () => {
    const { app } = await db.buildApp({ env: LONG_CACHE });
    const member = await registerUser(app);
    const phone = await signIn(app, member, PHONE, '198.51.100.7');
    const laptop = await signIn(app, member, LAPTOP, '203.0.113.9');
    // Both lookups are cached: the end must reach the cache, not wait for it.
    expect((await me(app, phone.headers)).statusCode).toBe(200);
    const phoneId = (await list(app, laptop.headers))
      .json<SessionList>()
      .sessions.find((session) => !session.current)?.id;
    expect(phoneId).toBeDefined();

    const ended = await end(app, phoneId ?? '', laptop.headers);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toEqual({ status: 'success' });
    expect((await me(app, phone.headers)).statusCode).toBe(401);
    expect((await me(app, laptop.headers)).statusCode).toBe(200);
    // Already ended: nothing to end.
    expect((await end(app, phoneId ?? '', laptop.headers)).statusCode).toBe(404);
  });

  it('answers 404 for another member’s session, which goes on, and for an unknown id', async () => {
    const { app } = await db.buildApp({ env: LONG_CACHE });
    const victim = await signedInUser(app);
    const attacker = await signedInUser(app);
    const [victimSession] = (await list(app, victim.headers)).json<SessionList>().sessions;
    const refused = await end(app, victimSession?.id ?? '', attacker.headers);
    expect(refused.statusCode, refused.body).toBe(404);
    expect(refused.json()).toMatchObject({ detail: 'Session not found' });
    expect((await me(app, victim.headers)).statusCode).toBe(200);
    expect(
      (await end(app, '00000000-0000-4000-8000-000000000000', attacker.headers)).statusCode,
    ).toBe(404);
    // A token is no session id.
    const token = victim.headers.authorization.slice('Bearer '.length);
    expect((await end(app, token, attacker.headers)).statusCode).toBe(404);
    expect((await end(app, token, victim.headers)).statusCode).toBe(404);
    expect((await me(app, victim.headers)).statusCode).toBe(200);
    expect((await end(app, 'x'.repeat(65), attacker.headers)).statusCode).toBe(422);
  });

  it('ends the current session too, which signs this client out', async () => {
    const { app } = await db.buildApp({ env: LONG_CACHE });
    const { headers } = await signedInUser(app);
    const [own] = (await list(app, headers)).json<SessionList>().sessions;
    expect((await end(app, own?.id ?? '', headers)).statusCode).toBe(200);
    expect((await me(app, headers)).statusCode).toBe(401);
  });

  it('signs out everywhere else and keeps the calling session', async () => {
    const { app } = await db.buildApp({ env: LONG_CACHE });
    const member = await registerUser(app);
    const others = [
      await signIn(app, member, PHONE, '198.51.100.7'),
      await signIn(app, member, LAPTOP, '203.0.113.9'),
    ];
    const current = await signIn(app, member, 'Tablet', '192.0.2.4');
    const bystander = await signedInUser(app);
    for (const other of others) expect((await me(app, other.headers)).statusCode).toBe(200);

    const response = await endOthers(app, current.headers);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: 'success', signed_out_sessions: 2 });
    for (const other of others) expect((await me(app, other.headers)).statusCode).toBe(401);
    expect((await me(app, current.headers)).statusCode).toBe(200);
    expect((await me(app, bystander.headers)).statusCode).toBe(200);
    const { sessions } = (await list(app, current.headers)).json<SessionList>();
    expect(sessions.map((session) => session.current)).toEqual([true]);
    // Nothing else to end.
    expect((await endOthers(app, current.headers)).json()).toEqual({
      status: 'success',
      signed_out_sessions: 0,
    });
  });

  it('records the last use at most once per resolution, not on every request', async () => {
    const { app, clock } = await db.buildApp({
      env: { SESSION_CACHE_TTL_MS: '0', SESSION_IDLE_TIMEOUT_SECONDS: '3600' },
    });
    const member = await registerUser(app);
    const { headers } = await signIn(app, member, PHONE, '198.51.100.7');
    const lastUsed = async () =>
      (await app.db.selectFrom('sessions').select('last_used_at').executeTakeFirstOrThrow())
        .last_used_at;
    expect((await me(app, headers)).statusCode).toBe(200);
    const first = await lastUsed();
    expect(first).toBe(clock.now().toISOString());
    for (let second = 0; second < 5; second += 1) {
      clock.advance(10);
      expect((await me(app, headers)).statusCode).toBe(200);
    }
    expect(await lastUsed()).toBe(first);
    clock.advance(300);
    expect((await me(app, headers)).statusCode).toBe(200);
    expect(await lastUsed()).toBe(clock.now().toISOString());
  });
});
