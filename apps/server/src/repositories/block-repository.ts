import { sql } from 'kysely';
import type { AppDatabase } from '../db/index.js';

/**
 * The `blocks` and `block_holds` tables of BLOCKSTORE=postgres (migration 0013): the SQL behind
 * storage/pg-engine.ts, which explains the protocol. PostgreSQL only.
 */
export type BlockRepository = ReturnType<typeof createBlockRepository>;

/** Keys per statement when a list of them is written or removed. */
const KEY_CHUNK = 500;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < items.length; at += KEY_CHUNK) out.push(items.slice(at, at + KEY_CHUNK));
  return out;
}

export function createBlockRepository(db: AppDatabase) {
  return {
    /**
     * Holds the block for `hold` and writes it, or — when it is there already — marks it used
     * now by `hold`: one statement. True when this call created the row. Marking an existing row
     * takes its row lock, so a removal running at the same moment waits, sees the new
     * `touched_at` and `writer`, and leaves the row alone.
     */
    async put(key: string, data: Uint8Array, hold: string, at: Date): Promise<boolean> {
      const { rows } = await sql<{ created: boolean }>`
        with held as (
          insert into block_holds (hold_id, key, held_at) values (${hold}, ${key}, ${at})
          on conflict do nothing
        )
        insert into blocks (key, data, size, touched_at, writer)
        values (${key}, ${Buffer.from(data.buffer, data.byteOffset, data.byteLength)},
                ${data.byteLength}, ${at}, ${hold})
        on conflict (key) do update
          set touched_at = excluded.touched_at, writer = excluded.writer
        returning (xmax = 0) as created`.execute(db);
      return rows[0]?.created === true;
    },

    async get(key: string): Promise<Uint8Array | null> {
      const row = await db
        .selectFrom('blocks')
        .select('data')
        .where('key', '=', key)
        .executeTakeFirst();
      return row ? row.data : null;
    },

    async has(key: string): Promise<boolean> {
      const row = await db
        .selectFrom('blocks')
        .select('key')
        .where('key', '=', key)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Marks blocks used now (a hold letting go after its roots were recorded). */
    async touch(keys: string[], at: Date): Promise<void> {
      for (const chunk of chunks(keys)) {
        await db.updateTable('blocks').set({ touched_at: at }).where('key', 'in', chunk).execute();
      }
    },

    async releaseHold(hold: string): Promise<void> {
      await db.deleteFrom('block_holds').where('hold_id', '=', hold).execute();
    },

    /**
     * Removes the given blocks that `hold` still is the writer of and no other hold holds: what
     * an aborted import wrote and nobody used since.
     */
    async removeWritten(keys: string[], hold: string): Promise<{ key: string; size: number }[]> {
      const removed: { key: string; size: number }[] = [];
      for (const chunk of chunks(keys)) {
        const rows = await db
          .deleteFrom('blocks')
          .where('key', 'in', chunk)
          .where('writer', '=', hold)
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('block_holds')
                  .select('block_holds.key')
                  .whereRef('block_holds.key', '=', 'blocks.key')
                  .where('block_holds.hold_id', '<>', hold),
              ),
            ),
          )
          .returning(['key', 'size'])
          .execute();
        removed.push(...rows);
      }
      return removed;
    },

    /**
     * Drops the holds of imports gone quiet since `cutoff` (their process died): a hold gets a row
     * with every block its import meets. The holds in `except` (this process's) stay.
     */
    async dropStaleHolds(cutoff: Date, except: string[]): Promise<number> {
      const stale = await db
        .selectFrom('block_holds')
        .select('hold_id')
        .groupBy('hold_id')
        .having((eb) => eb.fn.max('held_at'), '<', cutoff)
        .execute();
      const ids = stale.map((row) => row.hold_id).filter((id) => !except.includes(id));
      for (const chunk of chunks(ids)) {
        await db.deleteFrom('block_holds').where('hold_id', 'in', chunk).execute();
      }
      return ids.length;
    },

    /** A page of every block's key in key order, after `after`, with whether it is recent. */
    async page(
      after: string,
      cutoff: Date,
      limit: number,
    ): Promise<{ key: string; recent: boolean; held: boolean }[]> {
      const { rows } = await sql<{ key: string; recent: boolean; held: boolean }>`
        select b.key, b.touched_at >= ${cutoff} as recent,
               exists (select 1 from block_holds h where h.key = b.key) as held
        from blocks b
        where b.key > ${after}
        order by b.key
        limit ${limit}`.execute(db);
      return rows;
    },

    /**
     * Removes the given blocks unless they were used at or after `cutoff` or a hold holds them,
     * judged row by row under its lock (a concurrent import's use wins).
     */
    async removeUnused(keys: string[], cutoff: Date): Promise<{ key: string; size: number }[]> {
      const removed: { key: string; size: number }[] = [];
      for (const chunk of chunks(keys)) {
        const rows = await db
          .deleteFrom('blocks')
          .where('key', 'in', chunk)
          .where('touched_at', '<', cutoff)
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('block_holds')
                  .select('block_holds.key')
                  .whereRef('block_holds.key', '=', 'blocks.key'),
              ),
            ),
          )
          .returning(['key', 'size'])
          .execute();
        removed.push(...rows);
      }
      return removed;
    },
  };
}
