import type { AuthorInfo } from '@symposia/shared';

export type AuthorSection = 'profile' | 'posts' | 'activity' | 'statistics' | 'contact';

/**
 * How a section of the author page shows:
 * - `hidden`: the author keeps it private and the server sent nothing (the hidden notice);
 * - `owner-only`: private, but the viewer is the author, who still sees their own data;
 * - `public`: shown to everyone.
 */
export type SectionState = 'public' | 'owner-only' | 'hidden';

const FLAG: Record<AuthorSection, keyof AuthorInfo> = {
  profile: 'show_profile',
  posts: 'show_posts',
  activity: 'show_activity',
  statistics: 'show_statistics',
  contact: 'show_contact',
};

function hasData(info: AuthorInfo, section: AuthorSection): boolean {
  switch (section) {
    case 'profile':
      return info.title !== undefined || info.biography !== undefined || info.tags !== undefined;
    case 'posts':
      return info.posts !== undefined;
    case 'activity':
      return info.activity !== undefined;
    case 'statistics':
      return (
        info.posts_number !== undefined ||
        info.comments_post !== undefined ||
        info.like_received !== undefined
      );
    case 'contact':
      return info.email !== undefined || info.phone !== undefined || info.userurl !== undefined;
  }
}

/** A section is hidden when its show_* flag is off and the server left its data out (spec §2). */
export function sectionState(info: AuthorInfo, section: AuthorSection): SectionState {
  const shown = info[FLAG[section]] === true;
  if (shown) return 'public';
  return hasData(info, section) ? 'owner-only' : 'hidden';
}

/** The badges and expertise: the first tags element, a comma-separated string (spec §3). */
export function authorBadges(info: AuthorInfo): string[] {
  const first = info.tags?.[0] ?? '';
  const seen = new Set<string>();
  for (const tag of first.split(',')) {
    const trimmed = tag.trim();
    if (trimmed) seen.add(trimmed);
  }
  return [...seen];
}

/** Only http(s) addresses become links; anything else is shown as text. */
export function safeHttpUrl(value: string | undefined): string | null {
  if (!value?.trim()) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
