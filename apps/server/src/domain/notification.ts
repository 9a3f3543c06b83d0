import { NOTIFICATION_EXCERPT_LENGTH, type NotificationType } from '@symposia/shared';

/** A notification as its recipient reads it. */
export interface NotificationView {
  id: string;
  type: NotificationType;
  /** The latest member behind it; null for moderation outcomes and rewards (or a gone account). */
  actor: { id: string; username: string; avatar: string } | null;
  postId: string | null;
  commentId: string | null;
  excerpt: string;
  /** How many members it stands for. */
  count: number;
  /** When it was last raised (a like joining the group): what the list is ordered by. */
  updatedAt: string;
  read: boolean;
}

/** Which types the member wants to be told of. */
export type NotificationPreferences = Record<NotificationType, boolean>;

/** Quoted text as a notification carries it: one line, at most NOTIFICATION_EXCERPT_LENGTH. */
export function excerptOf(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= NOTIFICATION_EXCERPT_LENGTH) return line;
  return `${line.slice(0, NOTIFICATION_EXCERPT_LENGTH - 1).trimEnd()}…`;
}
