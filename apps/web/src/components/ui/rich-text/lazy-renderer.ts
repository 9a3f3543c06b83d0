import { preloadable } from '@/lib/preloadable';

/** The one Markdown renderer, KaTeX with its styles and fonts included: a chunk of its own. */
export const MarkdownRenderer = preloadable(
  () => import('./markdown-renderer'),
  (module) => module.default,
);

/**
 * RichText loads the renderer only for texts with Markdown, so its styles — its own and KaTeX's —
 * belong to no screen. A page the server renders with Markdown on it says so by this mark: the
 * server inlines those styles (entry-server.tsx), without which its math would show unstyled, and
 * for good with scripts off (display math not set apart, KaTeX's MathML and HTML copies both on
 * screen). The chunk itself is not needed to hydrate such a page: the browser keeps the rendered
 * markup (server-markup.ts) and loads the renderer only when a text changes or a new one shows.
 */
export const MARKDOWN_RENDERER_CHUNK = {
  /** The module, as the build manifest names it. */
  module: 'src/components/ui/rich-text/markdown-renderer.tsx',
  /** What the markup of every text it renders holds (its root element's attribute). */
  mark: 'data-rich-text="markdown"',
};
