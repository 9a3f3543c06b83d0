import type { PublishedPost } from '../domain/post.js';
import type { NotificationSubject } from '../repositories/index.js';
import type { ContentVersion } from './content-version.js';
import type { NotificationService } from './notifications/notification-service.js';
import type { FileAccess } from './storage/file-access.js';

/**
 * What a write changed, as the service that made it says it: one object, handed to `afterWrite`
 * once the write committed. Name every subject the write touched; the step decides who must hear
 * of it (docs/ARCHITECTURE.md §5). The guard test (services/after-write.test.ts) fails when a
 * service writes a content table without naming the matching subject here.
 */
export interface WriteChange {
  /** Posts created, edited, deleted, hidden, restored, processed or re-related. */
  posts?: readonly string[];
  /** Comments created, edited, deleted, hidden or restored. */
  comments?: readonly string[];
  /** Members whose name or avatar changed: shown on their posts and comments. */
  profiles?: readonly string[];
  /** A trust run stored new levels (shown in GET /auth/me and on profiles). */
  trustLevels?: boolean;
  /**
   * A like moved the counts of this post (or of one of its comments): they reach the shared
   * caches at most once per LIKE_COUNT_INTERVAL_MS. `likerId`: the member who sees their own like
   * and its count at once (their stamp moves: services/content-version.ts).
   */
  likeCounts?: { postId: string; likerId?: string };
  /** CIDs that may have stopped being public (a post deleted, hidden or made private). */
  files?: Iterable<string>;
  /** Members whose unread notifications changed (notifications written in the transaction). */
  notify?: Iterable<string>;
  /**
   * A post, comment, review or response deleted, hidden, restored or made private: the
   * notifications about it leave (or come back), so the streams of their recipients read their
   * count again. A response is named by its review.
   */
  notificationsAbout?: NotificationSubject;
  /** A member suspended: the live streams of their sessions end. */
  sessionsEnded?: string;
  /**
   * A post just published (processing done or given up): the live streams of whoever may see it
   * hear of it, so their forum shows it without a reload (issue 31).
   */
  published?: PublishedPost;
}

/** Tells every cache, the gateway and the notification bus what a committed write changed. */
export type AfterWrite = (change: WriteChange) => Promise<void>;

export interface AfterWriteDependencies {
  /** The public caches and the versioned caches of posts, threads and profiles key on it. */
  contentVersion: Pick<ContentVersion, 'bump' | 'countChanged' | 'memberChanged'>;
  /** The gateway's CIDs found public (absent in the worker process, which serves no files). */
  files?: Pick<FileAccess, 'forget'>;
  /** The live notification streams, through the bus (absent: nobody streams here). */
  notifications?: Partial<
    Pick<NotificationService, 'changed' | 'contentChanged' | 'sessionsEnded' | 'postPublished'>
  >;
  /** Tests only: sees every change before it is applied (services/after-write.test.ts). */
  observe?: (change: WriteChange) => void;
}

const named = (ids: readonly string[] | undefined) => ids !== undefined && ids.length > 0;

/**
 * The one step after every write: readers' caches first (the content version, or the coalesced
 * like counts), then the gateway, then the streams. Call it after the commit, never inside the
 * transaction: a cache refilled before the commit would keep the old rows.
 */
export function createAfterWrite(deps: AfterWriteDependencies): AfterWrite {
  const { contentVersion, files, notifications } = deps;
  return async (change) => {
    deps.observe?.(change);
    // Every cache of what readers see keys on the one content version: one bump covers them all.
    if (
      named(change.posts) ||
      named(change.comments) ||
      named(change.profiles) ||
      change.trustLevels === true
    ) {
      contentVersion.bump();
    }
    if (change.likeCounts) {
      const { postId, likerId } = change.likeCounts;
      if (likerId !== undefined) contentVersion.memberChanged(likerId);
      contentVersion.countChanged(postId);
    }
    if (change.files) files?.forget(change.files);
    if (change.sessionsEnded !== undefined) {
      notifications?.sessionsEnded?.(change.sessionsEnded, {});
    }
    if (change.notify) notifications?.changed?.(change.notify);
    if (change.notificationsAbout) await notifications?.contentChanged?.(change.notificationsAbout);
    // After the content version moved (above): a stream's client reads the list on being told.
    if (change.published) await notifications?.postPublished?.(change.published);
  };
}
