/**
 * Whether a text may need the Markdown renderer (math included), decided by one cheap regular
 * expression so that plain text renders at once and the renderer is loaded only for texts that use
 * it. It errs on the side of "yes": a false alarm costs one lazy load and renders the same words,
 * while a miss would show Markdown syntax as typed.
 *
 * What counts: emphasis, code, strikethrough and math characters (`* _ ` ~ $`), escapes and table
 * pipes (`\ |`), link and image brackets (`[ ]`), character references (`&amp;`), bare URLs and
 * e-mail addresses (GFM autolinks), and at the start of a line: headings, block quotes, list items,
 * setext underlines, thematic breaks and indented code. Raw HTML (`<…>`) is not Markdown here: the
 * renderer shows it as text, exactly as plain text does.
 */
const MARKDOWN_SYNTAX =
  /[*_`~$\\|[\]]|&#?\w+;|https?:\/\/|www\.|[\w.+-]@[\w-]+\.\w|^ {0,3}(?:#{1,6}(?:[ \t]|$)|>|[-+][ \t]|\d{1,9}[.)](?:[ \t]|$)|=+[ \t]*$|-+[ \t]*$)|^(?: {4}|\t)/m;

export function hasMarkdownSyntax(text: string): boolean {
  return MARKDOWN_SYNTAX.test(text);
}
