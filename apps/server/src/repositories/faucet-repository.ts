import { sql } from 'kysely';
import { sqlOf, type LedgerTransaction, type TransferStatus } from './ledger-repository.js';
import { walletGroupOf } from './wallet-repository.js';

/**
 * The faucet's own reads of the ledger (`token_transfers` of kind `faucet`): how much each of its
 * limits has used within the window. They run inside the ledger's reservation transaction
 * (services/ledger/), so the limits checked are the limits written against.
 *
 * The per-address limit counts a wallet linked to a member (migration 0022) together with that
 * member's requests and every other wallet they linked (issue 28): one member's wallets share one
 * allowance, so linking more wallets multiplies nothing.
 */

/** The ledger's kind of the faucet's rows (services/token/token-service.ts declares it). */
export const FAUCET_KIND = 'faucet';

/** The keys the limits count by. */
export type FaucetScope = 'user' | 'address' | 'ip' | 'global';

/** Reserved (pending) plus paid (sent) requests of one key within the window. */
export interface FaucetUsage {
  units: bigint;
  count: number;
}

export type FaucetUsageByScope = Record<FaucetScope, FaucetUsage>;

export interface FaucetReservation {
  createdAt: string;
  units: bigint;
}

/** Rows that count against the limits: reserved or paid. */
const COUNTING: TransferStatus[] = ['pending', 'sent'];

const SCOPE_COLUMN = { user: 'user_id', ip: 'ip' } as const;

export type FaucetRepository = ReturnType<typeof createFaucetRepository>;

export function createFaucetRepository() {
  return {
    async usage(
      ledger: LedgerTransaction,
      { userId, address, ip }: { userId: string; address: string; ip: string },
      since: string,
    ): Promise<FaucetUsageByScope> {
      const group = await walletGroupOf(sqlOf(ledger), address);
      const ofAddress = group.owner
        ? sql`(address in (${sql.join(group.addresses)}) or user_id = ${group.owner})`
        : sql`address = ${address}`;
      // One pass over the window's counting rows. Sums are cast to text so that neither
      // dialect's driver rounds them through a float.
      const row = await sqlOf(ledger)
        .selectFrom('token_transfers')
        .select([
          sql<string>`cast(coalesce(sum(case when user_id = ${userId} then amount_units end), 0) as text)`.as(
            'user_units',
          ),
          sql<number | string>`count(case when user_id = ${userId} then 1 end)`.as('user_count'),
          sql<string>`cast(coalesce(sum(case when ${ofAddress} then amount_units end), 0) as text)`.as(
            'address_units',
          ),
          sql<number | string>`count(case when ${ofAddress} then 1 end)`.as('address_count'),
          sql<string>`cast(coalesce(sum(case when ip = ${ip} then amount_units end), 0) as text)`.as(
            'ip_units',
          ),
          sql<number | string>`count(case when ip = ${ip} then 1 end)`.as('ip_count'),
          sql<string>`cast(coalesce(sum(amount_units), 0) as text)`.as('global_units'),
          sql<number | string>`count(*)`.as('global_count'),
        ])
        .where('kind', '=', FAUCET_KIND)
        .where('created_at', '>', since)
        .where('status', 'in', COUNTING)
        .executeTakeFirstOrThrow();
      return {
        user: { units: BigInt(row.user_units), count: Number(row.user_count) },
        address: { units: BigInt(row.address_units), count: Number(row.address_count) },
        ip: { units: BigInt(row.ip_units), count: Number(row.ip_count) },
        global: { units: BigInt(row.global_units), count: Number(row.global_count) },
      };
    },

    /** The counting rows of one key within the window, oldest first. */
    async reservations(
      ledger: LedgerTransaction,
      scope: FaucetScope,
      key: string,
      since: string,
    ): Promise<FaucetReservation[]> {
      let query = sqlOf(ledger)
        .selectFrom('token_transfers')
        .select(['created_at', sql<string>`cast(amount_units as text)`.as('units')])
        .where('kind', '=', FAUCET_KIND)
        .where('created_at', '>', since)
        .where('status', 'in', COUNTING);
      if (scope === 'address') {
        const group = await walletGroupOf(sqlOf(ledger), key);
        const { owner, addresses } = group;
        query = query.where((eb) =>
          owner
            ? eb.or([eb('address', 'in', addresses), eb('user_id', '=', owner)])
            : eb('address', '=', key),
        );
      } else if (scope !== 'global') {
        query = query.where(SCOPE_COLUMN[scope], '=', key);
      }
      const rows = await query.orderBy('created_at').execute();
      return rows.map((row) => ({ createdAt: row.created_at, units: BigInt(row.units) }));
    },
  };
}
