import { sql, type Kysely } from 'kysely';
import type { AppDatabase, DatabaseSchema } from '../db/index.js';
import type { RewardEpoch, RewardPayout, ScoredEvent } from '../domain/reward.js';
import type { User } from '../domain/user.js';
import { newJobRow, type NewJob } from './job-repository.js';
import { addNotification, type NewNotification } from './notification-writes.js';
import type { Dialect } from './post-repository.js';
import { toUser, USER_COLUMNS } from './user-repository.js';
import { commentHidden, commentNotDeleted, postHidden, postNotDeleted } from './visibility.js';

export type RewardRepository = ReturnType<typeof createRewardRepository>;

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
}

/** What an epoch's distribution is decided on, read in its transaction. */
export interface DistributionFacts {
  epoch: RewardEpoch;
  events: ScoredEvent[];
  /** Member → units carried from their last payout before the epoch. */
  carries: Map<string, bigint>;
}

export interface PayoutHistoryEntry {
  epochId: number;
  score: number;
  amountUnits: bigint;
  /** The claim that took it, if one did. */
  claim: {
    status: string;
    createdAt: string;
    completedAt: string | null;
    signature: string | null;
  } | null;
}

export interface MemberRewards {
  /** Credited and taken by no claim. */
  claimableUnits: bigint;
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

interface EventRow {
  id: string;
  kind: ScoredEvent['kind'];
  recipient_id: string;
  actor_id: string;
  target_id: string;
  delta: number | string;
  created_at: string;
  actor_created_at: string;
  seen_before: number | string;
}

/** Payout rows per INSERT: far below PostgreSQL's 65,535 parameters. */
const INSERT_CHUNK = 500;

type Executor = Kysely<DatabaseSchema>;

/** Bigints are summed and read as text, so no driver rounds them through a float. */
const unitsText = (expression: ReturnType<typeof sql>) =>
  sql<string>`cast(coalesce(${expression}, 0) as text)`;

/**
 * The epochs, the contribution signals as an epoch's scoring reads them, and the payouts
 * (migration 0010). Distributing an epoch is one transaction that holds the epoch's row (SQLite:
 * the write lock from its start), so two workers at once pay each member once; the payouts'
 * primary key (epoch, member) would refuse a second row anyway.
 */
export function createRewardRepository(db: AppDatabase, dialect: Dialect) {
  /** One write transaction; on SQLite BEGIN IMMEDIATE, so its reads are the state it writes on. */
  async function writeTransaction<T>(work: (trx: Executor) => Promise<T>): Promise<T> {
    if (dialect === 'postgres') return db.transaction().execute(work);
    return db.connection().execute(async (connection) => {
      await sql`begin immediate`.execute(connection);
      try {
        const result = await work(connection);
        await sql`commit`.execute(connection);
        return result;
      } catch (error) {
        await sql`rollback`.execute(connection);
        throw error;
      }
    });
  }

  /**
   * The signals of `span` as scoring reads them, oldest first, leaving out those on content hidden
   * or deleted by now: a post, a liked or answered comment, or the comment written. With
   * `actorsOf`, only the events of the actors who gave that member something in the span (all a
   * member's score needs, the daily cap being per actor).
   */
  async function eventsOf(
    executor: Executor,
    span: { startsAt: string; endsAt: string },
    actorsOf?: string,
  ): Promise<ScoredEvent[]> {
    const onlyActors = actorsOf
      ? sql`and e.actor_id in (select r.actor_id from contribution_events r
          where r.recipient_id = ${actorsOf}
            and r.created_at >= ${span.startsAt} and r.created_at < ${span.endsAt})`
      : sql``;
    const standing = (ref: string) => sql`exists (select 1 from comments
      where comments.id = ${sql.ref(ref)} and ${commentNotDeleted()} and not ${commentHidden()})`;
    const { rows } = await sql<EventRow>`
      select e.id, e.kind, e.recipient_id, e.actor_id, e.target_id, e.delta, e.created_at,
        u.created_at as actor_created_at,
        case when exists (select 1 from contribution_events p
          where p.target_id = e.target_id and p.actor_id = e.actor_id and p.kind = e.kind
            and p.created_at < ${span.startsAt}) then 1 else 0 end as seen_before
      from contribution_events e
      join users u on u.id = e.actor_id
      where e.created_at >= ${span.startsAt} and e.created_at < ${span.endsAt}
        ${onlyActors}
        and exists (select 1 from posts
          where posts.id = e.post_id and ${postNotDeleted()} and not ${postHidden()})
        and (e.kind not in ('comment_like', 'reply_received') or ${standing('e.target_id')})
        and (e.source_id is null or ${standing('e.source_id')})
      order by e.created_at, e.id`.execute(executor);
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      recipientId: row.recipient_id,
      actorId: row.actor_id,
      targetId: row.target_id,
      delta: Number(row.delta) > 0 ? 1 : -1,
      createdAt: row.created_at,
      actorCreatedAt: row.actor_created_at,
      pairSeenBefore: Number(row.seen_before) === 1,
    }));
  }

  /** Member → units carried by their latest payout before `epochId`, where it carried any. */
  async function carriesBefore(executor: Executor, epochId: number): Promise<Map<string, bigint>> {
    const { rows } = await sql<{ user_id: string; carry: string }>`
      select rp.user_id, cast(rp.carry_units as text) as carry
      from reward_payouts rp
      where rp.epoch_id < ${epochId} and rp.carry_units > 0
        and not exists (select 1 from reward_payouts later
          where later.user_id = rp.user_id and later.epoch_id > rp.epoch_id
            and later.epoch_id < ${epochId})`.execute(executor);
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

    /** The signals of a span as scoring reads them (see eventsOf). */
    events: (span: { startsAt: string; endsAt: string }, actorsOf?: string) =>
      eventsOf(db, span, actorsOf),

    /**
     * Distributes the epoch once: in one transaction holding the epoch's row, reads its signals
     * and the carries, lets `decide` split the pool, writes the payouts, the remainder and the
     * notifications. `false` when the epoch does not exist or was already distributed.
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
        const decision = decide({
          epoch,
          events: await eventsOf(trx, epoch),
          carries: await carriesBefore(trx, epochId),
        });
        for (let start = 0; start < decision.payouts.length; start += INSERT_CHUNK) {
          await trx
            .insertInto('reward_payouts')
            .values(
              decision.payouts.slice(start, start + INSERT_CHUNK).map((payout) => ({
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
        await trx
          .updateTable('reward_epochs')
          .set({ remainder_units: decision.remainderUnits.toString(), distributed_at: at })
          .where('id', '=', epochId)
          .execute();
        const told: string[] = [];
        for (const notice of decision.notices) {
          if (await addNotification(trx, notice)) told.push(notice.recipientId);
        }
        return { distributed: true as const, told };
      });
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
            unitsText(sql`sum(case when claim_id is null then amount_units else 0 end)`).as(
              'claimable',
            ),
            unitsText(sql`sum(amount_units)`).as('earned'),
          ])
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('reward_payouts')
          .leftJoin('reward_claims', 'reward_claims.id', 'reward_payouts.claim_id')
          .select([
            'reward_payouts.epoch_id',
            'reward_payouts.score',
            sql<string>`cast(reward_payouts.amount_units as text)`.as('amount'),
            'reward_claims.status',
            'reward_claims.created_at as claim_created_at',
            'reward_claims.completed_at',
            'reward_claims.signature',
          ])
          .where('reward_payouts.user_id', '=', userId)
          .orderBy('reward_payouts.epoch_id', 'desc')
          .limit(limit)
          .execute(),
      ]);
      return {
        claimableUnits: BigInt(sums.claimable),
        earnedUnits: BigInt(sums.earned),
        history: rows.map((row) => ({
          epochId: Number(row.epoch_id),
          score: Number(row.score),
          amountUnits: BigInt(row.amount),
          claim:
            row.status === null || row.claim_created_at === null
              ? null
              : {
                  status: row.status,
                  createdAt: row.claim_created_at,
                  completedAt: row.completed_at,
                  signature: row.signature,
                },
        })),
      };
    },

    /** Everything ever credited to the member (profile statistics). */
    async earnedUnits(userId: string): Promise<bigint> {
      const row = await db
        .selectFrom('reward_payouts')
        .select(unitsText(sql`sum(amount_units)`).as('earned'))
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
