/**
 * A check run before PDF.js sees a file: the streams it may decode for text (page contents, forms,
 * fonts, object and cross-reference streams — everything but images) are decoded here with one
 * byte budget for the whole file, counted while decoding, so a stream that inflates to gigabytes
 * is refused after the budget's worth of work. The sizes a file declares (/Length, /DL) are not
 * believed. Images are left to PDF.js, which does not decode them for text; the sandbox's memory
 * and time limits stand guard over whatever this check cannot see.
 */
import { constants, createInflate, inflateSync } from 'node:zlib';

export interface StreamBudgetResult {
  /** Decoded bytes counted (stops a little past the budget). */
  decodedBytes: number;
  exceeded: boolean;
}

type Filter = 'flate' | 'hex' | 'a85' | 'runlength' | 'lzw';

const FILTERS: Record<string, Filter> = {
  FlateDecode: 'flate',
  Fl: 'flate',
  ASCIIHexDecode: 'hex',
  AHx: 'hex',
  ASCII85Decode: 'a85',
  A85: 'a85',
  RunLengthDecode: 'runlength',
  RL: 'runlength',
  LZWDecode: 'lzw',
  LZW: 'lzw',
};

/** Decoding produced more than the budget allows. */
class OverBudget extends Error {}

/** How far before a `stream` keyword its dictionary is looked for. */
const MAX_DICTIONARY_BYTES = 64 * 1024;
/** Streams that inflate to at most this are inflated in one call; bigger ones are streamed. */
const QUICK_INFLATE_BYTES = 4 * 1024 * 1024;

export async function checkPdfStreams(
  bytes: Uint8Array,
  budget: number,
): Promise<StreamBudgetResult> {
  const pdf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let decodedBytes = 0;
  let from = 0;
  for (;;) {
    const keyword = pdf.indexOf('stream', from, 'latin1');
    if (keyword < 0) break;
    from = keyword + 6;
    if (keyword >= 3 && pdf.toString('latin1', keyword - 3, keyword) === 'end') continue;
    // The keyword is followed by CRLF or LF (PDF 32000-1 §7.3.8.1); lenient readers take CR too.
    let start = keyword + 6;
    if (pdf[start] === 0x0d) start += 1;
    if (pdf[start] === 0x0a) start += 1;
    if (start === keyword + 6) continue;
    const dictionary = dictionaryBefore(pdf, keyword);
    if (!dictionary.includes('>>') || /\/Subtype\s*\/Image\b/.test(dictionary)) continue;
    const filters = filtersOf(dictionary);
    if (filters.length === 0) continue;
    const end = streamEnd(pdf, start, dictionary);
    from = end;
    try {
      decodedBytes += await decodedSize(pdf.subarray(start, end), filters, budget - decodedBytes);
    } catch (error) {
      if (!(error instanceof OverBudget)) throw error;
      return { decodedBytes: budget + 1, exceeded: true };
    }
    if (decodedBytes > budget) return { decodedBytes, exceeded: true };
  }
  return { decodedBytes, exceeded: false };
}

/** The text from the object header (`12 0 obj`) before a `stream` keyword up to it. */
function dictionaryBefore(pdf: Buffer, keyword: number): string {
  const lowest = Math.max(0, keyword - MAX_DICTIONARY_BYTES);
  const header = pdf.lastIndexOf('obj', keyword, 'latin1');
  return pdf.toString('latin1', header >= lowest ? header + 3 : lowest, keyword);
}

/** The decoding filters of a stream dictionary, in order; those not decoded here end the list. */
function filtersOf(dictionary: string): Filter[] {
  const match = /\/Filter\s*(\[[^\]]*\]|\/[^\s/[\]<>()]+)/.exec(dictionary);
  if (!match?.[1]) return [];
  const filters: Filter[] = [];
  for (const [, name = ''] of match[1].matchAll(/\/([^\s/[\]<>()]+)/g)) {
    const filter = FILTERS[name];
    // An image codec (DCT, JPX, CCITT, JBIG2) or an unknown one: PDF.js does the rest, if anything.
    if (!filter) break;
    filters.push(filter);
  }
  return filters;
}

/** Where the stream's data ends: at its direct /Length when `endstream` follows, else at `endstream`. */
function streamEnd(pdf: Buffer, start: number, dictionary: string): number {
  const length = /\/Length\s+(\d+)\b(?!\s+\d+\s+R)/.exec(dictionary);
  if (length?.[1]) {
    const end = start + Number(length[1]);
    const marker = pdf.indexOf('endstream', end, 'latin1');
    if (end <= pdf.length && marker >= end && marker <= end + 4) return end;
  }
  const marker = pdf.indexOf('endstream', start, 'latin1');
  return marker < 0 ? pdf.length : marker;
}

/**
 * The bytes the filter chain decodes `data` to. The last layer is only counted (never held);
 * earlier layers are decoded, each bounded by what is left of the budget.
 */
async function decodedSize(data: Buffer, filters: Filter[], remaining: number): Promise<number> {
  let current = data;
  let counted = 0;
  for (const [index, filter] of filters.entries()) {
    const left = remaining - counted;
    if (index === filters.length - 1 && filter === 'flate') {
      return counted + (await inflatedLength(current, left));
    }
    if (index === filters.length - 1 && filter === 'lzw') return counted + lzwLength(current, left);
    current = decode(filter, current, left);
    counted += current.length;
  }
  return counted;
}

function decode(filter: Filter, data: Buffer, limit: number): Buffer {
  switch (filter) {
    case 'flate':
      try {
        return inflateSync(data, {
          maxOutputLength: Math.max(1, limit),
          finishFlush: constants.Z_SYNC_FLUSH,
        });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
          throw new OverBudget();
        // A damaged stream: PDF.js will not get more out of it than nothing.
        return Buffer.alloc(0);
      }
    case 'hex':
      return bounded(asciiHexDecode(data), limit);
    case 'a85':
      return bounded(ascii85Decode(data), limit);
    case 'runlength':
      return runLengthDecode(data, limit);
    case 'lzw':
      return lzwDecode(data, limit);
  }
}

function bounded(decoded: Buffer, limit: number): Buffer {
  if (decoded.length > limit) throw new OverBudget();
  return decoded;
}

/**
 * The inflated length of zlib data (FlateDecode's format), or a number past `limit`: small
 * streams (most of them) in one call, big ones streamed and counted, one chunk held at a time.
 */
async function inflatedLength(data: Buffer, limit: number): Promise<number> {
  const quick = Math.min(limit, QUICK_INFLATE_BYTES);
  try {
    return inflateSync(data, {
      maxOutputLength: Math.max(1, quick),
      finishFlush: constants.Z_SYNC_FLUSH,
    }).length;
  } catch (error) {
    // A damaged stream: PDF.js will not get more out of it than nothing.
    if ((error as NodeJS.ErrnoException).code !== 'ERR_BUFFER_TOO_LARGE') return 0;
    if (quick >= limit) return limit + 1;
  }
  return countInflated(data, limit);
}

/** Inflates and counts, holding one chunk at a time. */
function countInflated(data: Buffer, limit: number): Promise<number> {
  return new Promise((resolve) => {
    const inflate = createInflate({ chunkSize: 256 * 1024 });
    let total = 0;
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      resolve(total);
    };
    inflate.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > limit) {
        settle();
        inflate.destroy();
      }
    });
    // A damaged stream counts for what it gave before the damage.
    inflate.on('end', settle);
    inflate.on('error', settle);
    inflate.on('close', settle);
    inflate.end(data);
  });
}

function asciiHexDecode(data: Buffer): Buffer {
  const text = data.toString('latin1');
  const end = text.indexOf('>');
  const digits = (end < 0 ? text : text.slice(0, end)).replace(/[^0-9a-fA-F]/g, '');
  return Buffer.from(digits.length % 2 ? `${digits}0` : digits, 'hex');
}

function ascii85Decode(data: Buffer): Buffer {
  const out: number[] = [];
  const group: number[] = [];
  const flush = (count: number) => {
    let value = 0;
    for (let index = 0; index < 5; index += 1) value = value * 85 + (group[index] ?? 84);
    for (let index = 0; index < count - 1; index += 1)
      out.push((value >>> (24 - 8 * index)) & 0xff);
    group.length = 0;
  };
  for (const byte of data) {
    if (byte === 0x7e) break; // '~>' ends the data
    if (byte === 0x7a && group.length === 0) {
      out.push(0, 0, 0, 0);
    } else if (byte >= 0x21 && byte <= 0x75) {
      group.push(byte - 0x21);
      if (group.length === 5) flush(5);
    }
  }
  if (group.length > 1) flush(group.length);
  return Buffer.from(out);
}

function runLengthDecode(data: Buffer, limit: number): Buffer {
  const out: Buffer[] = [];
  let total = 0;
  let index = 0;
  while (index < data.length) {
    const length = data[index] as number;
    if (length === 128) break;
    const run =
      length < 128
        ? data.subarray(index + 1, index + 2 + length)
        : Buffer.alloc(257 - length, data[index + 1] ?? 0);
    index += length < 128 ? length + 2 : 2;
    total += run.length;
    if (total > limit) throw new OverBudget();
    out.push(run);
  }
  return Buffer.concat(out);
}

/** The codes of an LZWDecode stream (MSB first, 9 to 12 bits, EarlyChange 1). */
function* lzwCodes(data: Buffer): Generator<number> {
  let bits = 0;
  let buffer = 0;
  let width = 9;
  let next = 258;
  // The first code after a clear adds no table entry; every later one does.
  let first = true;
  for (const byte of data) {
    buffer = ((buffer << 8) | byte) & 0xffffff;
    bits += 8;
    while (bits >= width) {
      const code = (buffer >>> (bits - width)) & ((1 << width) - 1);
      bits -= width;
      if (code === 257) return;
      yield code;
      if (code === 256) {
        width = 9;
        next = 258;
        first = true;
      } else if (first) {
        first = false;
      } else if (next < 4096) {
        next += 1;
        if (next + 1 >= 1 << width && width < 12) width += 1;
      }
    }
  }
}

/** Bytes an LZWDecode stream decodes to, from the lengths of its table entries alone. */
function lzwLength(data: Buffer, limit: number): number {
  const lengths = new Int32Array(4096).fill(1, 0, 256);
  let next = 258;
  let previous = -1;
  let total = 0;
  for (const code of lzwCodes(data)) {
    if (code === 256) {
      next = 258;
      previous = -1;
      continue;
    }
    // A code not in the table yet is the previous entry plus its own first byte.
    const length =
      code < next
        ? (lengths[code] as number)
        : previous >= 0
          ? (lengths[previous] as number) + 1
          : 0;
    if (previous >= 0 && next < 4096) {
      lengths[next] = (lengths[previous] as number) + 1;
      next += 1;
    }
    previous = code;
    total += length;
    if (total > limit) return total;
  }
  return total;
}

function lzwDecode(data: Buffer, limit: number): Buffer {
  // Codes 256 and 257 (clear, end) hold no bytes; new entries start at 258.
  const table: Uint8Array[] = Array.from({ length: 258 }, (_, code) =>
    code < 256 ? Uint8Array.of(code) : new Uint8Array(0),
  );
  const out: Uint8Array[] = [];
  let total = 0;
  let previous: Uint8Array | undefined;
  for (const code of lzwCodes(data)) {
    if (code === 256) {
      table.length = 258;
      previous = undefined;
      continue;
    }
    let entry = code < table.length ? table[code] : undefined;
    if (!entry) {
      if (!previous) break;
      entry = Uint8Array.of(...previous, previous[0] as number);
    }
    if (previous && table.length < 4096) table.push(Uint8Array.of(...previous, entry[0] as number));
    previous = entry;
    total += entry.length;
    if (total > limit) throw new OverBudget();
    out.push(entry);
  }
  return Buffer.concat(out);
}
