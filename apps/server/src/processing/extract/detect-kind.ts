/**
 * What kind of text an upload holds, told without reading it: its own module, so that the server
 * and the worker decide which files to send to a reader without loading the readers (pdf.ts,
 * docx.ts and their parsers load only in the sandbox child, ../sandbox/child.ts).
 */
import type { ExtractionInput } from './extract-text.js';
import type { TextFormat } from './plain-text.js';

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const GENERIC_TYPES = new Set([
  '',
  'application/octet-stream',
  'binary/octet-stream',
  'application/binary',
  'application/unknown',
  'application/zip',
  'application/x-zip-compressed',
]);
const TEXT_TYPES: Record<string, TextFormat> = {
  'text/plain': 'plain',
  'text/markdown': 'markdown',
  'text/x-markdown': 'markdown',
  'text/csv': 'csv',
  'text/x-csv': 'csv',
  'application/csv': 'csv',
  'text/tab-separated-values': 'tsv',
  'text/tsv': 'tsv',
  'application/json': 'json',
  'application/ld+json': 'json',
  'application/x-ndjson': 'json',
};
const TEXT_EXTENSIONS: Record<string, TextFormat> = {
  txt: 'plain',
  text: 'plain',
  md: 'markdown',
  markdown: 'markdown',
  csv: 'csv',
  tsv: 'tsv',
  tab: 'tsv',
  json: 'json',
  jsonl: 'json',
  ndjson: 'json',
};
// Text types whose markup would only be noise for an analyzer.
const MARKUP_TYPES = new Set(['text/html', 'text/xml', 'text/rtf', 'text/css', 'text/javascript']);

type Detected = { kind: 'pdf' | 'docx' | 'none' } | { kind: 'text'; format: TextFormat };

/**
 * The kind from the media type; when that is generic (octet-stream, zip, none), from the file
 * name's extension; failing that, from the bytes' signature.
 */
export function detectKind(
  input: Pick<ExtractionInput, 'bytes' | 'contentType' | 'name'>,
): Detected {
  const type = (input.contentType.split(';')[0] ?? '').trim().toLowerCase();
  const extension = /\.([a-z0-9]+)$/i.exec(input.name.trim())?.[1]?.toLowerCase() ?? '';
  if (type === 'application/pdf' || type === 'application/x-pdf') return { kind: 'pdf' };
  if (type === DOCX_TYPE) return { kind: 'docx' };
  const textFormat = TEXT_TYPES[type] ?? (type.endsWith('+json') ? 'json' : undefined);
  if (textFormat) {
    // text/plain is often what a browser says for .md or .csv: the extension is more precise.
    const refined = textFormat === 'plain' ? TEXT_EXTENSIONS[extension] : undefined;
    return { kind: 'text', format: refined ?? textFormat };
  }
  if (type.startsWith('text/') && !MARKUP_TYPES.has(type)) {
    return { kind: 'text', format: TEXT_EXTENSIONS[extension] ?? 'plain' };
  }
  if (!GENERIC_TYPES.has(type)) return { kind: 'none' };
  if (extension === 'pdf' || hasSignature(input.bytes, '%PDF-')) return { kind: 'pdf' };
  if (extension === 'docx') return { kind: 'docx' };
  const format = TEXT_EXTENSIONS[extension];
  return format ? { kind: 'text', format } : { kind: 'none' };
}

function hasSignature(bytes: Uint8Array, signature: string): boolean {
  // The PDF header may follow up to 1 KiB of garbage (PDF 32000-1 §7.5.2, as readers accept it).
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  return head.includes(signature);
}
