import {
  DEFAULT_NOTIFICATION_EMAIL,
  NOTIFICATION_KINDS,
  notificationTypesOfKind,
  type NotificationEmailChoice,
  type NotificationKind,
  type NotificationPreferences as PreferencesBody,
  type NotificationType,
} from '@symposia/shared';
import type { NotificationPreferences as BellSwitches } from './notification.js';

/**
 * A member's notification preferences as stored (issue 30): the bell's switch per type (the one
 * truth GET/PUT /notifications/settings read and write), email per kind, and the digest.
 */
export interface StoredPreferences {
  bell: BellSwitches;
  email: Record<NotificationKind, NotificationEmailChoice>;
  digest: boolean;
}

/** Email per kind before any choice: the defaults of packages/shared. */
export function defaultEmailChoices(): Record<NotificationKind, NotificationEmailChoice> {
  return { ...DEFAULT_NOTIFICATION_EMAIL };
}

/** A kind's bell: on when every type of it is. */
export function kindShownInBell(bell: BellSwitches, kind: NotificationKind): boolean {
  return notificationTypesOfKind(kind).every((type) => bell[type]);
}

/** The preferences as GET /notifications/preferences answers them. */
export function preferencesView(stored: StoredPreferences): PreferencesBody {
  const kinds = Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [
      kind,
      { in_app: kindShownInBell(stored.bell, kind), email: stored.email[kind] },
    ]),
  ) as PreferencesBody['kinds'];
  return { kinds, digest: stored.digest };
}

/**
 * The bell switches a saved whole changes: every type of a kind whose `in_app` differs from what
 * the switches show now. A kind saved as it reads is left alone, so saving the preferences back
 * unchanged keeps the switches set one by one through /notifications/settings (a kind partly on
 * reads as off and stays partly on).
 */
export function bellChanges(
  current: BellSwitches,
  wanted: PreferencesBody['kinds'],
): Partial<Record<NotificationType, boolean>> {
  const changes: Partial<Record<NotificationType, boolean>> = {};
  for (const kind of NOTIFICATION_KINDS) {
    const inApp = wanted[kind].in_app;
    if (inApp === kindShownInBell(current, kind)) continue;
    for (const type of notificationTypesOfKind(kind)) changes[type] = inApp;
  }
  return changes;
}
