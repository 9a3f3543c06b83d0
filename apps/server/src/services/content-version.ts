/**
 * A counter of changes to what readers see (posts, likes, comments, authors' names). Whatever
 * caches public answers keeps the number it saw and drops the answer once the number moves, so a
 * change made through this process is visible at once — and, with a link between the server
 * processes (the notification bus's relay: Redis pub/sub or PostgreSQL LISTEN/NOTIFY), a change
 * made through any other process too.
 */
export interface ContentVersion {
  current: () => number;
  bump: () => void;
}

/**
 * How the content versions of several server processes move together (services/notifications/
 * relayed-bus.ts): a bump here is announced to the others, and theirs are heard here.
 */
export interface ContentChangeLink {
  /** Tells every other process that content changed. */
  announce(): void;
  /**
   * Calls `listener` when another process announced a change, or when announcements may have
   * been missed (the link dropped or came back).
   */
  onChange(listener: () => void): void;
  /** False while the link is down: changes made elsewhere go unheard. */
  linked(): boolean;
}

export function createContentVersion(link?: ContentChangeLink): ContentVersion {
  let value = 0;
  link?.onChange(() => {
    value += 1;
  });
  return {
    // While changes made elsewhere go unheard, every read sees a new version: nothing cached is
    // served or stored, so readers get what the database says (slower, never stale).
    current: () => (link !== undefined && !link.linked() ? ++value : value),
    bump: () => {
      value += 1;
      link?.announce();
    },
  };
}
