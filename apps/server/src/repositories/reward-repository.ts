import { sql } from 'kysely';
import type { AppDatabase } from '../db/index.js';
import type { RewardEpoch, RewardPayout } from '../domain/reward.js';
import type { User } from '../domain/user.js';
import { writeTransaction as writeTransactionOn, type Dialect, type Executor } from './database.js';
import { newJobRow, type NewJob } from './job-repository.js';
import { transfersOfKind } from './ledger-repository.js';
import { addNotification, type NewNotification } from './notification-writes.js';
import { REWARD_KIND } from './reward-claim-repository.js';
import { countedPairsOf, countedReviewsOf, type ScoringCriteria } from './reward-pairs.js';
import { freezeSuspendedPayouts } from './reward-holds.js';
import { toUser, USER_COLUMNS } from './user-repository.js';

export type RewardRepository = ReturnType<typeof createRewardRepository>;
export type { ReceivedPairs, ScoringCriteria } from './reward-pairs.js';

export interface EpochSpanRow {
  id: number;
  startsAt: string;
  endsAt: string;
  poolUnits: bigint;
}

/** What distributing an epoch decided: the payouts, the remainder and whom to tell. */
export interface DistributionDecision {
  payouts: RewardPayout[];
  remainderUnits: bigint;
  notices: NewNotification[];
  /** What trust weighting changed (issue 28), shown on the public epoch page. */
  trustWeighting: { unweightedScore: number; weightedScore: number; withheldUnits: bigint };
}

/** The figures of a distributed epoch (GET /rewards/epochs/{id}). */
export interface EpochFigures {
  membersPaid: number;
  paidUnits: bigint;
  unweightedScore: number;
  weightedScore: number;
  withheldUnits: bigint;
}

/** What an epoch's distribution is decided on, read in its transaction. */
export interface DistributionFacts {
  epoch: RewardEpoch;
  /** Member → units carried from their last payout before the epoch. */
  carries: Map<string, bigint>;
}

export interface PayoutHistoryEntry {
  epochId: number;
  score: number;
  amountUnits: bigint;
  /** frozen | forfeited (migration 0023); null: none. */
  hold: string | null;
  /** The claim that took it, if one did. */
  claim: {
    status: string;
    createdAt: string;
    completedAt: string | null;
    signature: string | null;
  } | null;
}

export interface MemberRewards {
  /** Credited, taken by no claim, and without a hold. */
  claimableUnits: bigint;
  /** Credited, taken by no claim, and frozen (reward-holds.ts). */
  frozenUnits: bigint;
  /** Everything ever credited. */
  earnedUnits: bigint;
  /** Newest first. */
  history: PayoutHistoryEntry[];
}

export interface LeaderboardRow {
  user: User;
  score: number;
  amountUnits: bigint;
}

interface EpochRow {
  id: number | string;
  starts_at: string;
  ends_at: string;
  pool_units: number | string;
  remainder_units: number | string | null;
  distributed_at: string | null;
}

const toEpoch = (row: EpochRow): RewardEpoch => ({
  id: Number(row.id),
  startsAt: row.starts_at,
  endsAt: row.ends_at,
  poolUnits: BigInt(row.pool_units),
  remainderUnits: row.remainder_units === null ? null : BigInt(row.remainder_units),
  distributedAt: row.distributed_at,
});

/**
 * What a payout adds to "earned": an epoch's credit or a bounty's award. Change and refunds give
 * back what was earned before (ledger balance moves, migration 0026), so they do not count again.
 */
const EARNED = sql`case when origin in ('epoch', 'award') then amount_units else 0 end`;

/** Payout rows per INSERT: far below PostgreSQL's 65,535 parameters. */
const INSERT_CHUNK = 500;

/** Bigints are summed and read as text, so no driver rounds them through a float. */
const unitsText = (expression: ReturnType<typeof sql>) =>
  sql<string>`cast(coalesce(${expression}, 0) as text)`;

/**
 * The epochs, the contribution signals counted as an epoch's scoring counts them, and the
 * payouts (migration 0010). The signals are aggregated in SQL, before and outside the write
 * transaction: an ended epoch's events no longer change, and memory holds a few rows per member
 * however many events there were. Distributing an epoch is then one transaction that holds the
 * epoch's row (SQLite: the write lock from its start) and writes the payouts, so two workers at
 * once pay each member once; the payouts' primary key (epoch, member) would refuse a second row.
 */
export function createRewardRepository(db: AppDatabase, dialect: Dialect) {
  /** One write transaction; on SQLite BEGIN IMMEDIATE, so its reads are the state it writes on. */
  const writeTransaction = <T>(work: (trx: Executor) => Promise<T>) =>
    writeTransactionOn(db, dialect, work);

  /** Member → units carried by their latest payout before `epochId`, where it carried any. */
  async function carriesBefore(executor: Executor, epochId: number): Promise<Map<string, bigint>> {
    const { rows } = await sql<{ user_id: string; carry: string }>`
      select rp.user_id, cast(rp.carry_units as text) as carry
      from reward_payouts rp
      where rp.epoch_id < ${epochId} and rp.carry_units > 0 and rp.origin = 'epoch'
        and not exists (select 1 from reward_payouts later
          where later.user_id = rp.user_id and later.epoch_id > rp.epoch_id
            and later.epoch_id < ${epochId} and later.origin = 'epoch')`.execute(executor);
    return new Map(rows.map((row) => [row.user_id, BigInt(row.carry)]));
  }

  const selectEpoch = (executor: Executor) =>
    executor
      .selectFrom('reward_epochs')
      .select(['id', 'starts_at', 'ends_at', 'pool_units', 'remainder_units', 'distributed_at']);

  return {
    async latestEpoch(): Promise<RewardEpoch | undefined> {
      const row = await selectEpoch(db).orderBy('id', 'desc').limit(1).executeTakeFirst();
      return row && toEpoch(row);
    },

    async findEpoch(id: number): Promise<RewardEpoch | undefined> {
      const row = await selectEpoch(db).where('id', '=', id).executeTakeFirst();
      return row && toEpoch(row);
    },

    /** The latest epoch whose payouts are written. */
    async lastDistributedEpoch(): Promise<RewardEpoch | undefined> {
      const row = await selectEpoch(db)
        .where('distributed_at', 'is not', null)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row && toEpoch(row);
    },

    /** Writes the epoch unless it exists: several processes may open the same one. */
    async openEpoch(epoch: EpochSpanRow): Promise<void> {
      await db
        .insertInto('reward_epochs')
        .values({
          id: epoch.id,
          starts_at: epoch.startsAt,
          ends_at: epoch.endsAt,
          pool_units: epoch.poolUnits.toString(),
          remainder_units: null,
          distributed_at: null,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    },

    /** The epochs over by `now` whose payouts are not written yet, oldest first. */
    async endedUndistributed(now: string): Promise<RewardEpoch[]> {
      const rows = await selectEpoch(db)
        .where('distributed_at', 'is', null)
        .where('ends_at', '<=', now)
        .orderBy('id')
        .execute();
      return rows.map(toEpoch);
    },

    /**
     * Queues the job (one per kind and subject): written if missing, queued again with fresh
     * attempts if it failed for good, left alone while queued, running or done.
     */
    async scheduleJob(job: NewJob): Promise<void> {
      await db
        .insertInto('jobs')
        .values(newJobRow(job))
        .onConflict((oc) =>
          oc
            .columns(['kind', 'subject_id'])
            .doUpdateSet({
              status: 'queued',
              attempts: 0,
              run_after: job.at,
              lease_until: null,
              locked_by: null,
              updated_at: job.at,
            })
            .where('jobs.status', '=', 'failed'),
        )
        .execute();
    },

    /**
     * The pairs that count in a span, per member and kind: the contribution signals
     * (countedPairsOf) and the review signals (countedReviewsOf); with `recipientId`, that
     * member's alone. Read outside any write transaction.
     */
    async countedPairs(
      span: { startsAt: string; endsAt: string },
      criteria: ScoringCriteria,
      recipientId?: string,
    ) {
      const counts = await Promise.all(
        [countedPairsOf, countedReviewsOf].map((count) =>
          count(db, dialect, span, criteria, recipientId),
        ),
      );
      return counts.flat();
    },

    /**
     * Distributes the epoch once: in one transaction holding the epoch's row, reads the carries,
     * lets `decide` split the pool (on scores counted before, `countedPairs`), writes the
     * payouts, the remainder and the notifications. `false` when the epoch does not exist or was
     * already distributed.
     */
    async distribute(
      epochId: number,
      at: string,
      decide: (facts: DistributionFacts) => DistributionDecision,
    ): Promise<{ distributed: false } | { distributed: true; told: string[] }> {
      return writeTransaction(async (trx) => {
        let locked = selectEpoch(trx).where('id', '=', epochId);
        if (dialect === 'postgres') locked = locked.forUpdate();
        const row = await locked.executeTakeFirst();
        if (!row || row.distributed_at !== null) return { distributed: false as const };
        const epoch = toEpoch(row);
        const decision = decide({ epoch, carries: await carriesBefore(trx, epochId) });
        for (let start = 0; start < decision.payouts.length; start += INSERT_CHUNK) {
          await trx
            .insertInto('reward_payouts')
            .values(
              decision.payouts.slice(start, start + INSERT_CHUNK).map((payout) => ({
                id: `${epochId}:${payout.userId}`,
                epoch_id: epochId,
                user_id: payout.userId,
                score: payout.score,
                amount_units: payout.amountUnits.toString(),
                carry_units: payout.carryUnits.toString(),
                created_at: at,
                claim_id: null,
              })),
            )
            .execute();
        }
        // Issue 28: what this credits to a member suspended now is frozen with their balance.
        await freezeSuspendedPayouts(trx, epochId, at);
        await trx
          .updateTable('reward_epochs')
          .set({
            remainder_units: decision.remainderUnits.toString(),
            distributed_at: at,
            unweighted_score: decision.trustWeighting.unweightedScore,
            weighted_score: decision.trustWeighting.weightedScore,
            withheld_units: decision.trustWeighting.withheldUnits.toString(),
          })
          .where('id', '=', epochId)
          .execute();
        const told: string[] = [];
        for (const notice of decision.notices) {
          if (await addNotification(trx, notice)) told.push(notice.recipientId);
        }
        return { distributed: true as const, told };
      });
    },

    /** How many members the epoch credited, how much, and what trust weighting changed. */
    async epochFigures(epochId: number): Promise<EpochFigures> {
      const [paid, epoch] = await Promise.all([
        db
          .selectFrom('reward_payouts')
          .select([
            sql<string>`cast(count(*) as text)`.as('members'),
            unitsText(sql`sum(amount_units)`).as('paid'),
          ])
          .where('epoch_id', '=', epochId)
          .where('origin', '=', 'epoch')
          .where('amount_units', '>', 0)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('reward_epochs')
          .select([
            'unweighted_score',
            'weighted_score',
            unitsText(sql`withheld_units`).as('withheld'),
          ])
          .where('id', '=', epochId)
          .executeTakeFirst(),
      ]);
      return {
        membersPaid: Number(paid.members),
        paidUnits: BigInt(paid.paid),
        unweightedScore: Number(epoch?.unweighted_score ?? 0),
        weightedScore: Number(epoch?.weighted_score ?? 0),
        withheldUnits: BigInt(epoch?.withheld ?? '0'),
      };
    },

    /** The payouts of an epoch, in the order written (tests and audits). */
    async payoutsOf(epochId: number): Promise<RewardPayout[]> {
      const rows = await db
        .selectFrom('reward_payouts')
        .select([
          'user_id',
          'score',
          sql<string>`cast(amount_units as text)`.as('amount'),
          sql<string>`cast(carry_units as text)`.as('carry'),
        ])
        .where('epoch_id', '=', epochId)
        .where('origin', '=', 'epoch')
        .orderBy('user_id')
        .execute();
      return rows.map((row) => ({
        userId: row.user_id,
        score: Number(row.score),
        amountUnits: BigInt(row.amount),
        carryUnits: BigInt(row.carry),
      }));
    },

    /** What the member was credited, what no claim took yet, and their last `limit` payouts. */
    async memberRewards(userId: string, limit: number): Promise<MemberRewards> {
      const [sums, rows] = await Promise.all([
        db
          .selectFrom('reward_payouts')
          .select([
            unitsText(
              sql`sum(case when claim_id is null and hold is null then amount_units else 0 end)`,
            ).as('claimable'),
            unitsText(
              sql`sum(case when claim_id is null and hold = 'frozen' then amount_units else 0 end)`,
            ).as('frozen'),
            unitsText(sql`sum(${EARNED})`).as('earned'),
          ])
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('reward_payouts')
          .select([
            'epoch_id',
            'score',
            sql<string>`cast(amount_units as text)`.as('amount'),
            'claim_id',
            'hold',
          ])
          .where('user_id', '=', userId)
          .where('origin', 'in', ['epoch', 'award'])
          .orderBy('epoch_id', 'desc')
          .orderBy('created_at', 'desc')
          .limit(limit)
          .execute(),
      ]);
      // The claims are the ledger's rows (token_transfers of kind 'reward'), read as the ledger
      // reads them. A claim failed between the two reads shows as failed on its payouts once;
      // its release gave them back, so the next read shows them claimable.
      const claimIds = rows.flatMap((row) => (row.claim_id === null ? [] : [row.claim_id]));
      const claims = await transfersOfKind(db, REWARD_KIND, claimIds);
      return {
        claimableUnits: BigInt(sums.claimable),
        frozenUnits: BigInt(sums.frozen),
        earnedUnits: BigInt(sums.earned),
        history: rows.map((row) => {
          const claim = row.claim_id === null ? undefined : claims.get(row.claim_id);
          return {
            epochId: Number(row.epoch_id),
            score: Number(row.score),
            amountUnits: BigInt(row.amount),
            hold: row.hold,
            claim: claim
              ? {
                  status: claim.status,
                  createdAt: claim.createdAt,
                  completedAt: claim.completedAt,
                  signature: claim.signature,
                }
              : null,
          };
        }),
      };
    },

    /** Everything ever credited to the member (profile statistics). */
    async earnedUnits(userId: string): Promise<bigint> {
      const row = await db
        .selectFrom('reward_payouts')
        .select(unitsText(sql`sum(${EARNED})`).as('earned'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return BigInt(row.earned);
    },

    /** The epoch's top `limit` members by amount credited (then score), with who they are. */
    async leaderboard(epochId: number, limit: number): Promise<LeaderboardRow[]> {
      const rows = await db
        .selectFrom('reward_payouts')
        .innerJoin('users', 'users.id', 'reward_payouts.user_id')
        .select([
          ...USER_COLUMNS,
          'reward_payouts.score',
          sql<string>`cast(reward_payouts.amount_units as text)`.as('amount'),
        ])
        .where('reward_payouts.epoch_id', '=', epochId)
        .where('reward_payouts.origin', '=', 'epoch')
        .orderBy('reward_payouts.amount_units', 'desc')
        .orderBy('reward_payouts.score', 'desc')
        .orderBy('reward_payouts.user_id')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        user: toUser(row),
        score: Number(row.score),
        amountUnits: BigInt(row.amount),
      }));
    },
  };
}
