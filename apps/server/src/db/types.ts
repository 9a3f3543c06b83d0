import type { Kysely } from 'kysely';

/**
 * Table shapes as both dialects store them: ids and times are text (times are ISO 8601 UTC with
 * milliseconds, so text order is time order), booleans are integers 0/1.
 */

export interface UsersTable {
  id: string;
  username: string;
  /** The username folded for comparison; its unique index is what makes names unique. */
  username_lower: string;
  password_hash: string;
  email: string;
  phone: string;
  self_page: string;
  bio: string;
  nickname: string;
  url: string;
  title: string;
  tags: string;
  avatar: string;
  public_posts: number;
  public_activities: number;
  public_profile: number;
  public_statistics: number;
  public_contact: number;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  /** SHA-256 of the access token; the token itself is never stored. */
  token_hash: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  last_used_at: string | null;
}

export interface DatabaseSchema {
  users: UsersTable;
  sessions: SessionsTable;
}

export type AppDatabase = Kysely<DatabaseSchema>;
