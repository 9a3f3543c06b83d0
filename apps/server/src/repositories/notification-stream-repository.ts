import { sql } from 'kysely';
import type { AppDatabase } from '../db/index.js';
import type {
  StreamCaps,
  StreamLeaseStore,
  StreamOwner,
} from '../services/notifications/stream-slots.js';

/**
 * The live notification streams' places in PostgreSQL, for several server processes without
 * Redis (services/notifications/stream-slots.ts; table of migration 0018). Leases are times of
 * the database's clock, the one clock every process shares. PostgreSQL only: SQLite's one process
 * counts in memory.
 */

/** Now, in milliseconds since 1970, by the database's clock. */
const NOW_MS = sql<string>`(extract(epoch from clock_timestamp()) * 1000)::bigint`;
const leaseEnd = (leaseMs: number) => sql<string>`${NOW_MS} + ${leaseMs}`;

/**
 * A take locks its member and its address (member first, so two takes never wait on each other
 * in a cycle): takes of one member or one address take turns, and none sees a count another is
 * about to raise. Other members and addresses go on in parallel.
 */
const lockMember = (memberId: string) =>
  sql`select pg_advisory_xact_lock(hashtext('symposia.notification_streams.member'), hashtext(${memberId}))`;
const lockAddress = (address: string) =>
  sql`select pg_advisory_xact_lock(hashtext('symposia.notification_streams.address'), hashtext(${address}))`;

/** Streams renewed per UPDATE. */
const RENEW_BATCH = 500;

export function createNotificationStreamRepository(db: AppDatabase): StreamLeaseStore {
  return {
    async take(id: string, owner: StreamOwner, caps: StreamCaps, leaseMs: number) {
      return db.transaction().execute(async (trx) => {
        await lockMember(owner.memberId).execute(trx);
        await lockAddress(owner.address).execute(trx);
        const row = await trx
          .selectFrom('notification_streams')
          .select([
            sql<string>`count(case when user_id = ${owner.memberId} then 1 end)`.as('member'),
            sql<string>`count(case when address = ${owner.address} then 1 end)`.as('address'),
          ])
          .where((eb) =>
            eb.or([eb('user_id', '=', owner.memberId), eb('address', '=', owner.address)]),
          )
          .where('expires_at', '>', NOW_MS)
          .executeTakeFirstOrThrow();
        if (Number(row.member) >= caps.perMember) return 'member';
        if (Number(row.address) >= caps.perAddress) return 'address';
        await trx
          .insertInto('notification_streams')
          .values({
            id,
            user_id: owner.memberId,
            address: owner.address,
            expires_at: leaseEnd(leaseMs),
          })
          .execute();
        return null;
      });
    },

    async renew(streams, leaseMs) {
      for (let start = 0; start < streams.length; start += RENEW_BATCH) {
        const ids = streams.slice(start, start + RENEW_BATCH).map(({ id }) => id);
        await db
          .updateTable('notification_streams')
          .set({ expires_at: leaseEnd(leaseMs) })
          .where('id', 'in', ids)
          .execute();
      }
      // Rows of processes that died: they no longer count, and go one lease after running out.
      await db
        .deleteFrom('notification_streams')
        .where('expires_at', '<', sql<string>`${NOW_MS} - ${leaseMs}`)
        .execute();
    },

    async give(id) {
      await db.deleteFrom('notification_streams').where('id', '=', id).execute();
    },
  };
}
