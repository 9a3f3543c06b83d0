/** One piece of a search snippet: plain text, or a match to highlight. */
export type SnippetPart = { text: string; match: boolean };

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

const unescape = (text: string) =>
  text.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);

/**
 * Reads the server's snippet (HTML-escaped text, matches in <mark>…</mark>) into text pieces that
 * React renders as text: no HTML from the answer ever reaches the page as markup.
 */
export function snippetParts(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  const pattern = /<mark>([\s\S]*?)<\/mark>/g;
  let at = 0;
  for (const found of snippet.matchAll(pattern)) {
    const index = found.index ?? 0;
    if (index > at) parts.push({ text: unescape(snippet.slice(at, index)), match: false });
    parts.push({ text: unescape(found[1] ?? ''), match: true });
    at = index + found[0].length;
  }
  if (at < snippet.length) parts.push({ text: unescape(snippet.slice(at)), match: false });
  return parts;
}
