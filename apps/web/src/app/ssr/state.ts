/**
 * The query cache a server-rendered page carries (a `<script type="application/json">` the
 * browser never runs): the client fills its cache from it before hydrating, so the data the HTML
 * shows is not asked for a second time.
 */
export const SSR_STATE_ELEMENT_ID = 'ssr-state';

/**
 * JSON that cannot end or change its `<script>` element: `<` (as in `</script>` or `<!--`), `>`
 * and `&` are written as \u escapes, which JSON.parse reads back to the same characters; so are
 * the two line separators older parsers took for line ends.
 */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (character) => {
    return `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

/** The state the server embedded in this document, or null for a page the browser renders. */
export function readEmbeddedState(doc: Document): unknown {
  const text = doc.getElementById(SSR_STATE_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
