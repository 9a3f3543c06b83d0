import { paths } from '@/config/paths';

const FORUM_PREFIX = paths.forum.path;

/**
 * Where the detail's Back goes (spec §2 Post detail): the forum location it was opened from, only
 * when that is really a forum address (no other site, no other screen), else the forum itself.
 */
export function forumReturnPath(from: string | null | undefined): string {
  if (!from || !from.startsWith(FORUM_PREFIX)) return paths.forum.href();
  const rest = from.slice(FORUM_PREFIX.length);
  return rest === '' || /^[/?#]/.test(rest) ? from : paths.forum.href();
}

/** The detail address of a post, remembering the forum location it is opened from. */
export function postDetailHref(id: string, from?: string): string {
  const href = paths.postDetail.href(id);
  return from ? `${href}?from=${encodeURIComponent(from)}` : href;
}
