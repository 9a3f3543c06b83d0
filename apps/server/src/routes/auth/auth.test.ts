import {
  DEFAULT_SETTINGS,
  MAX_LENGTH,
  MESSAGES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USER_DEFAULTS,
  type CurrentUser,
} from '@symposia/shared';
import { expect, it } from 'vitest';
import {
  describeEachDatabase,
  form,
  loginAs,
  registerUser,
  requestToken,
  signedInUser,
  TEST_PASSWORD,
  uniqueUsername,
} from '../../../test/helpers.js';

const REGISTER = '/api/v1/auth/register';
const ME = '/api/v1/auth/me';
const LOGOUT = '/api/v1/auth/logout';

const INVALID_GRANT = {
  error: 'invalid_grant',
  error_description: MESSAGES.invalidCredentials,
  detail: MESSAGES.invalidCredentials,
};

describeEachDatabase('POST /auth/register', (db) => {
  it('creates an account with every field given and answers the current user', async () => {
    const { app } = await db.buildApp();
    const fields = {
      username: 'Ada_Lovelace',
      password: TEST_PASSWORD,
      email: 'ada@example.org',
      phone: '+44 20 7946 0000',
      self_page: 'https://ada.example.org/about',
      bio: 'Wrote the first program.',
      nickname: 'Ada',
      url: 'https://ada.example.org',
      title: 'Countess of Lovelace',
      tags: 'Mathematics, Computing',
      avatar: 'https://ada.example.org/ada.png',
    };
    const response = await app.inject({ method: 'POST', url: REGISTER, ...form(fields) });

    expect(response.statusCode).toBe(201);
    const body = response.json<CurrentUser>();
    expect(body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      _id: body.id,
      username: 'Ada_Lovelace',
      nickname: 'Ada',
      avatar: fields.avatar,
      title: fields.title,
      bio: fields.bio,
      email: fields.email,
      phone: fields.phone,
      url: fields.url,
      tags: fields.tags,
      self_page: fields.self_page,
      settings: DEFAULT_SETTINGS,
      stats: { posts: 0, comments: 0, likes: 0, activity_level: 0 },
      posts: [],
      comments: [],
      likes: [],
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(response.body).not.toContain(TEST_PASSWORD);
    expect(response.body).not.toMatch(/argon2|password/);
  });

  it('fills optional fields left out or empty with the documented defaults', async () => {
    const { app } = await db.buildApp();
    const response = await app.inject({
      method: 'POST',
      url: REGISTER,
      ...form({ username: 'grace', password: TEST_PASSWORD, email: '', bio: '   ' }),
    });

    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      username: 'grace',
      nickname: 'grace',
      email: USER_DEFAULTS.email,
      phone: USER_DEFAULTS.phone,
      self_page: USER_DEFAULTS.self_page,
      bio: USER_DEFAULTS.bio,
      url: USER_DEFAULTS.url,
      title: USER_DEFAULTS.title,
      tags: USER_DEFAULTS.tags,
      avatar: USER_DEFAULTS.avatar,
      settings: DEFAULT_SETTINGS,
    });
  });

  it('accepts a JSON body too', async () => {
    const { app } = await db.buildApp();
    const response = await app.inject({
      method: 'POST',
      url: REGISTER,
      payload: { username: 'jsonuser', password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ username: 'jsonuser' });
  });

  const long = (length: number) => 'a'.repeat(length);
  it.each([
    ['a missing username', { password: TEST_PASSWORD }, 'username', 'username is required'],
    [
      'a username over the limit',
      { username: long(MAX_LENGTH.username + 1), password: TEST_PASSWORD },
      'username',
      `must be at most ${MAX_LENGTH.username} characters`,
    ],
    [
      'a username with a space',
      { username: 'ada lovelace', password: TEST_PASSWORD },
      'username',
      'may contain only letters, digits, "_", "." and "-"',
    ],
    ['a missing password', { username: 'ada' }, 'password', 'password is required'],
    [
      'a short password',
      { username: 'ada', password: long(PASSWORD_MIN_LENGTH - 1) },
      'password',
      `must be at least ${PASSWORD_MIN_LENGTH} characters`,
    ],
    [
      'a long password',
      { username: 'ada', password: long(PASSWORD_MAX_LENGTH + 1) },
      'password',
      `must be at most ${PASSWORD_MAX_LENGTH} characters`,
    ],
    [
      'an invalid email',
      { username: 'ada', password: TEST_PASSWORD, email: 'ada-at-example' },
      'email',
      'must be a valid email address',
    ],
    [
      'an invalid phone',
      { username: 'ada', password: TEST_PASSWORD, phone: 'call me' },
      'phone',
      'must be a phone number',
    ],
    [
      'a bio over the limit',
      { username: 'ada', password: TEST_PASSWORD, bio: long(MAX_LENGTH.bio + 1) },
      'bio',
      `must be at most ${MAX_LENGTH.bio} characters`,
    ],
    [
      'a url that is not http(s)',
      { username: 'ada', password: TEST_PASSWORD, url: 'javascript:alert(1)' },
      'url',
      'must be an http or https URL',
    ],
    [
      'a url over the limit',
      { username: 'ada', password: TEST_PASSWORD, url: `https://${long(MAX_LENGTH.url)}.org` },
      'url',
      `must be at most ${MAX_LENGTH.url} characters`,
    ],
    [
      'a title over the limit',
      { username: 'ada', password: TEST_PASSWORD, title: long(MAX_LENGTH.title + 1) },
      'title',
      `must be at most ${MAX_LENGTH.title} characters`,
    ],
  ])('rejects %s with 422 naming the field', async (_case, fields, field, message) => {
    const { app } = await db.buildApp();
    const response = await app.inject({ method: 'POST', url: REGISTER, ...form(fields) });

    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      detail: `${field}: ${message}`,
      errors: [{ field, message }],
    });
  });

  it('names the missing fields when the body is empty', async () => {
    const { app } = await db.buildApp();
    const response = await app.inject({ method: 'POST', url: REGISTER });

    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      detail: 'username: username is required',
      errors: [
        { field: 'username', message: 'username is required' },
        { field: 'password', message: 'password is required' },
      ],
    });
  });

  it('answers 409 for a taken username, whatever its letter case', async () => {
    const { app } = await db.buildApp();
    await registerUser(app, { username: 'Marie' });

    for (const username of ['Marie', 'marie', 'MARIE']) {
      const response = await app.inject({
        method: 'POST',
        url: REGISTER,
        ...form({ username, password: TEST_PASSWORD }),
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ detail: MESSAGES.usernameTaken });
    }
  });

  it('lets exactly one of two simultaneous registrations of a name succeed', async () => {
    const { app } = await db.buildApp();
    const register = (username: string) =>
      app.inject({ method: 'POST', url: REGISTER, ...form({ username, password: TEST_PASSWORD }) });

    const responses = await Promise.all([register('Racer'), register('racer')]);

    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    const conflict = responses.find((response) => response.statusCode === 409);
    expect(conflict?.json()).toEqual({ detail: MESSAGES.usernameTaken });
  });
});

describeEachDatabase('POST /auth/token', (db) => {
  it('issues a bearer token for the right password, not to be cached', async () => {
    const { app } = await db.buildApp();
    const { username, password } = await registerUser(app);

    const response = await requestToken(app, { grant_type: 'password', username, password });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      access_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      token_type: 'bearer',
      expires_in: 604800,
    });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers.pragma).toBe('no-cache');
  });

  it('issues a different token on each sign-in', async () => {
    const { app } = await db.buildApp();
    const credentials = await registerUser(app);
    const first = await loginAs(app, credentials);
    const second = await loginAs(app, credentials);
    expect(first.authorization).not.toBe(second.authorization);
  });

  it('matches the username in any letter case', async () => {
    const { app } = await db.buildApp();
    await registerUser(app, { username: 'Dorothy' });
    const response = await requestToken(app, {
      grant_type: 'password',
      username: 'DOROTHY',
      password: TEST_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
  });

  it('accepts the placeholder OAuth fields, HTTP Basic client authentication and JSON', async () => {
    const { app } = await db.buildApp();
    const { username, password } = await registerUser(app);

    const withPlaceholders = await requestToken(app, {
      grant_type: 'password',
      username,
      password,
      scope: '',
      client_id: 'symposia-web',
      client_secret: '',
    });
    expect(withPlaceholders.statusCode).toBe(200);

    const withBasic = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/token',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from('symposia-web:secret').toString('base64')}`,
      },
      payload: new URLSearchParams({ grant_type: 'password', username, password }).toString(),
    });
    expect(withBasic.statusCode).toBe(200);

    const withJson = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/token',
      payload: { grant_type: 'password', username, password },
    });
    expect(withJson.statusCode).toBe(200);
  });

  it('answers invalid_grant for a wrong password', async () => {
    const { app } = await db.buildApp();
    const { username } = await registerUser(app);

    const response = await requestToken(app, {
      grant_type: 'password',
      username,
      password: 'not the password',
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(INVALID_GRANT);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers.pragma).toBe('no-cache');
  });

  it('answers an unknown username exactly like a wrong password', async () => {
    const { app } = await db.buildApp();
    const response = await requestToken(app, {
      grant_type: 'password',
      username: 'nobody',
      password: TEST_PASSWORD,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(INVALID_GRANT);
  });

  it('answers unsupported_grant_type for any grant but password', async () => {
    const { app } = await db.buildApp();
    const response = await requestToken(app, { grant_type: 'client_credentials' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'unsupported_grant_type',
      error_description: MESSAGES.unsupportedGrantType,
      detail: MESSAGES.unsupportedGrantType,
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it.each([
    [
      'without grant_type',
      { username: 'ada', password: TEST_PASSWORD },
      MESSAGES.grantTypeRequired,
    ],
    [
      'without a password',
      { grant_type: 'password', username: 'ada' },
      MESSAGES.missingCredentials,
    ],
    ['without a username', { grant_type: 'password', password: 'x' }, MESSAGES.missingCredentials],
  ])('answers invalid_request %s', async (_case, fields, message) => {
    const { app } = await db.buildApp();
    const response = await requestToken(app, fields);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'invalid_request',
      error_description: message,
      detail: message,
    });
  });

  it('answers invalid_request, not 422, for a malformed request', async () => {
    const { app } = await db.buildApp();
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/token',
      ...form({}),
      payload: 'grant_type=password&username=a&username=b&password=x',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'invalid_request' });
    expect(response.json().detail).toMatch(/^username: /);
    expect(response.headers['cache-control']).toBe('no-store');

    const badJson = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/token',
      headers: { 'content-type': 'application/json' },
      payload: '{"grant_type":',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toEqual({
      error: 'invalid_request',
      error_description: MESSAGES.invalidJsonBody,
      detail: MESSAGES.invalidJsonBody,
    });
  });
});

describeEachDatabase('GET /auth/me and POST /auth/logout', (db) => {
  it('answers the signed-in member', async () => {
    const { app } = await db.buildApp();
    const { user, headers } = await signedInUser(app, { nickname: 'Rosalind' });

    const response = await app.inject({ method: 'GET', url: ME, headers });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(user);
    expect(response.json()).toMatchObject({ id: user.id, _id: user.id, nickname: 'Rosalind' });
  });

  it('answers 401 with a Bearer challenge when no token comes', async () => {
    const { app } = await db.buildApp();
    const response = await app.inject({ method: 'GET', url: ME });

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: MESSAGES.notAuthenticated });
    expect(response.headers['www-authenticate']).toBe('Bearer realm="symposia"');
  });

  it('does not take HTTP Basic credentials for a bearer token', async () => {
    const { app } = await db.buildApp();
    const response = await app.inject({
      method: 'GET',
      url: ME,
      headers: { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: MESSAGES.notAuthenticated });
  });

  it.each([
    ['garbage', 'Bearer not-a-token'],
    ['a well-formed unknown token', `Bearer ${'A'.repeat(43)}`],
    ['an empty bearer', 'Bearer '],
  ])('answers 401 invalid_token for %s', async (_case, authorization) => {
    const { app } = await db.buildApp();
    const response = await app.inject({ method: 'GET', url: ME, headers: { authorization } });

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: MESSAGES.sessionExpired });
    expect(response.headers['www-authenticate']).toBe(
      'Bearer realm="symposia", error="invalid_token", error_description="The access token is not valid"',
    );
  });

  it('answers 401 once the token has expired, not before', async () => {
    const { app, clock, config } = await db.buildApp({
      env: { ACCESS_TOKEN_TTL_SECONDS: '3600' },
    });
    const { headers } = await signedInUser(app);

    clock.advance(3599);
    expect((await app.inject({ method: 'GET', url: ME, headers })).statusCode).toBe(200);

    clock.advance(1);
    const response = await app.inject({ method: 'GET', url: ME, headers });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: MESSAGES.sessionExpired });
    expect(response.headers['www-authenticate']).toBe(
      'Bearer realm="symposia", error="invalid_token", error_description="The access token expired"',
    );
    expect(config.accessTokenTtlSeconds).toBe(3600);
  });

  it('revokes the token on logout, and only that token', async () => {
    const { app } = await db.buildApp();
    const { username, password, headers } = await signedInUser(app);
    const otherSession = await loginAs(app, { username, password });

    const logout = await app.inject({ method: 'POST', url: LOGOUT, headers });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ status: 'success' });

    const me = await app.inject({ method: 'GET', url: ME, headers });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({ detail: MESSAGES.sessionExpired });
    expect(me.headers['www-authenticate']).toBe(
      'Bearer realm="symposia", error="invalid_token", error_description="The access token was revoked"',
    );

    const again = await app.inject({ method: 'POST', url: LOGOUT, headers });
    expect(again.statusCode).toBe(401);

    const other = await app.inject({ method: 'GET', url: ME, headers: otherSession });
    expect(other.statusCode).toBe(200);
  });

  it('answers 401 to a logout without a token', async () => {
    const { app } = await db.buildApp();
    const response = await app.inject({ method: 'POST', url: LOGOUT });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: MESSAGES.notAuthenticated });
    expect(response.headers['www-authenticate']).toBe('Bearer realm="symposia"');
  });
});

describeEachDatabase('login rate limiting', (db) => {
  const tooMany = { detail: MESSAGES.tooManyLoginAttempts };

  it('limits all attempts per client address within the window', async () => {
    const { app, clock } = await db.buildApp({
      env: { LOGIN_RATE_LIMIT_IP_MAX: '3', LOGIN_RATE_LIMIT_IP_WINDOW_SECONDS: '60' },
    });
    const { username, password } = await registerUser(app);
    const attempt = (ip: string) =>
      requestToken(app, { grant_type: 'password', username, password }, ip);

    for (let i = 0; i < 3; i += 1) expect((await attempt('10.0.0.1')).statusCode).toBe(200);
    const limited = await attempt('10.0.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(tooMany);
    expect(limited.headers['retry-after']).toBe('60');
    expect(limited.headers['cache-control']).toBe('no-store');

    expect((await attempt('10.0.0.2')).statusCode).toBe(200);

    clock.advance(59);
    expect((await attempt('10.0.0.1')).headers['retry-after']).toBe('1');
    clock.advance(1);
    expect((await attempt('10.0.0.1')).statusCode).toBe(200);
  });

  it('limits failed attempts per account, from any address', async () => {
    const { app } = await db.buildApp({
      env: { LOGIN_RATE_LIMIT_ACCOUNT_MAX: '3', LOGIN_RATE_LIMIT_ACCOUNT_WINDOW_SECONDS: '900' },
    });
    const { username, password } = await registerUser(app);

    for (let i = 0; i < 3; i += 1) {
      const wrong = await requestToken(
        app,
        { grant_type: 'password', username, password: 'wrong password' },
        `10.0.1.${i}`,
      );
      expect(wrong.json()).toEqual(INVALID_GRANT);
    }
    const limited = await requestToken(
      app,
      { grant_type: 'password', username: username.toUpperCase(), password },
      '10.0.2.1',
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(tooMany);
    expect(limited.headers['retry-after']).toBe('900');
  });

  it('holds the real member back at most one window, however often the attacker retries', async () => {
    const { app, clock } = await db.buildApp({
      env: { LOGIN_RATE_LIMIT_ACCOUNT_MAX: '2', LOGIN_RATE_LIMIT_ACCOUNT_WINDOW_SECONDS: '900' },
    });
    const { username, password } = await registerUser(app);
    const guess = () =>
      requestToken(app, { grant_type: 'password', username, password: 'guess' }, '10.9.9.9');

    await guess();
    await guess();
    clock.advance(600);
    // Refused attempts during the lock do not count, so they cannot extend it.
    for (let i = 0; i < 5; i += 1) expect((await guess()).statusCode).toBe(429);

    const locked = await requestToken(app, { grant_type: 'password', username, password });
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe('300');

    clock.advance(300);
    const signedIn = await requestToken(app, { grant_type: 'password', username, password });
    expect(signedIn.statusCode).toBe(200);
  });

  it('does not count successful sign-ins against the account', async () => {
    const { app } = await db.buildApp({
      env: { LOGIN_RATE_LIMIT_ACCOUNT_MAX: '2', LOGIN_RATE_LIMIT_IP_MAX: '100' },
    });
    const { username, password } = await registerUser(app);
    for (let i = 0; i < 5; i += 1) {
      const response = await requestToken(app, { grant_type: 'password', username, password });
      expect(response.statusCode).toBe(200);
    }
  });

  it('counts failures for unknown usernames too, so they are not told apart', async () => {
    const { app } = await db.buildApp({ env: { LOGIN_RATE_LIMIT_ACCOUNT_MAX: '1' } });
    const username = uniqueUsername('ghost');
    const first = await requestToken(app, { grant_type: 'password', username, password: 'x' });
    expect(first.json()).toEqual(INVALID_GRANT);
    const second = await requestToken(app, { grant_type: 'password', username, password: 'x' });
    expect(second.statusCode).toBe(429);
  });
});
