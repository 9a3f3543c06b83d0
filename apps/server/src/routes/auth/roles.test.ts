import type { CurrentUser } from '@symposia/shared';
import { expect, it } from 'vitest';
import { describeEachDatabase, signedInUser, type TestApp } from '../../../test/helpers.js';
import { buildApp } from '../../app.js';

type FastifyInstance = TestApp['app'];

async function roleOf(app: FastifyInstance, headers: Record<string, string>) {
  const response = await app.inject({ method: 'GET', url: '/api/v1/auth/me', headers });
  expect(response.statusCode).toBe(200);
  return response.json<CurrentUser>().role;
}

describeEachDatabase('roles: member by default, moderators from ADMIN_USERNAMES', (db) => {
  it('sets moderators at every start, and takes the role back when a name leaves the list', async () => {
    const first = await db.buildApp();
    const ada = await signedInUser(first.app);
    const bob = await signedInUser(first.app);
    expect(await roleOf(first.app, ada.headers)).toBe('member');
    const registered = await first.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { username: 'newcomer1', password: 'correct horse battery' },
    });
    expect(registered.json<CurrentUser>().role).toBe('member');
    await first.app.close();

    // Names match as logins do: in any letter case.
    const withAda = await buildApp(
      { ...first.config, adminUsernames: [ada.username.toUpperCase(), 'nobody_yet'] },
      { now: first.clock.now },
    );
    try {
      expect(await roleOf(withAda, ada.headers)).toBe('moderator');
      expect(await roleOf(withAda, bob.headers)).toBe('member');
    } finally {
      await withAda.close();
    }

    const withBob = await buildApp(
      { ...first.config, adminUsernames: [bob.username] },
      { now: first.clock.now },
    );
    try {
      expect(await roleOf(withBob, ada.headers)).toBe('member');
      expect(await roleOf(withBob, bob.headers)).toBe('moderator');
    } finally {
      await withBob.close();
    }

    // Unset: the roles stay as the last start left them.
    const unset = await buildApp(
      { ...first.config, adminUsernames: null },
      { now: first.clock.now },
    );
    try {
      expect(await roleOf(unset, bob.headers)).toBe('moderator');
      expect(await roleOf(unset, ada.headers)).toBe('member');
    } finally {
      await unset.close();
    }

    // Set to nothing: no moderators.
    const none = await buildApp({ ...first.config, adminUsernames: [] }, { now: first.clock.now });
    try {
      expect(await roleOf(none, bob.headers)).toBe('member');
    } finally {
      await none.close();
    }
  });
});
