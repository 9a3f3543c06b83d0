/**
 * The Markdown a server-rendered page already shows, kept as markup so that hydrating the page does
 * not need the renderer: its chunk (the parser, the sanitizer and KaTeX, about 450 KB of script)
 * would otherwise be loaded and run before hydration only to produce the HTML that is already
 * there. The renderer loads when a text changes or a text the server did not render shows.
 *
 * Each rendered text is found again by the id React gives its RichText (`useId`, the same on the
 * server and in the browser for the same place in the page) and checked against a digest of its
 * source, so a different text in that place is rendered afresh.
 */

/** The attributes the renderer's root element carries for this (markdown-renderer.tsx). */
export const MARKUP_ID_ATTRIBUTE = 'data-rich-text-id';
export const MARKUP_DIGEST_ATTRIBUTE = 'data-rich-text-digest';

export type KeptMarkup = { digest: string; className: string; html: string };

const kept = new Map<string, KeptMarkup>();

/** A short digest of a text (FNV-1a over its UTF-16 code units, and its length): not a secret. */
export function textDigest(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return `${(hash >>> 0).toString(36)}.${text.length.toString(36)}`;
}

/** Keeps the rendered Markdown under `root` (a server-rendered page, right before hydration). */
export function keepServerMarkup(root: ParentNode): void {
  for (const element of root.querySelectorAll(`[${MARKUP_ID_ATTRIBUTE}]`)) {
    const id = element.getAttribute(MARKUP_ID_ATTRIBUTE);
    const digest = element.getAttribute(MARKUP_DIGEST_ATTRIBUTE);
    if (!id || !digest) continue;
    kept.set(id, { digest, className: element.className, html: element.innerHTML });
  }
}

/** The server's markup of `text` at the place `id`, if the page was rendered with it there. */
export function serverMarkupOf(id: string, text: string): KeptMarkup | undefined {
  const markup = kept.get(id);
  return markup && markup.digest === textDigest(text) ? markup : undefined;
}
