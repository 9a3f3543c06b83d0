import type { Kysely, Migration } from 'kysely';

/**
 * `notifications_by_post` and `notifications_by_comment` (issue 32): after a post or a comment is
 * deleted, hidden, restored or made private, the members with unread notifications about it are
 * told to read their count again (repositories/notification-repository.ts
 * `unreadRecipientsAboutQuery`). Without these indexes that query read every notification; with
 * them it looks up those of the one post or comment. A review's have had theirs since 0029
 * (`notifications_by_review`).
 */
export const notificationIndexesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('notifications_by_post')
      .on('notifications')
      .column('post_id')
      .execute();
    await db.schema
      .createIndex('notifications_by_comment')
      .on('notifications')
      .column('comment_id')
      .execute();
  },
};
