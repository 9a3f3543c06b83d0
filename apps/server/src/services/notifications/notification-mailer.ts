import {
  NOTIFICATION_KIND_OF_TYPE,
  NOTIFICATION_KINDS,
  notificationTypesOfKind,
  type NotificationKind,
} from '@symposia/shared';
import type { NewMail } from '../../domain/mail.js';
import {
  IMMEDIATE_EMAIL_MAX_AGE_SECONDS,
  NOTIFICATION_EMAIL_JOB,
  type MailedNotification,
  type MailMember,
} from '../../domain/notification-email.js';
import type {
  JobRepository,
  NotificationMailRepository,
  NotificationPreferencesRepository,
} from '../../repositories/index.js';
import type { Clock } from '../clock.js';
import { newMail } from '../mail/new-mail.js';
import { NOTIFICATION_EMAIL_TEMPLATE } from '../mail/notification-templates.js';

/** Notifications one immediate email lists at most (the rest wait for the next, or the digest). */
const LISTED_AT_MOST = 20;

export type NotificationMailer = ReturnType<typeof createNotificationMailer>;

/** One message per kind: its List-Unsubscribe turns that kind off. */
function mailsOf(
  member: MailMember,
  items: readonly MailedNotification[],
  at: Date,
  maxAttempts: number,
): NewMail[] {
  const byKind = new Map<NotificationKind, MailedNotification[]>();
  for (const item of items) {
    const kind = NOTIFICATION_KIND_OF_TYPE[item.type];
    byKind.set(kind, [...(byKind.get(kind) ?? []), item]);
  }
  return [...byKind].map(([kind, listed]) =>
    newMail(at, maxAttempts, {
      template: NOTIFICATION_EMAIL_TEMPLATE,
      userId: member.id,
      recipient: member.email,
      language: member.language,
      params: { username: member.username, kind, items: JSON.stringify(listed) },
    }),
  );
}

/**
 * Immediate notification emails (issue 30): the `email-notifications` job of a member, queued
 * whenever a notification they take by email at once is written
 * (repositories/notification-delivery.ts). When it runs it checks everything again: the address
 * still verified, the kind still `immediate`, and which notifications are still unread, not
 * emailed, raised after the member was last seen and within IMMEDIATE_EMAIL_MAX_AGE_SECONDS. The
 * oldest of them must be NOTIFICATION_EMAIL_DELAY_SECONDS old — the member has been away that
 * long — else the job asks to run again then; when it is, one message per kind lists them all
 * (several replies in the window make one email), queued in the transaction that marks them
 * emailed, so none is emailed twice.
 */
export function createNotificationMailer(deps: {
  notificationMail: NotificationMailRepository;
  preferences: Pick<NotificationPreferencesRepository, 'preferences'>;
  jobs: Pick<JobRepository, 'runAgainAt'>;
  /** NOTIFICATION_EMAIL_DELAY_SECONDS. */
  delaySeconds: number;
  /** MAIL_MAX_ATTEMPTS of each message. */
  maxAttempts: number;
  now: Clock;
}) {
  const { notificationMail, preferences, jobs, now } = deps;

  return {
    /** The job: returns how many messages it queued. */
    async send(memberId: string): Promise<number> {
      const member = await notificationMail.member(memberId);
      if (!member?.emailVerified) return 0;
      const stored = await preferences.preferences(memberId);
      const types = NOTIFICATION_KINDS.filter((kind) => stored.email[kind] === 'immediate').flatMap(
        notificationTypesOfKind,
      );
      if (types.length === 0) return 0;
      const at = now();
      const since = new Date(at.getTime() - IMMEDIATE_EMAIL_MAX_AGE_SECONDS * 1000);
      const pending = await notificationMail.pending(
        member,
        types,
        since.toISOString(),
        LISTED_AT_MOST,
      );
      const oldest = pending[0];
      if (!oldest) return 0;
      const dueAt = Date.parse(oldest.createdAt) + deps.delaySeconds * 1000;
      if (dueAt > at.getTime()) {
        await jobs.runAgainAt(
          NOTIFICATION_EMAIL_JOB,
          memberId,
          new Date(dueAt).toISOString(),
          at.toISOString(),
        );
        return 0;
      }
      const queued = await notificationMail.emailOnce(
        pending.map((item) => item.id),
        at.toISOString(),
        (claimed) =>
          mailsOf(
            member,
            pending.filter((item) => claimed.has(item.id)),
            at,
            deps.maxAttempts,
          ),
      );
      // More than one message lists: the rest go in the next run, at once.
      if (pending.length === LISTED_AT_MOST) {
        await jobs.runAgainAt(NOTIFICATION_EMAIL_JOB, memberId, at.toISOString(), at.toISOString());
      }
      return queued.length;
    },
  };
}
