import type { NotificationType } from '@symposia/shared';

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
