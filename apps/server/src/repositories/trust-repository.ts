import { userRoleSchema, type UserRole } from '@symposia/shared';
import { sql } from 'kysely';
import type { AppDatabase } from '../db/index.js';
import type { ContributionKind } from '../domain/reward.js';
import { TRUST_SCALE } from '../domain/trust.js';
import { writeTransaction as writeTransactionOn, type Dialect, type Executor } from './database.js';
import { timeOrderedId } from './ordered-ids.js';

export type TrustRepository = ReturnType<typeof createTrustRepository>;

/** The endorsements one member gave another of one kind in a span: pairs standing at its end. */
export interface GivenPairs {
  actorId: string;
  recipientId: string;
  kind: ContributionKind;
  pairs: number;
}

export interface TrustMark {
  userId: string;
  seed: boolean;
  note: string;
  markedBy: string;
  markedAt: string;
}

export interface TrustRun {
  id: string;
  computedAt: string;
  members: number;
  edges: number;
  seeds: number;
  iterations: number;
}

export interface DownWeightedRow {
  actorId: string;
  /** Score points of the actor's standing signals, unweighted. */
  given: number;
  /** The part trust weighting takes away: given × (1 − trust). */
  withheld: number;
}

/** Rows per INSERT: far below PostgreSQL's 65,535 parameters. */
const INSERT_CHUNK = 500;

/**
 * Community trust (migration 0021, docs/TRUST.md): the interaction graph read as a few rows per
 * pair of members, the seeds and marks, the computed scores and the runs. Reads are aggregated
 * in SQL and bounded; storing a run replaces every score in one transaction.
 */
export function createTrustRepository(db: AppDatabase, dialect: Dialect) {
  const writeTransaction = <T>(work: (trx: Executor) => Promise<T>) =>
    writeTransactionOn(db, dialect, work);

  /**
   * Each (actor, kind, target) pair whose signals in [since, until) sum above 0 — a like taken
   * back, a comment deleted, counts nothing — with its recipient; not oneself.
   */
  const standingPairs = (since: string, until: string) => sql`
    select actor_id, kind, target_id, min(recipient_id) as recipient_id
    from contribution_events
    where created_at >= ${since} and created_at < ${until} and actor_id <> recipient_id
    group by actor_id, kind, target_id
    having sum(delta) > 0`;

  /** `weights` as a CASE over `kind`: score points per pair. */
  const pointsOf = (weights: Readonly<Record<ContributionKind, number>>) =>
    sql`case ${sql.join(
      Object.entries(weights).map(([kind, weight]) => sql`when kind = ${kind} then ${weight}`),
      sql` `,
    )} else 0 end`;

  return {
    /** The graph's edges in a span: per actor, recipient and kind, how many pairs; at most `limit`. */
    async givenPairs(since: string, until: string, limit: number): Promise<GivenPairs[]> {
      const { rows } = await sql<{
        actor_id: string;
        recipient_id: string;
        kind: ContributionKind;
        pairs: number | string;
      }>`
        select actor_id, recipient_id, kind, count(*) as pairs
        from (${standingPairs(since, until)}) p
        group by actor_id, recipient_id, kind
        order by actor_id, recipient_id, kind
        limit ${limit}`.execute(db);
      return rows.map((row) => ({
        actorId: row.actor_id,
        recipientId: row.recipient_id,
        kind: row.kind,
        pairs: Number(row.pairs),
      }));
    },

    /** Every member: their role, and whether they verified their email or linked ORCID (issue 30). */
    async members(): Promise<
      { id: string; role: UserRole; emailVerified: boolean; orcidLinked: boolean }[]
    > {
      const rows = await db
        .selectFrom('users')
        .select(['id', 'role', 'email_verified_at', 'orcid'])
        .execute();
      return rows.map((row) => ({
        id: row.id,
        role: userRoleSchema.parse(row.role),
        emailVerified: row.email_verified_at !== null,
        orcidLinked: row.orcid !== null,
      }));
    },

    /** Who these members are, as the moderators' trust panel names them. */
    async people(
      userIds: readonly string[],
    ): Promise<{ id: string; username: string; avatar: string; role: UserRole }[]> {
      if (userIds.length === 0) return [];
      const rows = await db
        .selectFrom('users')
        .select(['id', 'username', 'avatar', 'role'])
        .where('id', 'in', [...userIds])
        .execute();
      return rows.map((row) => ({ ...row, role: userRoleSchema.parse(row.role) }));
    },

    async marks(): Promise<TrustMark[]> {
      const rows = await db.selectFrom('trust_marks').selectAll().execute();
      return rows.map((row) => ({
        userId: row.user_id,
        seed: Number(row.seed) === 1,
        note: row.note,
        markedBy: row.marked_by,
        markedAt: row.marked_at,
      }));
    },

    /**
     * Marks a member trusted or untrusted and appends the moderation log's row, in one
     * transaction.
     */
    async mark(mark: TrustMark): Promise<void> {
      await writeTransaction(async (trx) => {
        await trx
          .insertInto('trust_marks')
          .values({
            user_id: mark.userId,
            seed: mark.seed ? 1 : 0,
            note: mark.note,
            marked_by: mark.markedBy,
            marked_at: mark.markedAt,
          })
          .onConflict((oc) =>
            oc.column('user_id').doUpdateSet({
              seed: mark.seed ? 1 : 0,
              note: mark.note,
              marked_by: mark.markedBy,
              marked_at: mark.markedAt,
            }),
          )
          .execute();
        await trx
          .insertInto('moderation_log')
          .values({
            id: timeOrderedId(new Date(mark.markedAt)),
            moderator_id: mark.markedBy,
            action: mark.seed ? 'trust' : 'untrust',
            target_type: 'user',
            target_id: mark.userId,
            note: mark.note,
            report_id: null,
            suspended_until: null,
            created_at: mark.markedAt,
          })
          .execute();
      });
    },

    /** Replaces every member's trust with a run's (members absent from `units` have 0). */
    async storeRun(run: TrustRun, units: ReadonlyMap<string, number>): Promise<void> {
      const rows = [...units.entries()]
        .filter(([, value]) => value > 0)
        .map(([userId, value]) => ({
          user_id: userId,
          trust_units: Math.min(TRUST_SCALE, Math.max(0, Math.round(value))),
          computed_at: run.computedAt,
        }));
      await writeTransaction(async (trx) => {
        await trx.deleteFrom('user_trust').execute();
        for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
          await trx
            .insertInto('user_trust')
            .values(rows.slice(start, start + INSERT_CHUNK))
            .execute();
        }
        await trx
          .insertInto('trust_runs')
          .values({
            id: run.id,
            computed_at: run.computedAt,
            members: run.members,
            edges: run.edges,
            seeds: run.seeds,
            iterations: run.iterations,
          })
          .execute();
      });
    },

    async latestRun(): Promise<TrustRun | undefined> {
      const row = await db
        .selectFrom('trust_runs')
        .selectAll()
        .orderBy('computed_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return (
        row && {
          id: row.id,
          computedAt: row.computed_at,
          members: Number(row.members),
          edges: Number(row.edges),
          seeds: Number(row.seeds),
          iterations: Number(row.iterations),
        }
      );
    },

    /** Member → stored trust in millionths, for these members (absent: 0). */
    async unitsOf(userIds: readonly string[]): Promise<Map<string, number>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('user_trust')
        .select(['user_id', 'trust_units'])
        .where('user_id', 'in', [...userIds])
        .execute();
      return new Map(rows.map((row) => [row.user_id, Number(row.trust_units)]));
    },

    /** Member → their mark (true trusted, false untrusted), for these members. */
    async marksOf(userIds: readonly string[]): Promise<Map<string, boolean>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('trust_marks')
        .select(['user_id', 'seed'])
        .where('user_id', 'in', [...userIds])
        .execute();
      return new Map(rows.map((row) => [row.user_id, Number(row.seed) === 1]));
    },

    /**
     * The actors whose standing signals in [since, until) trust weighting discounts most: the
     * score points they give (by `weights`), and how much of it (1 − trust) is withheld.
     */
    async downWeighted(
      since: string,
      until: string,
      weights: Readonly<Record<ContributionKind, number>>,
      limit: number,
    ): Promise<DownWeightedRow[]> {
      const { rows } = await sql<{
        actor_id: string;
        given: number | string;
        trust: number | string;
      }>`
        select p.actor_id, sum(${pointsOf(weights)}) as given,
          coalesce(max(t.trust_units), 0) as trust
        from (${standingPairs(since, until)}) p
        left join user_trust t on t.user_id = p.actor_id
        group by p.actor_id`.execute(db);
      return rows
        .map((row) => {
          const given = Number(row.given);
          return {
            actorId: row.actor_id,
            given,
            withheld: (given * (TRUST_SCALE - Number(row.trust))) / TRUST_SCALE,
          };
        })
        .filter((row) => row.withheld > 0)
        .sort((a, b) => b.withheld - a.withheld || (a.actorId < b.actorId ? -1 : 1))
        .slice(0, limit);
    },

    /** For each actor, the members they gave most points to in [since, until), most first. */
    async clusters(
      actorIds: readonly string[],
      since: string,
      until: string,
      weights: Readonly<Record<ContributionKind, number>>,
      perActor: number,
    ): Promise<Map<string, { recipientId: string; given: number }[]>> {
      const clusters = new Map<string, { recipientId: string; given: number }[]>();
      if (actorIds.length === 0) return clusters;
      const { rows } = await sql<{
        actor_id: string;
        recipient_id: string;
        given: number | string;
      }>`
        select actor_id, recipient_id, sum(${pointsOf(weights)}) as given
        from (${standingPairs(since, until)}) p
        where actor_id in (${sql.join([...actorIds])})
        group by actor_id, recipient_id`.execute(db);
      for (const row of rows) {
        const list = clusters.get(row.actor_id) ?? [];
        list.push({ recipientId: row.recipient_id, given: Number(row.given) });
        clusters.set(row.actor_id, list);
      }
      for (const [actorId, list] of clusters) {
        list.sort((a, b) => b.given - a.given || (a.recipientId < b.recipientId ? -1 : 1));
        clusters.set(actorId, list.slice(0, perActor));
      }
      return clusters;
    },
  };
}
