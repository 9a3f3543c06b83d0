import { basename } from 'node:path';
import { POST_FIELD_MAX_LENGTH, type MediaType } from '@symposia/shared';
import { fileTypeFromBuffer } from 'file-type';

/** Enough of a file's start for every signature file-type knows. */
export const SNIFF_BYTES = 4100;

// Text formats have no signature; their names are believed, since they are served as downloads.
const TEXT_TYPES: Record<string, string> = {
  txt: 'text/plain',
  md: 'text/markdown',
  markdown: 'text/markdown',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  json: 'application/json',
  tex: 'application/x-tex',
  bib: 'application/x-bibtex',
};

/**
 * What a file is, from its first bytes: the media type comes from the bytes alone, so a script
 * named `photo.png` is a document, never an image. Only signature-less text formats fall back on
 * the name.
 */
export async function detectFileKind(
  head: Uint8Array,
  fileName: string,
): Promise<{ contentType: string; mediaType: MediaType }> {
  const detected = await fileTypeFromBuffer(head);
  if (detected) return { contentType: detected.mime, mediaType: mediaTypeOf(detected.mime) };
  const extension = fileName.toLowerCase().split('.').pop() ?? '';
  const textType = TEXT_TYPES[extension];
  if (textType) return { contentType: `${textType}; charset=utf-8`, mediaType: 'document' };
  return { contentType: 'application/octet-stream', mediaType: 'document' };
}

function mediaTypeOf(mime: string): MediaType {
  // SVG can carry script and is never detected from bytes anyway; images here are raster images.
  if (mime.startsWith('image/') && mime !== 'image/svg+xml') return 'image';
  if (mime.startsWith('video/')) return 'video';
  if (mime.startsWith('audio/')) return 'audio';
  return 'document';
}

/** A file name safe to store and show: no path, no control characters, bounded, never empty. */
export function cleanFileName(name: string | undefined): string {
  const base = basename((name ?? '').replaceAll('\\', '/'))
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim();
  return base.slice(0, POST_FIELD_MAX_LENGTH.fileName) || 'file';
}

/** A title from a file name: without its extension, separators as spaces. */
export function titleFromFileName(name: string): string {
  const stem = name.replace(/\.[^.]{1,8}$/, '');
  return (stem.replace(/[_]+/g, ' ').trim() || name).slice(0, POST_FIELD_MAX_LENGTH.title);
}

/**
 * Reads the first `size` bytes of a stream for sniffing and gives back a stream of all of it,
 * those bytes included, so nothing is read twice and the file is never held whole.
 */
export async function peek(
  source: AsyncIterable<Uint8Array>,
  size = SNIFF_BYTES,
): Promise<{ head: Uint8Array; stream: AsyncIterable<Uint8Array> }> {
  const iterator = source[Symbol.asyncIterator]();
  const chunks: Uint8Array[] = [];
  let length = 0;
  let done = false;
  while (length < size) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    chunks.push(next.value);
    length += next.value.byteLength;
  }
  const head = Buffer.concat(chunks).subarray(0, size);
  async function* stream(): AsyncGenerator<Uint8Array> {
    yield* chunks;
    if (done) return;
    // Delegating to the iterator itself lets an early stop (a size limit) close the source.
    yield* { [Symbol.asyncIterator]: () => iterator };
  }
  return { head, stream: stream() };
}
