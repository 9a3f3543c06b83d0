import type { AddressInfo } from 'node:net';
import { MESSAGES } from '@symposia/shared';
import { ResourceOwnerPassword } from 'simple-oauth2';
import { expect, it } from 'vitest';
import { describeEachDatabase, registerUser } from '../../../test/helpers.js';

// A standard OAuth2 client library, speaking to the server over real HTTP, proves the token
// endpoint follows RFC 6749 rather than only our own tests' idea of it.
describeEachDatabase('a third-party OAuth2 client', (db) => {
  async function listening() {
    const testApp = await db.buildApp();
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = testApp.app.server.address() as AddressInfo;
    const baseUrl = `http://127.0.0.1:${port}`;
    const client = new ResourceOwnerPassword({
      client: { id: 'symposia-web', secret: 'unused' },
      auth: { tokenHost: baseUrl, tokenPath: '/api/v1/auth/token' },
    });
    return { ...testApp, baseUrl, client };
  }

  it('obtains a token with the password grant and uses it on /auth/me', async () => {
    const { app, baseUrl, client } = await listening();
    const { username, password, user } = await registerUser(app);

    const accessToken = await client.getToken({ username, password, scope: '' });

    expect(accessToken.token.token_type).toBe('bearer');
    expect(accessToken.expired()).toBe(false);
    const me = await fetch(`${baseUrl}/api/v1/auth/me`, {
      headers: { authorization: `Bearer ${String(accessToken.token.access_token)}` },
    });
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual(user);
  });

  it('receives an RFC 6749 error for a wrong password', async () => {
    const { app, client } = await listening();
    const { username } = await registerUser(app);

    const failure = await client.getToken({ username, password: 'wrong password', scope: '' }).then(
      () => undefined,
      (error: unknown) => error,
    );

    expect(failure).toMatchObject({
      output: { statusCode: 400 },
      data: {
        payload: {
          error: 'invalid_grant',
          error_description: MESSAGES.invalidCredentials,
          detail: MESSAGES.invalidCredentials,
        },
      },
    });
  });
});
