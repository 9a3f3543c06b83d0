import { expect, it } from 'vitest';
import { describeEachDatabase, signedInUser } from '../../test/helpers.js';
import { precompiled } from './precompiled.js';

describeEachDatabase('precompiled queries', (db) => {
  it('compile once and answer each call with its own values', async () => {
    const { app } = await db.buildApp();
    const ada = await signedInUser(app);
    const bob = await signedInUser(app);
    const byName = precompiled((username: string, id: string) =>
      app.db
        .selectFrom('users')
        .select(['id', 'username'])
        .where('username', '=', username)
        .where('id', '=', id),
    );
    const compiled = byName(ada.username, ada.user.id);
    expect((await app.db.executeQuery(compiled)).rows).toEqual([
      { id: ada.user.id, username: ada.username },
    ]);
    const again = byName(bob.username, bob.user.id);
    expect(again.sql).toBe(compiled.sql);
    expect((await app.db.executeQuery(again)).rows).toEqual([
      { id: bob.user.id, username: bob.username },
    ]);
    expect((await app.db.executeQuery(byName(ada.username, bob.user.id))).rows).toEqual([]);
  });

  it('refuse a value the query does not take as it is', async () => {
    const { app } = await db.buildApp();
    const prefixed = precompiled((name: string) =>
      app.db.selectFrom('users').select('id').where('username', 'like', `${name}%`),
    );
    expect(() => prefixed('ada')).toThrow(/value 0 is not a parameter/);
  });
});
