import { paths } from '@/config/paths';

/** Where an `@username` link goes: the author page, which resolves the name. */
export const mentionHref = (username: string) => paths.author.byUsername(username);

/** Whether an href is one of our own `@username` links (kept, and followed inside the app). */
export const isMentionHref = (href: string) => /^\/author\/@[^/?#\s]+$/.test(href);
