import { randomUUID } from 'node:crypto';
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { Dialect, Executor } from './database.js';

/**
 * Voiding the contribution signals a suspended member gave (issue 28), at the event level: the
 * scoring rules are left as they are (services/rewards/scoring.ts, and `countedPairs` in
 * reward-repository.ts), and what they already honour does the work — a pair counts only if its
 * events in the epoch sum to more than 0.
 *
 * For every epoch not yet distributed (the running one, and one that ended but whose
 * distribution has not run yet) and what lies after the last epoch opened, the member's events
 * are summed per kind, target and source (the comment written, for comment_received and
 * reply_received; none for likes), and each group that sums above 0 gets as many reversal rows
 * (delta −1) as its sum, with the same recipient, post, target and source. So each group sums to
 * 0, and whatever the scoring leaves out (a comment deleted or hidden drops its source's rows,
 * reversals included) the pair sums to 0 at most and counts nothing. The rows are dated inside
 * the epoch their events belong to: at `at` when it falls inside, else the epoch's last
 * millisecond — a distribution that runs after the suspension, of an epoch that ended before it,
 * sees them. Epochs already distributed are left alone: their payouts are written.
 *
 * Signals recorded after this, while the suspension lasts, are not recorded at all
 * (`addContribution` in contribution-writes.ts). On PostgreSQL the table is locked in SHARE mode
 * first: a like or comment still being written waits for the suspension to commit and then
 * sees it, and one written just before is committed and is voided here. SQLite has one writer.
 */
export async function voidSignalsOf(
  trx: Executor,
  dialect: Dialect,
  actorId: string,
  at: string,
): Promise<number> {
  if (dialect === 'postgres') {
    await sql`lock table contribution_events in share mode`.execute(trx);
  }
  const epochs = await trx
    .selectFrom('reward_epochs')
    .select(['starts_at', 'ends_at', 'distributed_at'])
    .orderBy('id')
    .execute();
  const windows: { from: string; to: string | null; at: string }[] = [];
  for (const epoch of epochs) {
    if (epoch.distributed_at !== null) continue;
    windows.push({ from: epoch.starts_at, to: epoch.ends_at, at: within(at, epoch) });
  }
  // What lies after every epoch opened so far (an epoch the clock has not opened yet).
  const tailFrom = epochs.reduce(
    (latest, epoch) => (epoch.ends_at > latest ? epoch.ends_at : latest),
    '',
  );
  windows.push({ from: tailFrom, to: null, at: at > tailFrom ? at : tailFrom });

  let voided = 0;
  for (const window of windows) {
    const upTo = window.to === null ? sql`` : sql`and created_at < ${window.to}`;
    const { rows } = await sql<{
      kind: string;
      target_id: string;
      source_id: string | null;
      recipient_id: string;
      post_id: string;
      net: number | string;
    }>`
      select kind, target_id, source_id, min(recipient_id) as recipient_id,
        min(post_id) as post_id, sum(case when delta > 0 then 1 else -1 end) as net
      from contribution_events
      where actor_id = ${actorId} and actor_id <> recipient_id
        and created_at >= ${window.from} ${upTo}
      group by kind, target_id, source_id
      having sum(case when delta > 0 then 1 else -1 end) > 0`.execute(trx);
    const reversals = rows.flatMap((row) =>
      Array.from({ length: Number(row.net) }, () => ({
        id: randomUUID(),
        kind: row.kind,
        recipient_id: row.recipient_id,
        actor_id: actorId,
        post_id: row.post_id,
        target_id: row.target_id,
        source_id: row.source_id,
        delta: -1,
        created_at: window.at,
      })),
    );
    // Far below PostgreSQL's 65,535 parameters per INSERT.
    for (let start = 0; start < reversals.length; start += 500) {
      await trx
        .insertInto('contribution_events')
        .values(reversals.slice(start, start + 500))
        .execute();
    }
    voided += reversals.length;
  }
  return voided;
}

/** `at` when it falls inside the epoch, else the nearest instant inside it. */
function within(at: string, epoch: { starts_at: string; ends_at: string }): string {
  if (at < epoch.starts_at) return epoch.starts_at;
  if (at < epoch.ends_at) return at;
  return new Date(Date.parse(epoch.ends_at) - 1).toISOString();
}

/*
 * A reader's helpful mark on a review (review_helpful, issue 29) is no event but a row its giver
 * may take back, read as it stands: voiding it would need undoing when the suspension ends. So a
 * suspended member's marks stay, and count for nothing while the suspension lasts — in a review's
 * helpful count, a member's helpful total (review-repository.ts) and the reviewer's reward
 * (reward-pairs.ts `countedReviewsOf`) — and count again once it is over.
 */

/** Whether the member in `userColumn` is suspended at `at` (their suspension ends after it). */
export function suspendedAt(userColumn: string, at: string): Expression<SqlBool> {
  return sql<SqlBool>`exists (select 1 from users suspended
    where suspended.id = ${sql.ref(userColumn)} and suspended.suspended_until > ${at})`;
}

/**
 * The helpful marks of the review (`reviews`, unaliased) that count at `at`: its stored count
 * less the marks of members suspended then.
 */
export function countedHelpfulMarks(at: string): RawBuilder<number | string> {
  return sql<number | string>`(${sql.ref('reviews.helpful_count')} - (select count(*)
    from review_helpful suspended_mark
    where suspended_mark.review_id = ${sql.ref('reviews.id')}
      and ${suspendedAt('suspended_mark.user_id', at)}))`;
}
