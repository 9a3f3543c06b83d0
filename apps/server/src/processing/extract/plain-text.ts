/**
 * Plain text, Markdown, CSV, TSV and JSON: decoded as UTF-8 (UTF-16 when a byte-order mark says
 * so), made readable for the analyzers: Markdown loses its markup, delimited rows become lines of
 * cells separated by spaces.
 */

export type TextFormat = 'plain' | 'markdown' | 'csv' | 'tsv' | 'json';

export interface DecodedText {
  text: string;
  /** True when only the beginning of the bytes was decoded. */
  truncated: boolean;
  /** Set when the bytes are evidently not text. */
  error?: string;
}

/**
 * Decodes at most `maxBytes` bytes of `bytes`. A BOM is stripped; a multi-byte character cut by
 * the bound is dropped rather than decoded as U+FFFD.
 */
export function decodeText(bytes: Uint8Array, maxBytes: number): DecodedText {
  let encoding: 'utf-8' | 'utf-16le' | 'utf-16be' = 'utf-8';
  let start = 0;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) start = 3;
  else if (bytes[0] === 0xff && bytes[1] === 0xfe) [encoding, start] = ['utf-16le', 2];
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) [encoding, start] = ['utf-16be', 2];

  const end = Math.min(bytes.length, start + maxBytes);
  const slice = bytes.subarray(start, end);
  if (encoding === 'utf-8' && looksBinary(slice)) {
    return { text: '', truncated: false, error: 'the file is not text' };
  }
  // `stream: true` keeps an incomplete trailing sequence back instead of emitting U+FFFD.
  const decoder = new TextDecoder(encoding, { fatal: false, ignoreBOM: true });
  const text = decoder.decode(slice, { stream: end < bytes.length });
  return { text, truncated: end < bytes.length };
}

/**
 * Binary data shows itself by control bytes (NUL and the like: about 9% of compressed or random
 * bytes) where text has none; a stray control character in a text file is tolerated.
 */
function looksBinary(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 8192);
  let controls = 0;
  for (const byte of head) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d) {
      controls += 1;
    }
  }
  return controls * 20 > head.length;
}

/** The decoded text of a file made readable according to its format. */
export function readableText(text: string, format: TextFormat): string {
  switch (format) {
    case 'markdown':
      return stripMarkdown(text);
    case 'csv':
      return delimitedToLines(text, ',');
    case 'tsv':
      return delimitedToLines(text, '\t');
    default:
      return text;
  }
}

/**
 * Markdown markup removed, words kept: headings and list items stay on their own lines, links and
 * images keep their text, emphasis and code markers go, code fences keep their code.
 */
export function stripMarkdown(text: string): string {
  return (
    text
      // HTML comments and front matter carry no prose.
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/^---\n[\s\S]*?\n---\n/, '')
      .split('\n')
      // Lines that are nothing but markup (fences, rules, table separators, link definitions) go.
      .filter((line) => !MARKUP_ONLY_LINES.some((pattern) => pattern.test(line)))
      .map((line) =>
        line
          .replace(/^\s{0,3}#{1,6}\s+/, '')
          .replace(/\s+#+\s*$/, '')
          .replace(/^\s{0,3}>\s?/, '')
          .replace(/^\s*([-*+]|\d+[.)])\s+\[[ xX]\]\s+/, '$1 ')
          .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
          .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
          .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1')
          .replace(/(\*\*|__)(?=\S)([^*_]+?)(?<=\S)\1/g, '$2')
          .replace(/(^|[^\w*])[*_](?=\S)([^*_\n]+?)(?<=\S)[*_](?=[^\w*]|$)/g, '$1$2')
          .replace(/~~(?=\S)(.+?)(?<=\S)~~/g, '$1')
          .replace(/`([^`]+)`/g, '$1')
          .replace(/<\/?[a-zA-Z][^>]*>/g, '')
          // Table rows: cells separated by spaces, the outer pipes dropped.
          .replace(/\s*\|\s*/g, (match, offset: number, whole: string) =>
            offset === 0 || offset + match.length === whole.length ? '' : ' ',
          ),
      )
      .join('\n')
  );
}

const MARKUP_ONLY_LINES = [
  /^\s{0,3}(```|~~~)/,
  /^\s{0,3}([-*_])(\s*\1){2,}\s*$/,
  /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/,
  /^\s{0,3}\[[^\]]+\]:\s+\S+/,
];

/**
 * RFC 4180 rows (quoted cells may hold delimiters, doubled quotes and line breaks) turned into
 * lines: the non-empty cells of a row joined by single spaces.
 */
export function delimitedToLines(text: string, delimiter: ',' | '\t'): string {
  const lines: string[] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    const value = cell.replace(/\s+/g, ' ').trim();
    if (value) row.push(value);
    cell = '';
  };
  const endRow = () => {
    endCell();
    if (row.length > 0) lines.push(row.join(' '));
    row = [];
  };
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index] as string;
    if (quoted) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          cell += '"';
          index += 1;
        } else {
          quoted = false;
        }
      } else {
        cell += char;
      }
    } else if (char === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (char === delimiter) {
      endCell();
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      endRow();
    } else {
      cell += char;
    }
  }
  endRow();
  return lines.join('\n');
}
