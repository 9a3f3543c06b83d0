import {
  reportStatusSchema,
  reportTargetTypeSchema,
  type ModerationAction,
  type ReportStatus,
  type ReportTargetType,
} from '@symposia/shared';
import type { Transaction } from 'kysely';
import type { AppDatabase, DatabaseSchema } from '../db/index.js';
import { loggedActionFields, type LoggedAction } from '../domain/moderation-log.js';
import type { Viewer } from '../domain/post.js';
import type { ReviewRule } from '../domain/review-status.js';
import { deleteCommentWithin, setCommentHiddenWithin } from './comment-writes.js';
import { addNotification, type NewNotification } from './notification-writes.js';
import { timeOrderedId } from './ordered-ids.js';
import { lockRows, type Dialect, type Executor } from './database.js';
import { moderationLog, moderationQueue } from './moderation-reads.js';
import { deletePostWithin, setPostHiddenWithin, type HiddenChange } from './post-repository.js';
import {
  deleteResponseWithin,
  deleteReviewWithin,
  setResponseHiddenWithin,
  setReviewHiddenWithin,
} from './review-writes.js';
import { freezeRewardsOf } from './reward-holds.js';
import { revokeSessionsOf } from './session-writes.js';
import { voidSignalsOf } from './signal-voids.js';

export type ModerationRepository = ReturnType<typeof createModerationRepository>;

type Trx = Transaction<DatabaseSchema>;

/** What the moderators hide and restore: content, never a member (a response by its review). */
type HideableType = Exclude<ReportTargetType, 'user'>;

/** A report as resolving it needs to know it. */
export interface StoredReport {
  id: string;
  targetType: ReportTargetType;
  targetId: string;
  targetAuthorId: string;
  status: ReportStatus;
}

/** The open reports a decision resolved, and the log row that records it. */
export interface Resolved {
  logId: string;
  reports: { id: string; reporterId: string }[];
}

export interface Resolution {
  reportId: string;
  moderatorId: string;
  action: ModerationAction;
  note: string;
  at: Date;
  /** With `suspend`: until when (ISO). */
  suspendedUntil: string | null;
  /** What the decision tells whom, once it is known which reports it resolved. */
  notices: (resolved: Resolved) => NewNotification[];
  /** The rule a review's post is computed again by, when a review is hidden or deleted. */
  reviewRule: ReviewRule;
}

export type ResolutionOutcome =
  | { kind: 'resolved'; resolvedCount: number; told: string[] }
  | { kind: 'not-found' }
  | { kind: 'already-resolved' }
  /** The post or comment was deleted while the decision was on its way: nothing was written. */
  | { kind: 'target-gone' };

export interface Restoration {
  targetType: HideableType;
  targetId: string;
  moderatorId: string;
  note: string;
  at: Date;
  notices: (logId: string) => NewNotification[];
  /** The rule a restored review's post is computed again by. */
  reviewRule: ReviewRule;
}

export type RestorationOutcome =
  { kind: 'restored'; told: string[] } | { kind: 'not-hidden' } | { kind: 'target-gone' };

/** What suspending a member did to their rewards (issue 28). */
interface SuspensionEffects {
  /** Reversal rows recorded for the signals they gave (signal-voids.ts). */
  voidedSignals: number;
  /** The unclaimed balance frozen (reward-holds.ts). */
  frozenUnits: bigint;
}

/** Thrown inside a transaction to undo it: the target went away meanwhile. */
class TargetGone extends Error {
  override readonly name = 'TargetGone';
}

/**
 * Appends a row to the moderation log (append-only, migration 0009): every moderator action, and
 * what a suspension did to the member's rewards (issue 28), in the transaction that did it.
 */
export async function appendLog(
  trx: Executor,
  entry: LoggedAction & {
    moderatorId: string;
    at: Date;
    /** Freeze, release, forfeit: the units concerned (migration 0023). */
    amountUnits?: bigint;
    /** Voiding signals: how many reversals it recorded. */
    signalCount?: number;
  },
): Promise<string> {
  const id = timeOrderedId(entry.at);
  await trx
    .insertInto('moderation_log')
    .values({
      id,
      moderator_id: entry.moderatorId,
      ...loggedActionFields(entry),
      amount_units: entry.amountUnits === undefined ? null : entry.amountUnits.toString(),
      signal_count: entry.signalCount ?? null,
      created_at: entry.at.toISOString(),
    })
    .execute();
  return id;
}

/**
 * Reports as the moderators work through them, what they decide, and the log of it. A decision
 * is one transaction: every open report on the target resolved, the action applied (through the
 * post, comment and session writes those repositories use too, so counts stay right), the log row
 * appended, and the notifications written.
 */
export function createModerationRepository(db: AppDatabase, dialect: Dialect) {
  const locked = <Q extends { forUpdate(): Q }>(query: Q): Q => lockRows(dialect, query);

  /**
   * Hides (`hiddenAt`) or shows again (null) a post, comment, review or a review's response,
   * through the writes their own repositories use, so counts, contributions and a review's post
   * status follow. `at` is when (a restored comment's contributions come back dated then).
   */
  async function setHiddenWithin(
    trx: Trx,
    type: HideableType,
    id: string,
    change: { hiddenAt: string | null; at: string; reviewRule: ReviewRule },
  ): Promise<HiddenChange> {
    switch (type) {
      case 'post':
        return setPostHiddenWithin(trx, dialect, id, change.hiddenAt);
      case 'comment':
        return setCommentHiddenWithin(trx, dialect, id, change.hiddenAt, change.at);
      case 'review':
        return setReviewHiddenWithin(
          trx,
          dialect,
          id,
          change.hiddenAt,
          change.reviewRule,
          change.at,
        );
      case 'review_response':
        return setResponseHiddenWithin(trx, dialect, id, change.hiddenAt);
    }
  }

  async function notify(trx: Trx, notices: NewNotification[]): Promise<string[]> {
    const told: string[] = [];
    for (const notice of notices) {
      if (await addNotification(trx, notice)) told.push(notice.recipientId);
    }
    return told;
  }

  /**
   * Applies the moderator's action to the target, or throws TargetGone. A suspension also voids
   * the signals the member gave in the undistributed epochs and freezes their unclaimed rewards
   * (issue 28): what it did is returned, for the log.
   */
  async function apply(
    trx: Trx,
    report: StoredReport,
    resolution: Resolution,
  ): Promise<SuspensionEffects | null> {
    const at = resolution.at.toISOString();
    switch (resolution.action) {
      case 'dismiss':
        return null;
      case 'hide': {
        // A member is never hidden (policies refuse it); only content is.
        if (report.targetType === 'user') throw new TargetGone();
        const done = await setHiddenWithin(trx, report.targetType, report.targetId, {
          hiddenAt: at,
          at,
          reviewRule: resolution.reviewRule,
        });
        if (done === 'gone') throw new TargetGone();
        return null;
      }
      case 'delete': {
        let done: boolean;
        switch (report.targetType) {
          case 'user':
            throw new TargetGone();
          case 'post':
            done = await deletePostWithin(trx, report.targetId, at);
            break;
          case 'comment':
            done = await deleteCommentWithin(trx, dialect, report.targetId, at);
            break;
          case 'review':
            done =
              (await deleteReviewWithin(
                trx,
                dialect,
                report.targetId,
                at,
                resolution.reviewRule,
              )) !== undefined;
            break;
          case 'review_response':
            done = await deleteResponseWithin(trx, dialect, report.targetId, at);
            break;
        }
        if (!done) throw new TargetGone();
        return null;
      }
      case 'suspend':
        // The credential version moves too: a sign-in that read the account before this
        // writes no session (session-repository.ts `insert`).
        await trx
          .updateTable('users')
          .set((eb) => ({
            suspended_until: resolution.suspendedUntil,
            updated_at: at,
            credential_version: eb('credential_version', '+', 1),
          }))
          .where('id', '=', report.targetAuthorId)
          .execute();
        await revokeSessionsOf(trx, report.targetAuthorId, at);
        return {
          voidedSignals: await voidSignalsOf(trx, dialect, report.targetAuthorId, at),
          frozenUnits: await freezeRewardsOf(trx, report.targetAuthorId, at),
        };
    }
  }

  /** The log rows of what a suspension did to the member's rewards, when it did anything. */
  async function logSuspensionEffects(
    trx: Trx,
    userId: string,
    resolution: Resolution,
    effects: SuspensionEffects,
  ): Promise<void> {
    const entry = {
      moderatorId: resolution.moderatorId,
      targetType: 'user' as const,
      targetId: userId,
      note: resolution.note,
      reportId: resolution.reportId,
      suspendedUntil: resolution.suspendedUntil,
      at: resolution.at,
    };
    if (effects.voidedSignals > 0) {
      await appendLog(trx, {
        ...entry,
        action: 'void_signals',
        signalCount: effects.voidedSignals,
      });
    }
    if (effects.frozenUnits > 0n) {
      await appendLog(trx, {
        ...entry,
        action: 'freeze_rewards',
        amountUnits: effects.frozenUnits,
      });
    }
  }

  return {
    async findReport(id: string): Promise<StoredReport | undefined> {
      const row = await db
        .selectFrom('reports')
        .select(['id', 'target_type', 'target_id', 'target_author_id', 'status'])
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toStoredReport(row);
    },

    /**
     * Resolves the report and every other open report on its target, applies the action, logs
     * it and writes its notifications, in one transaction. Returns whom it notified.
     */
    async resolve(resolution: Resolution): Promise<ResolutionOutcome> {
      try {
        return await db.transaction().execute(async (trx) => {
          const row = await trx
            .selectFrom('reports')
            .select(['id', 'target_type', 'target_id', 'target_author_id', 'status'])
            .where('id', '=', resolution.reportId)
            .executeTakeFirst();
          if (!row) return { kind: 'not-found' as const };
          const report = toStoredReport(row);
          // Every open report on the target, locked in one order (by id) so that two moderators
          // resolving reports on one target at once wait for each other rather than deadlock.
          const open = await locked(
            trx
              .selectFrom('reports')
              .select(['id', 'reporter_id'])
              .where('target_type', '=', report.targetType)
              .where('target_id', '=', report.targetId)
              .where('status', '=', 'open')
              .orderBy('id'),
          ).execute();
          if (!open.some((each) => each.id === resolution.reportId)) {
            return { kind: 'already-resolved' as const };
          }
          const effects = await apply(trx, report, resolution);
          const at = resolution.at.toISOString();
          await trx
            .updateTable('reports')
            .set({
              status: 'resolved',
              outcome: resolution.action,
              resolved_by: resolution.moderatorId,
              resolved_at: at,
            })
            .where(
              'id',
              'in',
              open.map((each) => each.id),
            )
            .execute();
          const logId = await appendLog(trx, {
            moderatorId: resolution.moderatorId,
            action: resolution.action,
            targetType: report.targetType,
            targetId: report.targetId,
            note: resolution.note,
            reportId: report.id,
            suspendedUntil: resolution.suspendedUntil,
            at: resolution.at,
          });
          if (effects) await logSuspensionEffects(trx, report.targetAuthorId, resolution, effects);
          const resolved: Resolved = {
            logId,
            reports: open.map((each) => ({ id: each.id, reporterId: each.reporter_id })),
          };
          const told = await notify(trx, resolution.notices(resolved));
          return { kind: 'resolved' as const, resolvedCount: open.length, told };
        });
      } catch (error) {
        if (error instanceof TargetGone) return { kind: 'target-gone' };
        throw error;
      }
    },

    /** Shows hidden content again, logs it and writes its notifications, in one go. */
    async restore(restoration: Restoration): Promise<RestorationOutcome> {
      return db.transaction().execute(async (trx) => {
        const done = await setHiddenWithin(trx, restoration.targetType, restoration.targetId, {
          hiddenAt: null,
          at: restoration.at.toISOString(),
          reviewRule: restoration.reviewRule,
        });
        if (done === 'gone') return { kind: 'target-gone' as const };
        if (done === 'unchanged') return { kind: 'not-hidden' as const };
        const logId = await appendLog(trx, {
          moderatorId: restoration.moderatorId,
          action: 'restore',
          targetType: restoration.targetType,
          targetId: restoration.targetId,
          note: restoration.note,
          reportId: null,
          suspendedUntil: null,
          at: restoration.at,
        });
        const told = await notify(trx, restoration.notices(logId));
        return { kind: 'restored' as const, told };
      });
    },

    /**
     * The reports with `status`, grouped by target, the target first reported earliest first
     * (moderation-reads.ts).
     */
    queue: (status: ReportStatus, moderator: Viewer, page: { skip: number; limit: number }) =>
      moderationQueue(db, status, moderator, page),

    /** The moderation log, newest first. */
    log: (page: { skip: number; limit: number }) => moderationLog(db, page),
  };
}

function toStoredReport(row: {
  id: string;
  target_type: string;
  target_id: string;
  target_author_id: string;
  status: string;
}): StoredReport {
  return {
    id: row.id,
    targetType: reportTargetTypeSchema.parse(row.target_type),
    targetId: row.target_id,
    targetAuthorId: row.target_author_id,
    status: reportStatusSchema.parse(row.status),
  };
}
