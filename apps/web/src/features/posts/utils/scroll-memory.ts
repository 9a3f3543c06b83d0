/** What the forum remembers of a visit: where the reader was and how many pages were loaded. */
export type ForumScroll = { y: number; pages: number };

const PREFIX = 'forum-scroll:';

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Scroll positions live in session storage, one per forum address (spec §2, §3). */
export function readForumScroll(url: string): ForumScroll | null {
  try {
    const raw = sessionStore()?.getItem(PREFIX + url);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<ForumScroll>;
    if (typeof value.y !== 'number' || !Number.isFinite(value.y) || value.y < 0) return null;
    const pages =
      typeof value.pages === 'number' && Number.isInteger(value.pages) && value.pages > 0
        ? value.pages
        : 1;
    return { y: value.y, pages };
  } catch {
    return null;
  }
}

export function writeForumScroll(url: string, value: ForumScroll): void {
  try {
    sessionStore()?.setItem(PREFIX + url, JSON.stringify(value));
  } catch {
    // Without session storage the forum simply starts at the top next time.
  }
}
