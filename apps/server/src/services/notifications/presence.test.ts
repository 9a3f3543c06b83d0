import { expect, it } from 'vitest';
import { describeEachDatabase, signedInUser } from '../../../test/helpers.js';

describeEachDatabase('presence', (db) => {
  it('writes a member seen at most once a minute (sooner for a new language); the rest needs no promise', async () => {
    const { app, clock } = await db.buildApp();
    const { user } = await signedInUser(app);
    const presence = app.services.notificationPreferences;
    const seenAt = async () =>
      (
        await app.db
          .selectFrom('member_presence')
          .select('last_seen_at')
          .where('user_id', '=', user.id)
          .executeTakeFirst()
      )?.last_seen_at;

    clock.advance(120);
    const first = presence.seen(user.id, null);
    expect(first).toBeInstanceOf(Promise);
    await first;
    const written = await seenAt();
    expect(written).toBe(clock.now().toISOString());

    clock.advance(30);
    expect(presence.seen(user.id, null)).toBeUndefined();
    expect(await seenAt()).toBe(written);

    const newLanguage = presence.seen(user.id, 'zh-CN');
    expect(newLanguage).toBeInstanceOf(Promise);
    await newLanguage;
    clock.advance(61);
    const later = presence.seen(user.id, null);
    expect(later).toBeInstanceOf(Promise);
    await later;
    expect(await seenAt()).toBe(clock.now().toISOString());
  });
});
