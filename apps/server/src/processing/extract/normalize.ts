/**
 * Text clean-up shared by every extractor: one canonical form for the analyzers, whatever the
 * file looked like (CRLF, tabs, NUL bytes, typographic ligatures, runs of blank lines).
 */

// C0 and C1 control characters except tab, line feed, carriage return and form feed (handled
// below), plus invisible format characters that only get in the way of tokenisation.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000E-\u001F\u007F-\u009F\u00AD\u200B\u2060\uFEFF]/g;
// A lone surrogate cannot be encoded as UTF-8 (or stored as text in PostgreSQL).
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const LIGATURES: Record<string, string> = {
  '\uFB00': 'ff',
  '\uFB01': 'fi',
  '\uFB02': 'fl',
  '\uFB03': 'ffi',
  '\uFB04': 'ffl',
  '\uFB05': 'st',
  '\uFB06': 'st',
};

/**
 * Collapses runs of spaces and tabs, trims every line, keeps single line breaks and turns any run
 * of blank lines into exactly one blank line (a paragraph break). Control characters go.
 */
export function normalizeText(raw: string): string {
  const text = raw
    .replace(/\r\n?/g, '\n')
    .replace(/[\f\u2029]/g, '\n\n')
    .replace(/\u2028/g, '\n')
    .replace(CONTROL, '')
    .replace(LONE_SURROGATE, '')
    .replace(/[\uFB00-\uFB06]/g, (char) => LIGATURES[char] ?? char)
    .normalize('NFC')
    // Every horizontal white space (tab, no-break space, ideographic space, …) becomes one space.
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n');
  return text.trim();
}

/**
 * The text cut to at most `maxChars` characters, preferably at a white space near the end so no
 * word is cut in half, never inside a surrogate pair.
 */
export function truncateText(text: string, maxChars: number): { text: string; truncated: boolean } {
  if (text.length <= maxChars) return { text, truncated: false };
  let end = Math.max(0, maxChars);
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  const window = Math.min(200, Math.floor(end / 2));
  const space = text.slice(end - window, end + 1).search(/\s(?=\S*$)/);
  if (space >= 0 && window > 0) end = end - window + space;
  return { text: text.slice(0, end).trimEnd(), truncated: true };
}
