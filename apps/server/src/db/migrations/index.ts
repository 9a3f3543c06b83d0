import type { Migration } from 'kysely';
import { usersAndSessions } from './0001-users-and-sessions.js';

/**
 * Every migration, in order. Listed in code rather than read from a folder so the built server
 * finds them wherever it runs. Forward-only: never edit or remove an entry, add a new one.
 */
export const migrations: Record<string, Migration> = {
  '0001-users-and-sessions': usersAndSessions,
};
