import {
  COMMON_PASSWORDS_REFUSED,
  MESSAGES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '@symposia/shared';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import {
  describeEachDatabase,
  form,
  loginAs,
  requestToken,
  signedInUser,
  errorBody,
  fieldError,
  validationErrorBody,
} from '../../../test/helpers.js';

const CHANGE_PASSWORD = '/api/v1/auth/change_password';
const ME = '/api/v1/auth/me';
const NEW_PASSWORD = 'a new and longer passphrase';

function changePassword(
  app: FastifyInstance,
  headers: { authorization: string } | Record<string, never>,
  fields: Record<string, string>,
) {
  const body = form(fields);
  return app.inject({
    method: 'POST',
    url: CHANGE_PASSWORD,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

const signIn = (app: FastifyInstance, username: string, password: string) =>
  requestToken(app, { grant_type: 'password', username, password });

describeEachDatabase('POST /auth/change_password', (db) => {
  it('changes the password and signs out every other session, not this one', async () => {
    const { app } = await db.buildApp();
    const { username, password, headers } = await signedInUser(app);
    const laptop = await loginAs(app, { username, password });
    const phone = await loginAs(app, { username, password });
    const stranger = await signedInUser(app);

    const response = await changePassword(app, headers, {
      old_password: password,
      new_password: NEW_PASSWORD,
    });

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: 'success', signed_out_sessions: 2 });
    expect((await app.inject({ method: 'GET', url: ME, headers })).statusCode).toBe(200);
    for (const other of [laptop, phone]) {
      const revoked = await app.inject({ method: 'GET', url: ME, headers: other });
      expect(revoked.statusCode).toBe(401);
      expect(revoked.headers['www-authenticate']).toContain('The access token was revoked');
    }
    const unrelated = await app.inject({ method: 'GET', url: ME, headers: stranger.headers });
    expect(unrelated.statusCode).toBe(200);

    expect((await signIn(app, username, password)).statusCode).toBe(400);
    expect((await signIn(app, username, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('accepts JSON too', async () => {
    const { app } = await db.buildApp();
    const { username, password, headers } = await signedInUser(app);
    const response = await app.inject({
      method: 'POST',
      url: CHANGE_PASSWORD,
      headers,
      payload: { old_password: password, new_password: NEW_PASSWORD },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: 'success', signed_out_sessions: 0 });
    expect((await signIn(app, username, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('answers 422 naming old_password when it is wrong, and changes nothing', async () => {
    const { app } = await db.buildApp();
    const { username, password, headers } = await signedInUser(app);
    const other = await loginAs(app, { username, password });

    const response = await changePassword(app, headers, {
      old_password: 'not my password',
      new_password: NEW_PASSWORD,
    });

    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(
      validationErrorBody(`old_password: ${MESSAGES.wrongCurrentPassword}`, [
        { field: 'old_password', message: MESSAGES.wrongCurrentPassword },
      ]),
    );
    expect((await app.inject({ method: 'GET', url: ME, headers: other })).statusCode).toBe(200);
    expect((await signIn(app, username, password)).statusCode).toBe(200);
    expect((await signIn(app, username, NEW_PASSWORD)).statusCode).toBe(400);
  });

  it('counts a wrong old password as a failed sign-in for the account', async () => {
    const { app } = await db.buildApp({
      env: { LOGIN_RATE_LIMIT_ACCOUNT_MAX: '2', LOGIN_RATE_LIMIT_ACCOUNT_WINDOW_SECONDS: '900' },
    });
    const { username, password, headers } = await signedInUser(app);
    const guess = (oldPassword: string) =>
      changePassword(app, headers, { old_password: oldPassword, new_password: NEW_PASSWORD });

    expect((await guess('guess one')).statusCode).toBe(422);
    expect((await guess('guess two')).statusCode).toBe(422);

    const limited = await guess(password);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(errorBody(MESSAGES.tooManyLoginAttempts));
    expect(limited.headers['retry-after']).toBe('900');
    expect((await signIn(app, username, password)).statusCode).toBe(429);
  });

  it('does not count a right old password against the account', async () => {
    const { app } = await db.buildApp({ env: { LOGIN_RATE_LIMIT_ACCOUNT_MAX: '1' } });
    const { username, password, headers } = await signedInUser(app);
    const first = await changePassword(app, headers, {
      old_password: password,
      new_password: NEW_PASSWORD,
    });
    expect(first.statusCode).toBe(200);
    const back = await changePassword(app, headers, {
      old_password: NEW_PASSWORD,
      new_password: password,
    });
    expect(back.statusCode).toBe(200);
    expect((await signIn(app, username, password)).statusCode).toBe(200);
  });

  const common = MESSAGES.commonPassword(COMMON_PASSWORDS_REFUSED);
  it.each([
    ['one of the most common passwords', { new_password: 'iloveyou1' }, 'new_password', common],
    ['a common password in capitals', { new_password: 'PASSWORD123' }, 'new_password', common],
    [
      'a short new password',
      { new_password: 'x'.repeat(PASSWORD_MIN_LENGTH - 1) },
      'new_password',
      `must be at least ${PASSWORD_MIN_LENGTH} characters`,
    ],
    [
      'a new password over the limit',
      { new_password: 'x'.repeat(PASSWORD_MAX_LENGTH + 1) },
      'new_password',
      `must be at most ${PASSWORD_MAX_LENGTH} characters`,
    ],
    [
      'an old password over the limit',
      { old_password: 'x'.repeat(PASSWORD_MAX_LENGTH + 1) },
      'old_password',
      `must be at most ${PASSWORD_MAX_LENGTH} characters`,
    ],
    ['the same password again', { new_password: '' }, 'new_password', MESSAGES.passwordUnchanged],
  ])('refuses %s with 422 and changes nothing', async (_case, change, field, message) => {
    const { app } = await db.buildApp();
    const { username, password, headers } = await signedInUser(app);
    const fields = { old_password: password, new_password: NEW_PASSWORD, ...change };
    if (fields.new_password === '') fields.new_password = password;

    const response = await changePassword(app, headers, fields);

    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(
      validationErrorBody(`${field}: ${message}`, [{ field, message }]),
    );
    expect((await signIn(app, username, password)).statusCode).toBe(200);
  });

  it('names both fields when the body is empty', async () => {
    const { app } = await db.buildApp();
    const { headers } = await signedInUser(app);
    const response = await changePassword(app, headers, {});
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([
      fieldError('old_password', 'old_password is required'),
      fieldError('new_password', 'new_password is required'),
    ]);
  });

  it('answers 401 without a session', async () => {
    const { app } = await db.buildApp();
    const response = await changePassword(app, {}, { old_password: 'a', new_password: 'b' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(errorBody(MESSAGES.notAuthenticated));
  });

  it('is described in the OpenAPI document with its body and answers', async () => {
    const { app } = await db.buildApp();
    const document = (await app.inject({ method: 'GET', url: '/api/v1/docs/json' })).json();
    const operation = document.paths['/api/v1/auth/change_password'].post;
    expect(Object.keys(operation.requestBody.content)).toEqual([
      'application/x-www-form-urlencoded',
      'application/json',
    ]);
    const schema = operation.requestBody.content['application/json'].schema;
    expect(schema.required).toEqual(['old_password', 'new_password']);
    expect(schema.properties.new_password).toMatchObject({
      minLength: PASSWORD_MIN_LENGTH,
      maxLength: PASSWORD_MAX_LENGTH,
    });
    expect(Object.keys(operation.responses).sort()).toEqual(['200', '401', '422', '429']);
    expect(operation.security).toEqual([{ bearerAuth: [] }, { oauth2Password: [] }]);
  });
});
