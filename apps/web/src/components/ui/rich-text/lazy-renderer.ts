import { preloadable } from '@/lib/preloadable';

/** The one Markdown renderer, KaTeX with its styles and fonts included: a chunk of its own. */
export const MarkdownRenderer = preloadable(
  () => import('./markdown-renderer'),
  (module) => module.default,
);
