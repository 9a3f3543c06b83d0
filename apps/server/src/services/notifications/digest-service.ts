import { randomUUID } from 'node:crypto';
import { NOTIFICATION_KINDS, notificationTypesOfKind } from '@symposia/shared';
import type { NewMail } from '../../domain/mail.js';
import {
  DIGEST_CATCH_UP_SECONDS,
  digestPeriodStart,
  digestSlotAtOrBefore,
  isDigestSlot,
  NOTIFICATION_EMAIL_JOB_ATTEMPTS,
  SEND_DIGEST_JOB,
  type DigestPost,
  type DigestSchedule,
  type MailMember,
} from '../../domain/notification-email.js';
import type {
  DigestPeriod,
  DigestRepository,
  JobRepository,
  NotificationPreferencesRepository,
} from '../../repositories/index.js';
import type { Clock } from '../clock.js';
import { newMail } from '../mail/new-mail.js';
import { DIGEST_TEMPLATE } from '../mail/notification-templates.js';

/** Posts each of the digest's two post sections lists. */
export const DIGEST_POSTS_PER_SECTION = 5;
/** Unread notifications the digest lists; it says how many more there are. */
export const DIGEST_NOTIFICATIONS_LISTED = 10;
/** Members read at a time. */
const BATCH = 100;

export type DigestService = ReturnType<typeof createDigestService>;

/**
 * The weekly digest (issue 30). The workers' clock (processing/index.ts: every minute, in every
 * process that runs jobs) queues the `send-digest` job of a scheduled time (DIGEST_DAY at
 * DIGEST_HOUR UTC, every DIGEST_PERIOD_DAYS) once it has come: one job row per period however
 * many processes look, and workers that were down queue it when they are back (within
 * DIGEST_CATCH_UP_SECONDS). The job goes through the
 * members who should get it (digest-repository.ts `recipients`), builds each one's digest — the
 * period's most discussed and newly validated posts they follow, the community's, their unread
 * notifications — skips one with nothing in it, and records and queues the rest one member per
 * transaction (`queueOnce`), so a rerun, or a second worker, sends nobody two.
 */
export function createDigestService(deps: {
  digests: DigestRepository;
  preferences: Pick<NotificationPreferencesRepository, 'preferences'>;
  jobs: Pick<JobRepository, 'enqueue'>;
  schedule: DigestSchedule;
  /** MAIL_MAX_ATTEMPTS of each message. */
  maxAttempts: number;
  now: Clock;
}) {
  const { digests, preferences, schedule, now } = deps;

  async function digestOf(
    member: MailMember,
    period: DigestPeriod,
    community: readonly DigestPost[],
  ): Promise<{ mail: NewMail; notificationIds: string[] } | null> {
    const stored = await preferences.preferences(member.id);
    // What no email brought yet, of the kinds email brings at all.
    const types = NOTIFICATION_KINDS.filter((kind) => stored.email[kind] !== 'never').flatMap(
      notificationTypesOfKind,
    );
    const [followed, unread] = await Promise.all([
      digests.followedPosts(member.id, period, DIGEST_POSTS_PER_SECTION),
      digests.unread(member, types, period, DIGEST_NOTIFICATIONS_LISTED),
    ]);
    const shown = new Set(followed.map((post) => post.id));
    const others = community
      .filter((post) => !shown.has(post.id) && post.author !== member.username)
      .slice(0, DIGEST_POSTS_PER_SECTION);
    if (followed.length === 0 && others.length === 0 && unread.items.length === 0) return null;
    return {
      mail: newMail(now(), deps.maxAttempts, {
        template: DIGEST_TEMPLATE,
        userId: member.id,
        recipient: member.email,
        language: member.language,
        params: {
          username: member.username,
          days: String(schedule.periodDays),
          followed: JSON.stringify(followed),
          community: JSON.stringify(others),
          notifications: JSON.stringify(unread.items),
          more: String(unread.total - unread.items.length),
        },
      }),
      notificationIds: unread.items.map((item) => item.id),
    };
  }

  return {
    /**
     * The clock's look: once a period's time has come, its job, queued once (to run now). Only
     * within DIGEST_CATCH_UP_SECONDS of that time (or the period, if shorter): workers that were
     * down a long while, or a first start, do not send a digest of a period long gone.
     */
    async tick(): Promise<void> {
      const at = now();
      const slot = digestSlotAtOrBefore(at, schedule);
      const catchUpMs = Math.min(DIGEST_CATCH_UP_SECONDS, schedule.periodDays * 86_400) * 1000;
      if (at.getTime() - slot.getTime() >= catchUpMs) return;
      await deps.jobs.enqueue({
        id: randomUUID(),
        kind: SEND_DIGEST_JOB,
        subjectId: slot.toISOString(),
        maxAttempts: NOTIFICATION_EMAIL_JOB_ATTEMPTS,
        at: at.toISOString(),
      });
    },

    /**
     * The job of the period ending at `slot` (ISO): returns how many digests it queued. A slot
     * that is not one of the schedule's times (queued before DIGEST_* changed) sends nothing.
     */
    async send(slot: string): Promise<number> {
      const end = new Date(slot);
      if (Number.isNaN(end.getTime()) || !isDigestSlot(end, schedule)) return 0;
      const period = { start: digestPeriodStart(end, schedule).toISOString(), end: slot };
      // The community's posts are everyone's: read once, each member's own and followed left out.
      const community = await digests.communityPosts(period, DIGEST_POSTS_PER_SECTION * 4);
      let queued = 0;
      let after = '';
      for (;;) {
        const members = await digests.recipients(period, now().toISOString(), after, BATCH);
        for (const member of members) {
          const digest = await digestOf(member, period, community);
          if (
            digest &&
            (await digests.queueOnce(member.id, period, digest.notificationIds, digest.mail))
          ) {
            queued += 1;
          }
        }
        const last = members.at(-1);
        if (!last || members.length < BATCH) return queued;
        after = last.id;
      }
    },
  };
}
