import type { Kysely, Migration } from 'kysely';

/**
 * `contribution_events_by_actor`: one actor's signals in a span. A member's score so far
 * (GET /rewards/me, repositories/reward-repository.ts `countedPairs`) depends on the daily cap
 * of each member who gave them something, so it reads those actors' signals of the epoch; with
 * this index it reads theirs alone, not every signal of the epoch.
 */
export const contributionActorIndexMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('contribution_events_by_actor')
      .on('contribution_events')
      .columns(['actor_id', 'created_at'])
      .execute();
  },
};
