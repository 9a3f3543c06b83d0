import type { AppDatabase, DatabaseSchema } from '../db/index.js';
import { userRoleSchema, type UserRole, type UserSettings } from '@symposia/shared';
import type { User } from '../domain/user.js';
import { insertUnique } from './errors.js';
import { rewriteAuthorSearch } from './post-repository.js';

type UserRow = DatabaseSchema['users'];
/** A users row as read: the role is always there once written (its default is `member`). */
type ReadUserRow = Omit<
  UserRow,
  'password_hash' | 'username_lower' | 'role' | 'suspended_until'
> & {
  role: string;
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
}

export type UserRepository = ReturnType<typeof createUserRepository>;

export function createUserRepository(db: AppDatabase) {
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
      const row = await db
        .selectFrom('users')
        .select(['id', 'password_hash', 'suspended_until'])
        .where('username_lower', '=', usernameLower)
        .executeTakeFirst();
      return (
        row && { id: row.id, passwordHash: row.password_hash, suspendedUntil: row.suspended_until }
      );
    },

    async findCredentialsById(id: string): Promise<UserCredentials | undefined> {
      const row = await db
        .selectFrom('users')
        .select(['id', 'password_hash', 'suspended_until'])
        .where('id', '=', id)
        .executeTakeFirst();
      return (
        row && { id: row.id, passwordHash: row.password_hash, suspendedUntil: row.suspended_until }
      );
    },

    /**
     * Replaces a member's password hash and, in the same transaction, revokes every live session
     * of theirs but `keepSessionId`, so no session opened with the old password outlives it.
     * Returns how many sessions were revoked.
     */
    async changePassword(
      id: string,
      passwordHash: string,
      options: { keepSessionId: string; at: string },
    ): Promise<number> {
      return db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ password_hash: passwordHash, updated_at: options.at })
          .where('id', '=', id)
          .execute();
        const revoked = await trx
          .updateTable('sessions')
          .set({ revoked_at: options.at })
          .where('user_id', '=', id)
          .where('id', '!=', options.keepSessionId)
          .where('revoked_at', 'is', null)
          .where('expires_at', '>', options.at)
          .executeTakeFirst();
        return Number(revoked.numUpdatedRows);
      });
    },

    /** The member with this folded username (`usernameKey`): an `@username` link resolved. */
    async findByUsernameKey(usernameLower: string): Promise<User | undefined> {
      const row = await db
        .selectFrom('users')
        .select(USER_COLUMNS)
        .where('users.username_lower', '=', usernameLower)
        .executeTakeFirst();
      return row && toUser(row);
    },

    async findById(id: string): Promise<User | undefined> {
      const row = await db
        .selectFrom('users')
        .select(USER_COLUMNS)
        .where('users.id', '=', id)
        .executeTakeFirst();
      return row && toUser(row);
    },

    /**
     * Changes profile fields and settings. A new username also rewrites the text search finds
     * the member's posts by, in the same transaction. Throws DuplicateKeyError('username') when
     * the new name is taken.
     */
    async update(id: string, changes: UserChanges, at: string): Promise<void> {
      const { settings, usernameLower, selfPage, ...fields } = changes;
      const values: Partial<Omit<UserRow, 'role'>> = { ...fields, updated_at: at };
      if (usernameLower !== undefined) values.username_lower = usernameLower;
      if (selfPage !== undefined) values.self_page = selfPage;
      for (const [key, value] of Object.entries(settings ?? {})) {
        if (value !== undefined) values[key as keyof UserSettings] = flag(value);
      }
      await insertUnique('username', () =>
        db.transaction().execute(async (trx) => {
          await trx.updateTable('users').set(values).where('id', '=', id).execute();
          if (fields.username !== undefined) await rewriteAuthorSearch(trx, id, fields.username);
        }),
      );
    },

    /**
     * In one transaction: the accounts with these folded usernames become moderators and every
     * other moderator a member. Returns the keys that matched an account.
     */
    async setModerators(usernameKeys: string[], at: string): Promise<Set<string>> {
      return db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ role: 'member', updated_at: at })
          .where('role', '=', 'moderator')
          .$if(usernameKeys.length > 0, (query) =>
            query.where('username_lower', 'not in', usernameKeys),
          )
          .execute();
        if (usernameKeys.length === 0) return new Set<string>();
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
        return new Set(found.map((row) => row.username_lower));
      });
    },

    /** Throws DuplicateKeyError('username') when the folded username is taken. */
    async insert(user: User, usernameLower: string, passwordHash: string): Promise<void> {
      await insertUnique('username', () =>
        db
          .insertInto('users')
          .values({ ...toRow(user), username_lower: usernameLower, password_hash: passwordHash })
          .execute(),
      );
    },
  };
}

export function toUser(row: ReadUserRow): User {
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
  };
}

function toRow(user: User): Omit<ReadUserRow, 'role'> & { role: UserRole } {
  return {
    id: user.id,
    username: user.username,
    nickname: user.nickname,
    avatar: user.avatar,
    title: user.title,
    bio: user.bio,
    email: user.email,
    phone: user.phone,
    url: user.url,
    tags: user.tags,
    self_page: user.selfPage,
    public_posts: flag(user.settings.public_posts),
    public_activities: flag(user.settings.public_activities),
    public_profile: flag(user.settings.public_profile),
    public_statistics: flag(user.settings.public_statistics),
    public_contact: flag(user.settings.public_contact),
    created_at: user.createdAt,
    updated_at: user.updatedAt,
    role: user.role,
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
] as const;
