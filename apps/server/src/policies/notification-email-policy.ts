import type { NotificationEmailChoice } from '@symposia/shared';

/**
 * How a notification reaches its recipient (issue 30): the bell, email, both or neither. Plain
 * rules over a member's preferences; repositories/notification-delivery.ts applies them where a
 * notification is written (its SQL form, for the writes of many recipients at once, is checked
 * against this function by notification-delivery.test.ts).
 */

/** What decides it: the member's choices for the notification's type and kind, and their address. */
export interface DeliveryFacts {
  /** The bell's switch of the type (notification_settings; on without a row). */
  bellOn: boolean;
  /** How email brings the type's kind (its default without a row). */
  email: NotificationEmailChoice;
  /** Whether the weekly digest comes at all. */
  digestOn: boolean;
  /** Only a verified address gets notification email. */
  emailVerified: boolean;
}

export interface Delivery {
  /** Whether the notification is written at all: shown in the bell, or kept for an email. */
  write: boolean;
  /** Whether the bell shows it (its list and unread count). */
  inApp: boolean;
  /** Whether an immediate email may bring it: its member's email job is queued. */
  immediate: boolean;
}

/** Whether email brings this kind at all, immediately or in the digest. */
export function emailBrings(facts: DeliveryFacts): boolean {
  if (!facts.emailVerified) return false;
  return facts.email === 'immediate' || (facts.email === 'digest' && facts.digestOn);
}

/**
 * A notification the bell shows is written as before; one the bell does not show is written
 * (hidden from the bell) only when email will bring it, so a member may take replies by email
 * alone. Nothing is written for a member who wants it neither way.
 */
export function notificationDelivery(facts: DeliveryFacts): Delivery {
  const byEmail = emailBrings(facts);
  return {
    write: facts.bellOn || byEmail,
    inApp: facts.bellOn,
    immediate: byEmail && facts.email === 'immediate',
  };
}
