import { sql } from 'kysely';
import type { AppDatabase } from '../db/index.js';
import { lockRows, type Dialect, type Executor } from './database.js';
import { newJobRow, type NewJob } from './job-repository.js';
import { addNotification, type NewNotification } from './notification-writes.js';
import { USER_COLUMNS, toUser } from './user-repository.js';
import type { User } from '../domain/user.js';

/**
 * Review bounties (issue 29, migration 0026): the offers and their awards. The units are the
 * ledger's (ledger-balances.ts: a bounty's escrow is the account `bounty:<id>`); the writes here
 * run inside the ledger's locked transactions, on the executor its balance moves hand out.
 */

export interface BountyAward {
  id: string;
  bountyId: string;
  reviewId: string;
  reviewerId: string;
  units: bigint;
  payoutId: string;
  awardedAt: string;
}

export interface Bounty {
  id: string;
  postId: string;
  offererId: string;
  /** Who offered it, for the answer. */
  offerer: User | null;
  fromPool: boolean;
  units: bigint;
  maxAwards: number;
  deadline: string;
  settlesAt: string;
  status: 'open' | 'closed';
  refundedUnits: bigint | null;
  closedAt: string | null;
  createdAt: string;
  awards: BountyAward[];
}

export type NewBounty = Omit<
  Bounty,
  'offerer' | 'status' | 'refundedUnits' | 'closedAt' | 'awards'
>;

/** What an award's eligibility is decided on. */
export interface ReviewFacts {
  id: string;
  postId: string;
  reviewerId: string;
  createdAt: string;
  deleted: boolean;
  hidden: boolean;
}

/** The escrow account of a bounty in the ledger's balance moves. */
export const bountyAccount = (id: string) => `bounty:${id}`;

const BOUNTY_COLUMNS = [
  'bounties.id',
  'bounties.post_id',
  'bounties.offerer_id',
  'bounties.from_pool',
  sql<string>`cast(bounties.amount_units as text)`.as('units'),
  'bounties.max_awards',
  'bounties.deadline',
  'bounties.settles_at',
  'bounties.status',
  sql<string | null>`cast(bounties.refunded_units as text)`.as('refunded'),
  'bounties.closed_at',
  'bounties.created_at',
] as const;

type BountyRow = {
  id: string;
  post_id: string;
  offerer_id: string;
  from_pool: number | boolean;
  units: string;
  max_awards: number | string;
  deadline: string;
  settles_at: string;
  status: string;
  refunded: string | null;
  closed_at: string | null;
  created_at: string;
};

const toBounty = (row: BountyRow, offerer: User | null, awards: BountyAward[]): Bounty => ({
  id: row.id,
  postId: row.post_id,
  offererId: row.offerer_id,
  offerer,
  fromPool: Boolean(Number(row.from_pool)),
  units: BigInt(row.units),
  maxAwards: Number(row.max_awards),
  deadline: row.deadline,
  settlesAt: row.settles_at,
  status: row.status === 'closed' ? 'closed' : 'open',
  refundedUnits: row.refunded === null ? null : BigInt(row.refunded),
  closedAt: row.closed_at,
  createdAt: row.created_at,
  awards,
});

async function awardsOf(db: Executor, bountyIds: string[]): Promise<Map<string, BountyAward[]>> {
  const byBounty = new Map<string, BountyAward[]>();
  if (bountyIds.length === 0) return byBounty;
  const rows = await db
    .selectFrom('bounty_awards')
    .selectAll()
    .select(sql<string>`cast(amount_units as text)`.as('units'))
    .where('bounty_id', 'in', bountyIds)
    .orderBy('awarded_at')
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const list = byBounty.get(row.bounty_id) ?? [];
    list.push({
      id: row.id,
      bountyId: row.bounty_id,
      reviewId: row.review_id,
      reviewerId: row.reviewer_id,
      units: BigInt(row.units),
      payoutId: row.payout_id,
      awardedAt: row.awarded_at,
    });
    byBounty.set(row.bounty_id, list);
  }
  return byBounty;
}

/** Bounties with their offerers and awards. */
async function readBounties(db: Executor, rows: BountyRow[]): Promise<Bounty[]> {
  const offererIds = [...new Set(rows.map((row) => row.offerer_id))];
  const users =
    offererIds.length === 0
      ? []
      : await db.selectFrom('users').select(USER_COLUMNS).where('id', 'in', offererIds).execute();
  const byId = new Map(users.map((row) => [row.id, toUser(row)]));
  const awards = await awardsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) =>
    toBounty(row, byId.get(row.offerer_id) ?? null, awards.get(row.id) ?? []),
  );
}

export type BountyRepository = ReturnType<typeof createBountyRepository>;

export function createBountyRepository(db: AppDatabase, dialect: Dialect) {
  return {
    /**
     * Writes the bounty and its settling job (which runs at `settlesAt`), inside the transaction
     * whose escrow took its units, and the notification of the post's author.
     */
    async insert(
      trx: Executor,
      bounty: NewBounty,
      job: NewJob,
      notice: NewNotification | null,
    ): Promise<boolean> {
      await trx
        .insertInto('bounties')
        .values({
          id: bounty.id,
          post_id: bounty.postId,
          offerer_id: bounty.offererId,
          from_pool: bounty.fromPool ? 1 : 0,
          amount_units: bounty.units.toString(),
          max_awards: bounty.maxAwards,
          deadline: bounty.deadline,
          settles_at: bounty.settlesAt,
          created_at: bounty.createdAt,
        })
        .execute();
      await trx
        .insertInto('jobs')
        .values({ ...newJobRow(job), run_after: bounty.settlesAt })
        .execute();
      return notice ? addNotification(trx, notice) : false;
    },

    /** The bounty, held until the transaction ends (PostgreSQL; SQLite has one writer). */
    async lock(trx: Executor, id: string): Promise<Bounty | undefined> {
      const row = await lockRows(
        dialect,
        trx.selectFrom('bounties').select(BOUNTY_COLUMNS).where('id', '=', id),
      ).executeTakeFirst();
      return row && (await readBounties(trx, [row]))[0];
    },

    async find(id: string): Promise<Bounty | undefined> {
      const row = await db
        .selectFrom('bounties')
        .select(BOUNTY_COLUMNS)
        .where('id', '=', id)
        .executeTakeFirst();
      return row && (await readBounties(db, [row]))[0];
    },

    /** The post's bounties, newest first. */
    async ofPost(postId: string, limit: number): Promise<Bounty[]> {
      const rows = await db
        .selectFrom('bounties')
        .select(BOUNTY_COLUMNS)
        .where('post_id', '=', postId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return readBounties(db, rows);
    },

    /** The bounties of these posts still open for reviews at `at` (before their deadline), newest first. */
    async openOf(postIds: string[], at: string): Promise<Bounty[]> {
      if (postIds.length === 0) return [];
      const rows = await db
        .selectFrom('bounties')
        .select(BOUNTY_COLUMNS)
        .where('post_id', 'in', postIds)
        .where('status', '=', 'open')
        .where('deadline', '>', at)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return readBounties(db, rows);
    },

    /** What an award is decided on, for each of the reviews that exists. */
    async reviewFacts(trx: Executor, reviewIds: string[]): Promise<Map<string, ReviewFacts>> {
      const rows = await trx
        .selectFrom('reviews')
        .select(['id', 'post_id', 'reviewer_id', 'created_at', 'deleted_at', 'hidden_at'])
        .where('id', 'in', reviewIds)
        .execute();
      return new Map(
        rows.map((row) => [
          row.id,
          {
            id: row.id,
            postId: row.post_id,
            reviewerId: row.reviewer_id,
            createdAt: row.created_at,
            deleted: row.deleted_at !== null,
            hidden: row.hidden_at !== null,
          },
        ]),
      );
    },

    /** Records an award (its payout already credited) and tells its reviewer. */
    async insertAward(
      trx: Executor,
      award: BountyAward,
      notice: NewNotification | null,
    ): Promise<boolean> {
      await trx
        .insertInto('bounty_awards')
        .values({
          id: award.id,
          bounty_id: award.bountyId,
          review_id: award.reviewId,
          reviewer_id: award.reviewerId,
          amount_units: award.units.toString(),
          payout_id: award.payoutId,
          awarded_at: award.awardedAt,
        })
        .execute();
      return notice ? addNotification(trx, notice) : false;
    },

    /** Closes the open bounty with what went back; false when it was closed already. */
    async close(trx: Executor, id: string, refunded: bigint, at: string): Promise<boolean> {
      const result = await trx
        .updateTable('bounties')
        .set({ status: 'closed', refunded_units: refunded.toString(), closed_at: at })
        .where('id', '=', id)
        .where('status', '=', 'open')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
