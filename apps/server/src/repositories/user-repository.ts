import { sql } from 'kysely';
import type { AppDatabase, DatabaseSchema } from '../db/index.js';
import type { NewMail } from '../domain/mail.js';
import { userRoleSchema, type UserRole, type UserSettings } from '@symposia/shared';
import { profileFields, type User } from '../domain/user.js';
import type { Executor } from './database.js';
import { insertUnique } from './errors.js';
import { queueMail } from './mail-repository.js';
import { rewriteAuthorSearch } from './post-search.js';
import { revokeSessionsBut } from './session-writes.js';

type UserRow = DatabaseSchema['users'];
/** A users row as read: the role is always there once written (its default is `member`). */
type ReadUserRow = Omit<
  UserRow,
  | 'password_hash'
  | 'username_lower'
  | 'role'
  | 'suspended_until'
  | 'credential_version'
  | 'email_verified_at'
  | 'orcid'
> & {
  role: string;
  orcid: string | null;
  /** 1 unless the account has no password (made by signing in with ORCID); never the hash. */
  has_password: number | string;
};

/** Profile fields a member may change; `usernameLower` goes with a new `username`. */
export type UserChanges = Partial<
  Pick<
    User,
    | 'username'
    | 'nickname'
    | 'title'
    | 'bio'
    | 'url'
    | 'tags'
    | 'email'
    | 'phone'
    | 'avatar'
    | 'selfPage'
  >
> & { usernameLower?: string; settings?: Partial<UserSettings> };

export interface UserCredentials {
  id: string;
  passwordHash: string;
  /** No sign-in before this time (a moderator's suspension); null when not suspended. */
  suspendedUntil: string | null;
  /**
   * Moves on every password change and suspension: a sign-in writes its session only under the
   * version it read with the hash (session-repository.ts `insert`).
   */
  credentialVersion: number;
}

const CREDENTIAL_COLUMNS = [
  'id',
  'password_hash',
  'suspended_until',
  'credential_version',
] as const;

function toCredentials(row: {
  id: string;
  password_hash: string;
  suspended_until: string | null;
  credential_version: number;
}): UserCredentials {
  return {
    id: row.id,
    passwordHash: row.password_hash,
    suspendedUntil: row.suspended_until,
    credentialVersion: Number(row.credential_version),
  };
}

/**
 * Replaces a member's password hash and moves their credential version, inside the caller's
 * transaction: a sign-in that read the old hash writes no session after it (session-repository.ts
 * `insert`). The caller revokes what sessions must end (session-writes.ts).
 */
export async function writePasswordHash(
  trx: Executor,
  id: string,
  passwordHash: string,
  at: string,
): Promise<void> {
  await trx
    .updateTable('users')
    .set((eb) => ({
      password_hash: passwordHash,
      updated_at: at,
      credential_version: eb('credential_version', '+', 1),
    }))
    .where('id', '=', id)
    .execute();
}

export type UserRepository = ReturnType<typeof createUserRepository>;

export function createUserRepository(db: AppDatabase) {
  /** The sign-in facts of the member whose `column` is `value`. */
  async function credentialsWhere(column: 'id' | 'username_lower', value: string) {
    const row = await db
      .selectFrom('users')
      .select(CREDENTIAL_COLUMNS)
      .where(column, '=', value)
      .executeTakeFirst();
    return row && toCredentials(row);
  }

  /** The member whose `column` is `value`. */
  async function userWhere(column: 'users.id' | 'users.username_lower', value: string) {
    const row = await db
      .selectFrom('users')
      .select(USER_COLUMNS)
      .where(column, '=', value)
      .executeTakeFirst();
    return row && toUser(row);
  }

  return {
    async existsByUsernameKey(usernameLower: string): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('username_lower', '=', usernameLower)
        .executeTakeFirst();
      return row !== undefined;
    },

    async findCredentialsByUsernameKey(
      usernameLower: string,
    ): Promise<UserCredentials | undefined> {
      return credentialsWhere('username_lower', usernameLower);
    },

    async findCredentialsById(id: string): Promise<UserCredentials | undefined> {
      return credentialsWhere('id', id);
    },

    /**
     * Replaces a member's password hash and moves their credential version, and in the same
     * transaction revokes every live session of theirs but `keepSessionId` (which moves to the
     * new version), so no session opened with the old password outlives it — nor one a sign-in
     * that read the old hash writes later (session-repository.ts `insert`). Returns how many
     * sessions were revoked.
     */
    async changePassword(
      id: string,
      passwordHash: string,
      options: { keepSessionId: string; at: string },
    ): Promise<number> {
      return db.transaction().execute(async (trx) => {
        await writePasswordHash(trx, id, passwordHash, options.at);
        await trx
          .updateTable('sessions')
          .set((eb) => ({
            credential_version: eb
              .selectFrom('users')
              .select('users.credential_version')
              .where('users.id', '=', id),
          }))
          .where('id', '=', options.keepSessionId)
          .where('user_id', '=', id)
          .execute();
        return revokeSessionsBut(trx, id, options.keepSessionId, options.at);
      });
    },

    /** The member with this folded username (`usernameKey`): an `@username` link resolved. */
    async findByUsernameKey(usernameLower: string): Promise<User | undefined> {
      return userWhere('users.username_lower', usernameLower);
    },

    async findById(id: string): Promise<User | undefined> {
      return userWhere('users.id', id);
    },

    /**
     * Changes profile fields and settings. A new username also rewrites the text search finds
     * the member's posts by, in the same transaction. A new email address is no longer verified
     * (issue 30), and `mail` (its verification message) is queued in the same transaction. Throws
     * DuplicateKeyError('username') when the new name is taken.
     */
    async update(id: string, changes: UserChanges, at: string, mail?: NewMail): Promise<void> {
      const { settings, usernameLower, selfPage, ...fields } = changes;
      const values: Partial<Omit<UserRow, 'role' | 'credential_version' | 'orcid'>> = {
        ...fields,
        updated_at: at,
      };
      if (usernameLower !== undefined) values.username_lower = usernameLower;
      if (selfPage !== undefined) values.self_page = selfPage;
      for (const [key, value] of Object.entries(settings ?? {})) {
        if (value !== undefined) values[key as keyof UserSettings] = flag(value);
      }
      const email = fields.email;
      await insertUnique('username', () =>
        db.transaction().execute(async (trx) => {
          await trx
            .updateTable('users')
            .set(values)
            // The same address keeps its verification; another one has none yet.
            .$if(email !== undefined, (query) =>
              query.set({
                email_verified_at: sql<
                  string | null
                >`case when email = ${email} then email_verified_at else null end`,
              }),
            )
            .where('id', '=', id)
            .execute();
          if (fields.username !== undefined) await rewriteAuthorSearch(trx, id, fields.username);
          if (mail) await queueMail(trx, mail);
        }),
      );
    },

    /**
     * In one transaction: the accounts with these folded usernames become moderators and every
     * other moderator a member. Returns the keys that matched an account.
     */
    async setModerators(
      usernameKeys: string[],
      at: string,
    ): Promise<{ found: Set<string>; changed: string[] }> {
      return db.transaction().execute(async (trx) => {
        // The accounts whose role this changes: their cached lookups are told (services/auth).
        const changing = await trx
          .selectFrom('users')
          .select('id')
          .where((eb) =>
            eb.or([
              eb.and([
                eb('role', '=', 'moderator'),
                ...(usernameKeys.length > 0 ? [eb('username_lower', 'not in', usernameKeys)] : []),
              ]),
              ...(usernameKeys.length > 0
                ? [
                    eb.and([
                      eb('username_lower', 'in', usernameKeys),
                      eb('role', '!=', 'moderator'),
                    ]),
                  ]
                : []),
            ]),
          )
          .execute();
        const changed = changing.map((row) => row.id);
        await trx
          .updateTable('users')
          .set({ role: 'member', updated_at: at })
          .where('role', '=', 'moderator')
          .$if(usernameKeys.length > 0, (query) =>
            query.where('username_lower', 'not in', usernameKeys),
          )
          .execute();
        if (usernameKeys.length === 0) return { found: new Set<string>(), changed };
        await trx
          .updateTable('users')
          .set({ role: 'moderator', updated_at: at })
          .where('username_lower', 'in', usernameKeys)
          .where('role', '!=', 'moderator')
          .execute();
        const found = await trx
          .selectFrom('users')
          .select('username_lower')
          .where('username_lower', 'in', usernameKeys)
          .execute();
        return { found: new Set(found.map((row) => row.username_lower)), changed };
      });
    },

    /**
     * Throws DuplicateKeyError('username') when the folded username is taken. `mail` (the
     * verification of the address registered with) is queued in the same transaction.
     */
    async insert(
      user: User,
      usernameLower: string,
      passwordHash: string,
      mail?: NewMail,
    ): Promise<void> {
      await insertUnique('username', () =>
        db.transaction().execute(async (trx) => {
          await trx
            .insertInto('users')
            .values({ ...toRow(user), username_lower: usernameLower, password_hash: passwordHash })
            .execute();
          if (mail) await queueMail(trx, mail);
        }),
      );
    },
  };
}

export function toUser(row: ReadUserRow & { email_verified_at: string | null }): User {
  return {
    id: row.id,
    username: row.username,
    nickname: row.nickname,
    avatar: row.avatar,
    title: row.title,
    bio: row.bio,
    email: row.email,
    phone: row.phone,
    url: row.url,
    tags: row.tags,
    selfPage: row.self_page,
    settings: {
      public_posts: row.public_posts === 1,
      public_activities: row.public_activities === 1,
      public_profile: row.public_profile === 1,
      public_statistics: row.public_statistics === 1,
      public_contact: row.public_contact === 1,
    },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    role: userRoleSchema.parse(row.role),
    emailVerified: row.email_verified_at !== null,
    orcid: row.orcid,
    hasPassword: Number(row.has_password) === 1,
  };
}

export function toRow(user: User): Omit<ReadUserRow, 'role' | 'has_password'> & { role: UserRole } {
  return {
    id: user.id,
    ...profileFields(user),
    public_posts: flag(user.settings.public_posts),
    public_activities: flag(user.settings.public_activities),
    public_profile: flag(user.settings.public_profile),
    public_statistics: flag(user.settings.public_statistics),
    public_contact: flag(user.settings.public_contact),
    created_at: user.createdAt,
    updated_at: user.updatedAt,
    role: user.role,
    orcid: user.orcid,
  };
}

const flag = (value: boolean) => (value ? 1 : 0);

/** The user columns safe to read alongside other tables (no password hash). */
export const USER_COLUMNS = [
  'users.id',
  'users.username',
  'users.nickname',
  'users.avatar',
  'users.title',
  'users.bio',
  'users.email',
  'users.phone',
  'users.url',
  'users.tags',
  'users.self_page',
  'users.public_posts',
  'users.public_activities',
  'users.public_profile',
  'users.public_statistics',
  'users.public_contact',
  'users.created_at',
  'users.updated_at',
  'users.role',
  'users.email_verified_at',
  'users.orcid',
  // Whether the account has a password, without reading the hash (migration 0032: '' is none).
  sql<number>`case when users.password_hash = '' then 0 else 1 end`.as('has_password'),
] as const;
