import { MARKDOWN_RENDERER_CHUNK } from '@/components/ui/rich-text/lazy-renderer';

/**
 * The chunks loaded lazily inside a screen whose markup a server render may hold, each with the
 * mark that shows it did. Their styles belong to no screen, so the server adds them to a page that
 * shows them (entry-server.tsx); their scripts are not needed to hydrate it (the rendered Markdown
 * is kept as it is: components/ui/rich-text/server-markup.ts) and are not preloaded.
 */
const LAZY_PARTS = [MARKDOWN_RENDERER_CHUNK];

/** The lazily loaded parts that `markup` (a server render) shows. */
export const lazyPartsIn = (markup: string) =>
  LAZY_PARTS.filter((part) => markup.includes(part.mark));
