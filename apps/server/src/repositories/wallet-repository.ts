import type { AppDatabase } from '../db/index.js';
import { lockRows, writeTransaction, type Dialect, type Executor } from './database.js';

/**
 * Wallets members proved they hold, and the challenges they sign to prove it (migration 0022,
 * services/wallets/).
 */

/** A wallet linked to a member. */
export interface StoredWallet {
  address: string;
  userId: string;
  linkedAt: string;
}

/** A challenge as issued: whose, for which address, and its times (ISO). */
export interface StoredChallenge {
  nonceHash: string;
  userId: string;
  address: string;
  issuedAt: string;
  expiresAt: string;
}

/** What linking an address depends on: its member, if any, and how many the asker has. */
export interface LinkFacts {
  linkedTo: string | null;
  linkedCount: number;
}

/**
 * The wallets counted with `address` by the faucet's per-address limit (repositories/
 * faucet-repository.ts): when it is linked, its member and every wallet that member linked;
 * otherwise the address alone.
 */
export async function walletGroupOf(
  db: Executor,
  address: string,
): Promise<{ owner: string | null; addresses: string[] }> {
  const link = await db
    .selectFrom('wallet_links')
    .select('user_id')
    .where('address', '=', address)
    .executeTakeFirst();
  if (!link) return { owner: null, addresses: [address] };
  const rows = await db
    .selectFrom('wallet_links')
    .select('address')
    .where('user_id', '=', link.user_id)
    .execute();
  return { owner: link.user_id, addresses: [...new Set([address, ...rows.map((r) => r.address)])] };
}

export type WalletRepository = ReturnType<typeof createWalletRepository>;

export function createWalletRepository(db: AppDatabase, dialect: Dialect) {
  const toWallet = (row: { address: string; user_id: string; linked_at: string }) => ({
    address: row.address,
    userId: row.user_id,
    linkedAt: row.linked_at,
  });

  async function factsOf(trx: Executor, userId: string, address: string): Promise<LinkFacts> {
    const owner = await trx
      .selectFrom('wallet_links')
      .select('user_id')
      .where('address', '=', address)
      .executeTakeFirst();
    const count = await trx
      .selectFrom('wallet_links')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return { linkedTo: owner?.user_id ?? null, linkedCount: Number(count.n) };
  }

  return {
    /** Stores a new challenge, and drops every challenge expired by `at` (nobody can use them). */
    async addChallenge(challenge: StoredChallenge, at: Date): Promise<void> {
      await db
        .deleteFrom('wallet_challenges')
        .where('expires_at', '<=', at.toISOString())
        .execute();
      await db
        .insertInto('wallet_challenges')
        .values({
          nonce_hash: challenge.nonceHash,
          user_id: challenge.userId,
          address: challenge.address,
          issued_at: challenge.issuedAt,
          expires_at: challenge.expiresAt,
        })
        .execute();
    },

    /**
     * Removes and returns the member's challenge of this nonce: whatever comes of the attempt, it
     * is never accepted again. Of two concurrent attempts, one gets it.
     */
    async takeChallenge(nonceHash: string, userId: string): Promise<StoredChallenge | undefined> {
      const row = await db
        .deleteFrom('wallet_challenges')
        .where('nonce_hash', '=', nonceHash)
        .where('user_id', '=', userId)
        .returning(['nonce_hash', 'user_id', 'address', 'issued_at', 'expires_at'])
        .executeTakeFirst();
      return (
        row && {
          nonceHash: row.nonce_hash,
          userId: row.user_id,
          address: row.address,
          issuedAt: row.issued_at,
          expiresAt: row.expires_at,
        }
      );
    },

    /**
     * Links `address` to the member unless `check` refuses (it throws, and nothing is written).
     * One member's links take turns (their user row is locked), so the count `check` sees holds;
     * the address is the table's key, so of two members racing for one wallet, one links it and
     * the other's `check` sees it taken.
     */
    async link(
      userId: string,
      address: string,
      at: Date,
      check: (facts: LinkFacts) => void,
    ): Promise<StoredWallet> {
      return writeTransaction(db, dialect, async (trx) => {
        await lockRows(
          dialect,
          trx.selectFrom('users').select('id').where('id', '=', userId),
        ).execute();
        const facts = await factsOf(trx, userId, address);
        check(facts);
        if (facts.linkedTo === null) {
          await trx
            .insertInto('wallet_links')
            .values({ address, user_id: userId, linked_at: at.toISOString() })
            .onConflict((conflict) => conflict.column('address').doNothing())
            .execute();
          // Another member may have linked it meanwhile: asked again, `check` says so.
          check(await factsOf(trx, userId, address));
        }
        const row = await trx
          .selectFrom('wallet_links')
          .select(['address', 'user_id', 'linked_at'])
          .where('address', '=', address)
          .executeTakeFirstOrThrow();
        return toWallet(row);
      });
    },

    /** The member linked to `address`, or null. */
    async ownerOf(address: string): Promise<string | null> {
      const row = await db
        .selectFrom('wallet_links')
        .select('user_id')
        .where('address', '=', address)
        .executeTakeFirst();
      return row?.user_id ?? null;
    },

    /** The member's linked wallets, the earliest first. */
    async linkedTo(userId: string): Promise<StoredWallet[]> {
      const rows = await db
        .selectFrom('wallet_links')
        .select(['address', 'user_id', 'linked_at'])
        .where('user_id', '=', userId)
        .orderBy('linked_at')
        .orderBy('address')
        .execute();
      return rows.map(toWallet);
    },

    /** Unlinks the member's wallet; false when it was not theirs (any more). */
    async unlink(userId: string, address: string): Promise<boolean> {
      const result = await db
        .deleteFrom('wallet_links')
        .where('address', '=', address)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
