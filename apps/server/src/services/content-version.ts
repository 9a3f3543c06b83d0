/**
 * A counter of changes to what readers see (posts, likes, comments, authors' names). Whatever
 * caches public answers keeps the number it saw and drops the answer once the number moves, so a
 * change made through this process is visible at once — and, with a link between the server
 * processes (the notification bus's relay: Redis pub/sub or PostgreSQL LISTEN/NOTIFY), a change
 * made through any other process too.
 *
 * Two kinds of change are cheaper than a bump (issue 26: a like toggled in a loop emptied every
 * public cache on every click):
 * - `countChanged(postId)`: a like moved a count of the post (or of one of its comments). The first
 *   one bumps at once; more within `countIntervalMs` of the last bump for that post make one bump
 *   when the interval ends. Readers of shared caches may see an old count for up to the interval,
 *   never longer.
 * - `memberChanged(memberId)`: what only that member sees changed (which posts they like). Their
 *   caches add `memberStamp(memberId)` to their keys, so the member sees it at once in every
 *   process (the stamp is announced over the link too), while nobody else's cache is dropped.
 */
export interface ContentVersion {
  current: () => number;
  bump: () => void;
  /** A like moved a count of this post or of one of its comments: one bump per interval at most. */
  countChanged: (postId: string) => void;
  /** Moves `memberStamp(memberId)` here and in every linked process. */
  memberChanged: (memberId: string) => void;
  /** Part of the key of a cache only `memberId` reads: it moves with their own changes. */
  memberStamp: (memberId: string) => number;
  /**
   * Whether `memberId` changed a count the shared caches may not show yet (a coalesced like):
   * until the next bump they read past the shared caches, so they never see their own like
   * undone by an old count.
   */
  awaitsOwnChange: (memberId: string | undefined) => boolean;
}

/**
 * How the content versions of several server processes move together (services/notifications/
 * relayed-bus.ts): a bump here is announced to the others, and theirs are heard here.
 */
export interface ContentChangeLink {
  /**
   * Tells every other process that content changed; with `memberIds`, only what those members
   * alone see (their stamps move, nothing shared is dropped).
   */
  announce(memberIds?: readonly string[]): void;
  /**
   * Calls `listener` when another process announced a change (with the members, for a change only
   * they see), or when announcements may have been missed (the link dropped or came back).
   */
  onChange(listener: (memberIds?: readonly string[]) => void): void;
  /** False while the link is down: changes made elsewhere go unheard. */
  linked(): boolean;
}

export interface ContentVersionOptions {
  /** LIKE_COUNT_INTERVAL_MS: the least time between two bumps a post's like counts cause; 0: none. */
  countIntervalMs?: number;
  /** Monotonic milliseconds; tests replace it. */
  now?: () => number;
}

interface RecentCount {
  /** When this post's count last bumped the version. */
  at: number;
  /** The bump due at the end of the interval, for counts changed since. */
  due: NodeJS.Timeout | null;
}

export function createContentVersion(
  link?: ContentChangeLink,
  options: ContentVersionOptions = {},
): ContentVersion {
  const intervalMs = options.countIntervalMs ?? 0;
  const now = options.now ?? (() => performance.now());
  let value = 0;
  // Posts whose counts bumped within the interval, oldest first (re-inserted on each bump).
  const recent = new Map<string, RecentCount>();
  // Member stamps: every member-only cache entry is also dropped when the version moves, so the
  // stamps start afresh with each version (and hold only the members who changed since).
  const stamps = new Map<string, number>();
  let stampsOf = value;
  let lastStamp = 0;

  const stampsNow = () => {
    if (stampsOf !== value) {
      stamps.clear();
      stampsOf = value;
    }
    return stamps;
  };
  const stampMember = (memberId: string) => {
    lastStamp += 1;
    stampsNow().set(memberId, lastStamp);
  };

  link?.onChange((memberIds) => {
    if (memberIds === undefined) value += 1;
    else for (const id of memberIds) stampMember(id);
  });

  const bump = () => {
    value += 1;
    link?.announce();
    // The bump shows every count changed before it: what was due needs no bump of its own.
    const at = now();
    for (const entry of recent.values()) {
      if (entry.due === null) continue;
      clearTimeout(entry.due);
      entry.due = null;
      entry.at = at;
    }
  };

  /** Forgets posts whose interval ended with nothing due: their next change bumps at once. */
  const sweep = (at: number) => {
    for (const [postId, entry] of recent) {
      if (entry.due !== null || entry.at + intervalMs > at) continue;
      recent.delete(postId);
    }
  };

  return {
    // While changes made elsewhere go unheard, every read sees a new version: nothing cached is
    // served or stored, so readers get what the database says (slower, never stale).
    current: () => (link !== undefined && !link.linked() ? ++value : value),
    bump,
    countChanged(postId) {
      if (intervalMs <= 0) return bump();
      const at = now();
      sweep(at);
      const entry = recent.get(postId);
      if (entry === undefined) {
        bump();
        recent.set(postId, { at: now(), due: null });
        return;
      }
      if (entry.due !== null) return;
      entry.due = setTimeout(
        () => {
          entry.due = null;
          bump();
          entry.at = now();
          recent.delete(postId);
          recent.set(postId, entry);
        },
        Math.max(0, entry.at + intervalMs - at),
      );
      // A bump left undone at exit leaves other processes' caches to their TTL.
      entry.due.unref();
    },
    memberChanged(memberId) {
      stampMember(memberId);
      link?.announce([memberId]);
    },
    memberStamp: (memberId) => stampsNow().get(memberId) ?? 0,
    awaitsOwnChange: (memberId) => memberId !== undefined && stampsNow().has(memberId),
  };
}
