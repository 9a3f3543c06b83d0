import {
  storedLanguage,
  NOTIFICATION_EMAIL_CHOICES,
  NOTIFICATION_KINDS,
  type Language,
  type NotificationEmailChoice,
  type NotificationKind,
  type NotificationPreferences as PreferencesBody,
  type UnsubscribeTopic,
} from '@symposia/shared';
import type { AppDatabase } from '../db/index.js';
import {
  bellChanges,
  defaultEmailChoices,
  type StoredPreferences,
} from '../domain/notification-preferences.js';
import { bellSwitchesOf, setBellSwitches } from './notification-repository.js';
import type { Executor } from './database.js';

export type NotificationPreferencesRepository = ReturnType<
  typeof createNotificationPreferencesRepository
>;

const isKind = (value: string): value is NotificationKind =>
  (NOTIFICATION_KINDS as readonly string[]).includes(value);
const isChoice = (value: string): value is NotificationEmailChoice =>
  (NOTIFICATION_EMAIL_CHOICES as readonly string[]).includes(value);

async function storedPreferences(db: Executor, userId: string): Promise<StoredPreferences> {
  const [bell, emailRows, digest] = await Promise.all([
    bellSwitchesOf(db, userId),
    db
      .selectFrom('notification_email_preferences')
      .select(['kind', 'email'])
      .where('user_id', '=', userId)
      .execute(),
    db
      .selectFrom('notification_digests')
      .select('enabled')
      .where('user_id', '=', userId)
      .executeTakeFirst(),
  ]);
  const email = defaultEmailChoices();
  for (const row of emailRows) {
    if (isKind(row.kind) && isChoice(row.email)) email[row.kind] = row.email;
  }
  return { bell, email, digest: digest === undefined || Number(digest.enabled) !== 0 };
}

async function setDigest(db: Executor, userId: string, enabled: boolean): Promise<void> {
  await db
    .insertInto('notification_digests')
    .values({ user_id: userId, enabled: enabled ? 1 : 0 })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ enabled: enabled ? 1 : 0 }))
    .execute();
}

async function setEmail(
  db: Executor,
  userId: string,
  choices: Partial<Record<NotificationKind, NotificationEmailChoice>>,
): Promise<void> {
  const rows = Object.entries(choices).map(([kind, email]) => ({ user_id: userId, kind, email }));
  if (rows.length === 0) return;
  await db
    .insertInto('notification_email_preferences')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['user_id', 'kind']).doUpdateSet((eb) => ({ email: eb.ref('excluded.email') })),
    )
    .execute();
}

/**
 * A member's notification preferences as a whole (issue 30) — the bell's switches per type
 * (shared with notification-repository.ts), email per kind, the digest — one-click unsubscribe,
 * and when members were last seen on the site (member_presence).
 */
export function createNotificationPreferencesRepository(db: AppDatabase) {
  return {
    async preferences(userId: string): Promise<StoredPreferences> {
      return storedPreferences(db, userId);
    },

    /**
     * Writes the preferences as a whole, in one transaction: email per kind, the digest, and the
     * bell switches of the kinds whose `in_app` changed (domain/notification-preferences.ts).
     */
    async save(userId: string, wanted: PreferencesBody): Promise<StoredPreferences> {
      return db.transaction().execute(async (trx) => {
        await setBellSwitches(
          trx,
          userId,
          bellChanges(await bellSwitchesOf(trx, userId), wanted.kinds),
        );
        await setEmail(
          trx,
          userId,
          Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, wanted.kinds[kind].email])),
        );
        await setDigest(trx, userId, wanted.digest);
        return storedPreferences(trx, userId);
      });
    },

    /**
     * One-click unsubscribe: the kind's email to `never`, or the digest off. False when the
     * member is gone.
     */
    async turnOff(userId: string, topic: UnsubscribeTopic): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const member = await trx
          .selectFrom('users')
          .select('id')
          .where('id', '=', userId)
          .executeTakeFirst();
        if (!member) return false;
        if (topic === 'digest') await setDigest(trx, userId, false);
        else await setEmail(trx, userId, { [topic]: 'never' });
        return true;
      });
    },

    /**
     * The member was seen on the site at `at` (in `language`, when the request said): the time
     * only moves forward, so a late write never hides a later one.
     */
    async markSeen(userId: string, at: string, language: Language | null): Promise<void> {
      await db
        .insertInto('member_presence')
        .values({ user_id: userId, last_seen_at: at, language: language ?? 'en' })
        .onConflict((oc) =>
          oc
            .column('user_id')
            .doUpdateSet((eb) => ({
              last_seen_at: eb.ref('excluded.last_seen_at'),
              ...(language !== null && { language: eb.ref('excluded.language') }),
            }))
            .where('member_presence.last_seen_at', '<', at),
        )
        .execute();
    },

    /** When the member was last seen, and in which language; null: not since this was kept. */
    async presence(userId: string): Promise<{ lastSeenAt: string; language: Language } | null> {
      const row = await db
        .selectFrom('member_presence')
        .select(['last_seen_at', 'language'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!row) return null;
      return {
        lastSeenAt: row.last_seen_at,
        language: storedLanguage(row.language),
      };
    },
  };
}
