import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachDatabase, signedInUser } from '../../test/helpers.js';

describeEachDatabase('sessions table', (db) => {
  it('stores an access token only as its SHA-256 digest', async () => {
    const { app } = await db.buildApp();
    const { user, headers } = await signedInUser(app);
    const token = headers.authorization.slice('Bearer '.length);

    const rows = await app.db.selectFrom('sessions').select(['user_id', 'token_hash']).execute();

    expect(rows).toEqual([
      { user_id: user.id, token_hash: createHash('sha256').update(token).digest('hex') },
    ]);
  });

  it('forgets ended sessions of a member when the member signs in again', async () => {
    const { app, clock } = await db.buildApp({ env: { ACCESS_TOKEN_TTL_SECONDS: '60' } });
    const { username, password, headers } = await signedInUser(app);
    await app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers });
    await signedInUser(app, { username: `${username}x`.slice(0, 20) });
    clock.advance(30);
    const stillValid = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'password', username, password }).toString(),
    });
    expect(stillValid.statusCode).toBe(200);

    const rows = await app.db.selectFrom('sessions').select(['revoked_at']).execute();
    // The revoked session is gone; the other member's session and the new one remain.
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.revoked_at === null)).toBe(true);
  });
});
