import {
  COMMON_PASSWORDS_REFUSED,
  DEFAULT_SETTINGS,
  MAX_LENGTH,
  MESSAGES,
  NICKNAME_MAX_LENGTH,
  OAUTH_FIELD_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  SELF_PAGE_MAX_LENGTH,
  TAGS_MAX_LENGTH,
  USER_DEFAULTS,
  type CurrentUser,
} from '@symposia/shared';
import { expect, it } from 'vitest';
import {
  describeEachDatabase,
  form,
  loginAs,
  multipart,
  PNG_1X1,
  registerUser,
  requestToken,
  signedInUser,
  TEST_PASSWORD,
  uniqueUsername,
  errorBody,
  validationErrorBody,
} from '../../../test/helpers.js';

const REGISTER = '/api/v1/auth/register';
const ME = '/api/v1/auth/me';
const LOGOUT = '/api/v1/auth/logout';

const COMMON_PASSWORD = MESSAGES.commonPassword(COMMON_PASSWORDS_REFUSED);

/** A registration that passes every rule, with a fresh name. */
const valid = () => ({ username: uniqueUsername(), password: TEST_PASSWORD });

const INVALID_GRANT = {
  error: 'invalid_grant',
  error_description: MESSAGES.invalidCredentials,
  ...errorBody(MESSAGES.invalidCredentials),
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
      avatar: '/ipfs/bafkreifzjut3te2nhyekklss27nh3k72ysco7y32koao5eei66wof36n5e',
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
      stats: { posts: 0, comments: 0, likes: 0, activity_level: 0, tokens_earned: '0' },
      posts: [],
      comments: [],
      likes: [],
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      // Issue 14: every new account is a member (ADMIN_USERNAMES makes moderators).
      role: 'member',
      // Issue 28: a new account's trust level is 0, new (never the score).
      trust_level: 0,
      // Issue 30: an address is verified only through the link sent to it.
      email_verified: false,
      // Issue 30: no ORCID iD linked; a password to sign in with.
      orcid: null,
      orcid_url: null,
      orcid_only: false,
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
    [
      // One character, but 18 under NFKC, spaces among them.
      'a username of U+FDFA',
      { username: '\uFDFA', password: TEST_PASSWORD },
      'username',
      'may contain only letters, digits, "_", "." and "-"',
    ],
    [
      'a username within the limit that is over it after NFKC',
      { username: '\uFDFA\uFDFA', password: TEST_PASSWORD },
      'username',
      `must be at most ${MAX_LENGTH.username} characters`,
    ],
    [
      'a password over 256 characters',
      { username: 'ada', password: long(257) },
      'password',
      'must be at most 256 characters',
    ],
    [
      'one of the most common passwords',
      { username: 'ada', password: 'password123' },
      'password',
      COMMON_PASSWORD,
    ],
    [
      'a common password in other letter case',
      { username: 'ada', password: 'QwertyUIOP' },
      'password',
      COMMON_PASSWORD,
    ],
    [
      'an avatar on another host',
      { username: 'ada', password: TEST_PASSWORD, avatar: 'http://evil.example/ipfs/x.png' },
      'avatar',
      MESSAGES.avatarNotUploaded,
    ],
    [
      'a javascript: avatar',
      { username: 'ada', password: TEST_PASSWORD, avatar: 'javascript:alert(1)' },
      'avatar',
      MESSAGES.avatarNotUploaded,
    ],
    [
      'a data: avatar',
      { username: 'ada', password: TEST_PASSWORD, avatar: 'data:image/png;base64,iVBORw0KGgo=' },
      'avatar',
      MESSAGES.avatarNotUploaded,
    ],
    [
      'an /ipfs/ avatar that is not a CID',
      { username: 'ada', password: TEST_PASSWORD, avatar: '/ipfs/../../etc/passwd' },
      'avatar',
      MESSAGES.avatarNotUploaded,
    ],
    [
      'a nickname over the limit',
      { username: 'ada', password: TEST_PASSWORD, nickname: long(NICKNAME_MAX_LENGTH + 1) },
      'nickname',
      `must be at most ${NICKNAME_MAX_LENGTH} characters`,
    ],
    [
      'tags over the limit',
      { username: 'ada', password: TEST_PASSWORD, tags: long(TAGS_MAX_LENGTH + 1) },
      'tags',
      `must be at most ${TAGS_MAX_LENGTH} characters`,
    ],
    [
      'a self_page over the limit',
      { username: 'ada', password: TEST_PASSWORD, self_page: long(SELF_PAGE_MAX_LENGTH + 1) },
      'self_page',
      `must be at most ${SELF_PAGE_MAX_LENGTH} characters`,
    ],
  ])('rejects %s with 422 naming the field', async (_case, fields, field, message) => {
    const { app } = await db.buildApp();
    const response = await app.inject({ method: 'POST', url: REGISTER, ...form(fields) });

    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(
      validationErrorBody(`${field}: ${message}`, [{ field, message }]),
    );
  });

  it('accepts a password of 256 characters, and it signs in', async () => {
    const { app } = await db.buildApp();
    const password = `${TEST_PASSWORD} `.repeat(12).slice(0, PASSWORD_MAX_LENGTH);
    expect(password).toHaveLength(256);
    const { username } = await registerUser(app, { password });
    const response = await requestToken(app, { grant_type: 'password', username, password });
    expect(response.statusCode).toBe(200);
  });

  it('accepts as avatar what the avatar upload produced', async () => {
    const { app } = await db.buildApp();
    const { user, headers } = await signedInUser(app);
    const body = multipart({ user_id: user.id }, [
      { field: 'new_avatar', name: 'me.png', content: PNG_1X1, type: 'image/png' },
    ]);
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/v1/modify/modify_avatar',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const avatar = uploaded.json<CurrentUser>().avatar;

    const { user: second } = await registerUser(app, { avatar });
    expect(second.avatar).toBe(avatar);
  });

  it('refuses invalid input before counting it against the address', async () => {
    const { app } = await db.buildApp({ env: { REGISTER_RATE_LIMIT_MAX: '1' } });
    const attempts: Record<string, string>[] = [
      { username: '\uFDFA'.repeat(20), password: TEST_PASSWORD },
      { username: 'a'.repeat(100_000), password: TEST_PASSWORD },
      { username: 'ada', password: 'x'.repeat(100_000) },
      { username: 'ada', password: 'password123' },
      { username: 'ada', password: TEST_PASSWORD, avatar: 'javascript:alert(1)' },
    ];
    for (const fields of attempts) {
      const response = await app.inject({ method: 'POST', url: REGISTER, ...form(fields) });
      expect(response.statusCode).toBe(422);
    }
    expect((await app.inject({ method: 'POST', url: REGISTER, ...form(valid()) })).statusCode).toBe(
      201,
    );
  });

  it('names the missing fields when the body is empty', async () => {
    const { app } = await db.buildApp();
    const response = await app.inject({ method: 'POST', url: REGISTER });

    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(
      validationErrorBody('username: username is required', [
        { field: 'username', message: 'username is required' },
        { field: 'password', message: 'password is required' },
      ]),
    );
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
      expect(response.json()).toEqual(errorBody(MESSAGES.usernameTaken));
    }
  });

  it('lets exactly one of two simultaneous registrations of a name succeed', async () => {
    const { app } = await db.buildApp();
    const register = (username: string) =>
      app.inject({ method: 'POST', url: REGISTER, ...form({ username, password: TEST_PASSWORD }) });

    const responses = await Promise.all([register('Racer'), register('racer')]);

    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    const conflict = responses.find((response) => response.statusCode === 409);
    expect(conflict?.json()).toEqual(errorBody(MESSAGES.usernameTaken));
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
      ...errorBody(MESSAGES.unsupportedGrantType),
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
      ...errorBody(message),
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
      ...errorBody(MESSAGES.invalidJsonBody),
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
    expect(response.json()).toEqual(errorBody(MESSAGES.notAuthenticated));
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
    expect(response.json()).toEqual(errorBody(MESSAGES.notAuthenticated));
  });

  it.each([
    ['garbage', 'Bearer not-a-token'],
    ['a well-formed unknown token', `Bearer ${'A'.repeat(43)}`],
    ['an empty bearer', 'Bearer '],
  ])('answers 401 invalid_token for %s', async (_case, authorization) => {
    const { app } = await db.buildApp();
    const response = await app.inject({ method: 'GET', url: ME, headers: { authorization } });

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(errorBody(MESSAGES.sessionExpired));
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
    expect(response.json()).toEqual(errorBody(MESSAGES.sessionExpired));
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
    expect(me.json()).toEqual(errorBody(MESSAGES.sessionExpired));
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
    expect(response.json()).toEqual(errorBody(MESSAGES.notAuthenticated));
    expect(response.headers['www-authenticate']).toBe('Bearer realm="symposia"');
  });
});

describeEachDatabase('login rate limiting', (db) => {
  const tooMany = errorBody(MESSAGES.tooManyLoginAttempts);

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

describeEachDatabase('POST /auth/token bounds every field before any work', (db) => {
  const long = (length: number) => 'a'.repeat(length);
  const tooLong = (max: number) => `must be at most ${max} characters`;

  it.each([
    ['username', long(MAX_LENGTH.username + 1), MAX_LENGTH.username],
    // Two characters as sent, 36 after NFKC.
    ['username', '\uFDFA\uFDFA', MAX_LENGTH.username],
    ['password', long(PASSWORD_MAX_LENGTH + 1), PASSWORD_MAX_LENGTH],
    ['grant_type', long(OAUTH_FIELD_MAX_LENGTH.grant_type + 1), OAUTH_FIELD_MAX_LENGTH.grant_type],
    ['scope', long(OAUTH_FIELD_MAX_LENGTH.scope + 1), OAUTH_FIELD_MAX_LENGTH.scope],
    ['client_id', long(OAUTH_FIELD_MAX_LENGTH.client_id + 1), OAUTH_FIELD_MAX_LENGTH.client_id],
    [
      'client_secret',
      long(OAUTH_FIELD_MAX_LENGTH.client_secret + 1),
      OAUTH_FIELD_MAX_LENGTH.client_secret,
    ],
  ])('answers 422 naming %s when it is too long', async (field, value, max) => {
    const { app } = await db.buildApp();
    const fields = { grant_type: 'password', username: 'ada', password: TEST_PASSWORD };
    const response = await requestToken(app, { ...fields, [field]: value });

    expect(response.statusCode).toBe(422);
    const detail = `${field}: ${tooLong(max)}`;
    expect(response.json()).toEqual({
      error: 'invalid_request',
      error_description: detail,
      ...validationErrorBody(detail, [{ field, message: tooLong(max) }]),
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('counts no oversized attempt against the address or the account', async () => {
    const { app } = await db.buildApp({
      env: { LOGIN_RATE_LIMIT_IP_MAX: '1', LOGIN_RATE_LIMIT_ACCOUNT_MAX: '1' },
    });
    const { username, password } = await registerUser(app);
    // The attack: names that NFKC expands, each one different.
    for (let index = 2; index <= 31; index += 1) {
      const response = await requestToken(app, {
        grant_type: 'password',
        username: `${'\uFDFA'.repeat(index)}${index}`,
        password: 'guess',
      });
      expect(response.statusCode).toBe(422);
    }
    for (let index = 0; index < 5; index += 1) {
      const response = await requestToken(app, {
        grant_type: 'password',
        username,
        password: 'x'.repeat(100_000),
      });
      expect(response.statusCode).toBe(422);
    }
    const signedIn = await requestToken(app, { grant_type: 'password', username, password });
    expect(signedIn.statusCode).toBe(200);
  });
});

describeEachDatabase('login rate limiting under concurrency', (db) => {
  it('lets at most LOGIN_RATE_LIMIT_ACCOUNT_MAX of 40 parallel wrong passwords be checked', async () => {
    const { app, config } = await db.buildApp();
    const { username, password } = await registerUser(app);

    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        requestToken(
          app,
          { grant_type: 'password', username, password: `wrong password ${index}` },
          `10.20.${Math.floor(index / 10)}.${index % 10}`,
        ),
      ),
    );

    const statuses = responses.map((response) => response.statusCode);
    const checked = responses.filter((response) => response.statusCode === 400);
    expect(checked).toHaveLength(config.loginRateLimit.accountMax);
    for (const response of checked) expect(response.json()).toEqual(INVALID_GRANT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(
      40 - config.loginRateLimit.accountMax,
    );
    // The account is now held back, for the right password too.
    const locked = await requestToken(app, { grant_type: 'password', username, password });
    expect(locked.statusCode).toBe(429);
  });

  it('gives the slot back when the password was right, also among wrong ones', async () => {
    const { app } = await db.buildApp({ env: { LOGIN_RATE_LIMIT_ACCOUNT_MAX: '2' } });
    const { username, password } = await registerUser(app);
    const attempt = (guess: string) =>
      requestToken(app, { grant_type: 'password', username, password: guess });

    expect((await attempt('wrong one')).statusCode).toBe(400);
    // Each takes the one free slot while its password is checked, then gives it back.
    for (let index = 0; index < 5; index += 1)
      expect((await attempt(password)).statusCode).toBe(200);
    expect((await attempt('wrong two')).statusCode).toBe(400);
    expect((await attempt(password)).statusCode).toBe(429);
  });
});

describeEachDatabase('per-address limits group IPv6 clients by /64', (db) => {
  it('counts sign-ins from one /64 together, and an IPv4-mapped address as IPv4', async () => {
    const { app } = await db.buildApp({ env: { LOGIN_RATE_LIMIT_IP_MAX: '2' } });
    const { username, password } = await registerUser(app);
    const attempt = (ip: string) =>
      requestToken(app, { grant_type: 'password', username, password }, ip);

    expect((await attempt('2001:db8:1:2::1')).statusCode).toBe(200);
    expect((await attempt('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).statusCode).toBe(200);
    expect((await attempt('2001:db8:1:2::ffff')).statusCode).toBe(429);
    expect((await attempt('2001:db8:1:3::1')).statusCode).toBe(200);

    expect((await attempt('192.0.2.7')).statusCode).toBe(200);
    expect((await attempt('::ffff:192.0.2.7')).statusCode).toBe(200);
    expect((await attempt('192.0.2.7')).statusCode).toBe(429);
  });
});

describeEachDatabase('registration rate limiting', (db) => {
  const register = (app: Parameters<typeof registerUser>[0], ip: string, fields = valid()) =>
    app.inject({ method: 'POST', url: REGISTER, remoteAddress: ip, ...form(fields) });

  it('limits registrations per client address, with Retry-After', async () => {
    const { app, clock } = await db.buildApp({
      env: { REGISTER_RATE_LIMIT_MAX: '2', REGISTER_RATE_LIMIT_WINDOW_SECONDS: '3600' },
    });
    const taken = valid();
    expect((await register(app, '10.3.0.1', taken)).statusCode).toBe(201);
    // A taken name counts too: an address cannot probe names faster than it can register.
    expect((await register(app, '10.3.0.1', taken)).statusCode).toBe(409);

    const limited = await register(app, '10.3.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(errorBody(MESSAGES.tooManyRegistrations));
    expect(limited.headers['retry-after']).toBe('3600');

    expect((await register(app, '10.3.0.2')).statusCode).toBe(201);

    clock.advance(3599);
    expect((await register(app, '10.3.0.1')).headers['retry-after']).toBe('1');
    clock.advance(1);
    expect((await register(app, '10.3.0.1')).statusCode).toBe(201);
  });

  it('counts one IPv6 /64 as one address', async () => {
    const { app } = await db.buildApp({ env: { REGISTER_RATE_LIMIT_MAX: '2' } });
    expect((await register(app, '2001:db8:5:6::1')).statusCode).toBe(201);
    expect((await register(app, '2001:db8:5:6::2')).statusCode).toBe(201);
    expect((await register(app, '2001:db8:5:6:ffff:ffff:ffff:ffff')).statusCode).toBe(429);
    expect((await register(app, '2001:db8:5:7::1')).statusCode).toBe(201);
  });

  it('allows 10 registrations per address per hour by default', async () => {
    const { app, config } = await db.buildApp({ env: { REGISTER_RATE_LIMIT_MAX: '' } });
    expect(config.registerRateLimit).toEqual({ max: 10, windowSeconds: 3600 });
    for (let index = 0; index < 10; index += 1) {
      expect((await register(app, '10.4.0.1')).statusCode).toBe(201);
    }
    expect((await register(app, '10.4.0.1')).statusCode).toBe(429);
  });
});

describeEachDatabase('idle sessions', (db) => {
  it('ends a session unused for SESSION_IDLE_TIMEOUT_SECONDS, not one in use', async () => {
    const { app, clock } = await db.buildApp({
      env: { SESSION_IDLE_TIMEOUT_SECONDS: '3600', ACCESS_TOKEN_TTL_SECONDS: '604800' },
    });
    const { headers } = await signedInUser(app);
    const me = () => app.inject({ method: 'GET', url: ME, headers });

    clock.advance(3599);
    expect((await me()).statusCode).toBe(200);
    clock.advance(3599);
    expect((await me()).statusCode).toBe(200);

    clock.advance(3600);
    const idle = await me();
    expect(idle.statusCode).toBe(401);
    expect(idle.json()).toEqual(errorBody(MESSAGES.sessionExpired));
    expect(idle.headers['www-authenticate']).toBe(
      'Bearer realm="symposia", error="invalid_token", error_description="The access token expired"',
    );
  });

  it('keeps sessions for 30 days of idleness by default, when tokens live that long', async () => {
    const { app, clock, config } = await db.buildApp({
      env: { ACCESS_TOKEN_TTL_SECONDS: '31536000' },
    });
    expect(config.sessionIdleTimeoutSeconds).toBe(2_592_000);
    const { headers } = await signedInUser(app);

    clock.advance(2_592_000 - 1);
    expect((await app.inject({ method: 'GET', url: ME, headers })).statusCode).toBe(200);
    clock.advance(2_592_000);
    expect((await app.inject({ method: 'GET', url: ME, headers })).statusCode).toBe(401);
  });
});
