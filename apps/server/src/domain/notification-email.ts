import type { Language, NotificationType, UserRole } from '@symposia/shared';

/**
 * Notification emails and the weekly digest (issue 30): what the services, the repositories
 * (which queue the jobs in the transactions that write notifications) and the processing worker
 * share.
 */

/**
 * Emails a member the notifications that should reach them at once (subject: the member's id):
 * queued, to run now, whenever such a notification is written for them; it waits
 * NOTIFICATION_EMAIL_DELAY_SECONDS from the oldest and checks everything again when it runs.
 */
export const NOTIFICATION_EMAIL_JOB = 'email-notifications';

/** Sends one digest period's digests (subject: the period's scheduled time, ISO). */
export const SEND_DIGEST_JOB = 'send-digest';

/**
 * Attempts of those jobs: each only reads and queues messages (which have jobs of their own,
 * retried MAIL_MAX_ATTEMPTS times), and the next notification or digest tick queues it again.
 */
export const NOTIFICATION_EMAIL_JOB_ATTEMPTS = 5;

/**
 * An immediate email brings only notifications raised within this long: a member who turns
 * replies to "immediately" is not sent what waited unread for months (the digest still lists what
 * is unread of its period).
 */
export const IMMEDIATE_EMAIL_MAX_AGE_SECONDS = 24 * 60 * 60;

/**
 * A period's digest is still sent this long after its time (workers down, a restart); later, it
 * is skipped, and a first start never sends one of a period long gone.
 */
export const DIGEST_CATCH_UP_SECONDS = 24 * 60 * 60;

/** When and how often the digest goes out (DIGEST_*), and how long a member counts as away. */
export interface DigestSchedule {
  /** DIGEST_DAY: 0 (Sunday) to 6 (Saturday), UTC. */
  day: number;
  /** DIGEST_HOUR: 0 to 23, UTC. */
  hour: number;
  /** DIGEST_PERIOD_DAYS: one digest per period; only members away that long get it. */
  periodDays: number;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The digest periods' scheduled times: the first DIGEST_DAY at DIGEST_HOUR (UTC) from 1970-01-01
 * on, then every DIGEST_PERIOD_DAYS. With the default 7 days, every week on that day and hour.
 */
function anchorMs(schedule: DigestSchedule): number {
  // 1970-01-01 was a Thursday (day 4).
  const daysAhead = (schedule.day - 4 + 7) % 7;
  return daysAhead * DAY_MS + schedule.hour * HOUR_MS;
}

/** The latest scheduled time at or before `at`. */
export function digestSlotAtOrBefore(at: Date, schedule: DigestSchedule): Date {
  const period = schedule.periodDays * DAY_MS;
  const anchor = anchorMs(schedule);
  const index = Math.floor((at.getTime() - anchor) / period);
  return new Date(anchor + index * period);
}

/** The first scheduled time after `at`. */
export function nextDigestSlot(at: Date, schedule: DigestSchedule): Date {
  return new Date(digestSlotAtOrBefore(at, schedule).getTime() + schedule.periodDays * DAY_MS);
}

/** Whether `slot` is one of the schedule's times (a job queued before the settings changed is not). */
export function isDigestSlot(slot: Date, schedule: DigestSchedule): boolean {
  return digestSlotAtOrBefore(slot, schedule).getTime() === slot.getTime();
}

/** The start of the period a digest at `slot` covers. */
export function digestPeriodStart(slot: Date, schedule: DigestSchedule): Date {
  return new Date(slot.getTime() - schedule.periodDays * DAY_MS);
}

/** A notification as an email tells it (a snapshot, stored in the message's parameters). */
export interface MailedNotification {
  id: string;
  type: NotificationType;
  /** The latest member behind it; null for moderation outcomes and rewards. */
  actor: string | null;
  /** How many members it stands for ("alice and 4 others"). */
  count: number;
  postId: string | null;
  commentId: string | null;
  /** The title of the post it is about, if any. */
  postTitle: string | null;
  excerpt: string;
  /** When it was first raised, and last (a like joining its group). */
  createdAt: string;
  at: string;
}

/** A post in the digest: why it is there (comments in the period, validated in it). */
export interface DigestPost {
  id: string;
  title: string;
  author: string;
  /** Comments written on it in the period (neither deleted nor hidden). */
  comments: number;
  /** Its review status became `validated` in the period. */
  validated: boolean;
}

/** A member as their notification emails need them. */
export interface MailMember {
  id: string;
  username: string;
  role: UserRole;
  email: string;
  emailVerified: boolean;
  /** The language they last read the site in (member_presence), else English. */
  language: Language;
  /** When they were last seen on the site; null when never since presence was kept. */
  lastSeenAt: string | null;
}
