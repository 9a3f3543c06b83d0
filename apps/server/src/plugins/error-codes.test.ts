import { LIST_MAX_LIMIT, MESSAGES, NICKNAME_MAX_LENGTH } from '@symposia/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, form, TEST_PASSWORD, type TestApp } from '../../test/helpers.js';

/**
 * Error bodies name their message's code (and the values filled into it) beside the English
 * text, so a client can show it in its reader's language. The codes are written out here, not
 * computed, so a renamed code or a lost value shows up.
 */
describe('message codes in error bodies', () => {
  let testApp: TestApp | undefined;
  const app = async () => {
    testApp = await buildTestApp('sqlite');
    return testApp.app;
  };
  afterEach(async () => {
    await testApp?.close();
    testApp = undefined;
  });

  it("gives a 404 its message's code", async () => {
    const response = await (await app()).inject({ method: 'GET', url: '/api/v1/media/nothing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      detail: MESSAGES.postNotFoundTitle,
      code: 'postNotFoundTitle',
    });
  });

  it('gives a filled-in message its template and values', async () => {
    const response = await (await app()).inject({ method: 'DELETE', url: '/api/v1/nowhere' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      detail: 'Route DELETE /api/v1/nowhere not found',
      code: 'routeNotFound',
      values: { method: 'DELETE', url: '/api/v1/nowhere' },
    });
  });

  it('answers a multipart body 415 where the route takes none (uploads, avatar, unsubscribe do)', async () => {
    const type = 'multipart/form-data; boundary=x';
    const response = await (
      await app()
    ).inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      headers: { 'content-type': type },
      payload: '--x\r\nContent-Disposition: form-data; name="username"\r\n\r\nada\r\n--x--\r\n',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      detail: MESSAGES.unsupportedMediaType(type),
      code: 'unsupportedMediaType',
      values: { contentType: type },
    });
  });

  it("gives each field error of a 422 its rule's code; the detail's sentence has none", async () => {
    const server = await app();
    const register = await server.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      ...form({
        username: 'ada',
        password: TEST_PASSWORD,
        nickname: 'n'.repeat(NICKNAME_MAX_LENGTH + 1),
      }),
    });
    expect(register.statusCode).toBe(422);
    expect(register.json()).toEqual({
      detail: `nickname: must be at most ${NICKNAME_MAX_LENGTH} characters`,
      errors: [
        {
          field: 'nickname',
          message: `must be at most ${NICKNAME_MAX_LENGTH} characters`,
          code: 'maxLength',
          values: { max: String(NICKNAME_MAX_LENGTH) },
        },
      ],
    });

    const list = await server.inject({
      method: 'GET',
      url: `/api/v1/media/list?skip=half&limit=${LIST_MAX_LIMIT + 1}`,
    });
    expect(list.statusCode).toBe(422);
    expect(list.json().errors).toEqual([
      { field: 'skip', message: 'must be a whole number', code: 'wholeNumber' },
      {
        field: 'limit',
        message: `must be at most ${LIST_MAX_LIMIT}`,
        code: 'atMost',
        values: { max: String(LIST_MAX_LIMIT) },
      },
    ]);
  });
});
