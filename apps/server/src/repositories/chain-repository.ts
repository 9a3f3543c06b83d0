import type { AppDatabase } from '../db/index.js';

/**
 * The embedded chain shared by several processes (migration 0013; chain/owner.ts): who owns it,
 * and the accounts and signatures its transactions left, so a new owner starts where the last
 * one stopped and every other process can read balances and statuses.
 */
export type ChainRepository = ReturnType<typeof createChainRepository>;

/** An account as the chain holds it. */
export interface StoredAccount {
  address: string;
  lamports: bigint;
  /** The owning program. */
  program: string;
  executable: boolean;
  data: Uint8Array;
}

/** What one transaction (or the chain's creation) left: accounts and maybe its signature. */
export interface ChainWrite {
  accounts: StoredAccount[];
  signature?: { value: string; status: 'confirmed' | 'failed' };
}

const ADDRESS_CHUNK = 500;

export function createChainRepository(db: AppDatabase) {
  return {
    /**
     * Makes `holder` the owner until `until` when no one owns the chain or the owner's lease ran
     * out, with the next generation. One statement, so of several processes trying at once
     * exactly one gets it. Returns the new generation, or null.
     */
    async takeOwnership(
      chain: string,
      holder: string,
      times: { now: string; until: string },
    ): Promise<number | null> {
      await db
        .insertInto('chain_owners')
        .values({ chain, holder: null, lease_until: null })
        .onConflict((conflict) => conflict.column('chain').doNothing())
        .execute();
      const row = await db
        .updateTable('chain_owners')
        .set((eb) => ({
          holder,
          lease_until: times.until,
          generation: eb('generation', '+', 1),
        }))
        .where('chain', '=', chain)
        .where((eb) =>
          eb.or([
            eb('holder', 'is', null),
            eb('lease_until', 'is', null),
            eb('lease_until', '<', times.now),
          ]),
        )
        .returning('generation')
        .executeTakeFirst();
      return row ? Number(row.generation) : null;
    },

    /** Extends the lease of the owner of `generation`; false when it lost it. */
    async renewOwnership(
      chain: string,
      holder: string,
      generation: number,
      until: string,
    ): Promise<boolean> {
      const result = await db
        .updateTable('chain_owners')
        .set({ lease_until: until })
        .where('chain', '=', chain)
        .where('holder', '=', holder)
        .where('generation', '=', generation)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Gives the chain up, so another process takes it at its next look. */
    async releaseOwnership(chain: string, holder: string, generation: number): Promise<void> {
      await db
        .updateTable('chain_owners')
        .set({ holder: null, lease_until: null })
        .where('chain', '=', chain)
        .where('holder', '=', holder)
        .where('generation', '=', generation)
        .execute();
    },

    /**
     * Writes what a transaction left, if `holder` still owns the chain at `generation` (checked
     * under the owner row's lock, in the same transaction): false, writing nothing, otherwise.
     */
    async save(
      chain: string,
      owner: { holder: string; generation: number },
      write: ChainWrite,
      at: string,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        // An update of the row itself: its lock holds off a takeover until this commits.
        const fenced = await trx
          .updateTable('chain_owners')
          .set({ holder: owner.holder })
          .where('chain', '=', chain)
          .where('holder', '=', owner.holder)
          .where('generation', '=', owner.generation)
          .executeTakeFirst();
        if (Number(fenced.numUpdatedRows) !== 1) return false;
        for (const account of write.accounts) {
          const values = {
            lamports: account.lamports.toString(),
            program: account.program,
            executable: account.executable ? 1 : 0,
            data: Buffer.from(account.data),
            updated_at: at,
          };
          await trx
            .insertInto('chain_accounts')
            .values({ chain, address: account.address, ...values })
            .onConflict((conflict) => conflict.columns(['chain', 'address']).doUpdateSet(values))
            .execute();
        }
        if (write.signature) {
          await trx
            .insertInto('chain_signatures')
            .values({
              chain,
              signature: write.signature.value,
              status: write.signature.status,
              created_at: at,
            })
            .onConflict((conflict) => conflict.columns(['chain', 'signature']).doNothing())
            .execute();
        }
        return true;
      });
    },

    /** Every account the chain's transactions left (an owner's start). */
    async accounts(chain: string): Promise<StoredAccount[]> {
      const rows = await db
        .selectFrom('chain_accounts')
        .selectAll()
        .where('chain', '=', chain)
        .orderBy('address')
        .execute();
      return rows.map(toAccount);
    },

    /** The given accounts, where stored, by address. */
    async accountsByAddress(
      chain: string,
      addresses: string[],
    ): Promise<Map<string, StoredAccount>> {
      const found = new Map<string, StoredAccount>();
      for (let at = 0; at < addresses.length; at += ADDRESS_CHUNK) {
        const rows = await db
          .selectFrom('chain_accounts')
          .selectAll()
          .where('chain', '=', chain)
          .where('address', 'in', addresses.slice(at, at + ADDRESS_CHUNK))
          .execute();
        for (const row of rows) found.set(row.address, toAccount(row));
      }
      return found;
    },

    async signatureStatus(
      chain: string,
      signature: string,
    ): Promise<'confirmed' | 'failed' | null> {
      const row = await db
        .selectFrom('chain_signatures')
        .select('status')
        .where('chain', '=', chain)
        .where('signature', '=', signature)
        .executeTakeFirst();
      return row ? (row.status as 'confirmed' | 'failed') : null;
    },
  };
}

function toAccount(row: {
  address: string;
  lamports: string;
  program: string;
  executable: number | string;
  data: Uint8Array;
}): StoredAccount {
  return {
    address: row.address,
    lamports: BigInt(row.lamports),
    program: row.program,
    executable: Number(row.executable) === 1,
    data: new Uint8Array(row.data),
  };
}
