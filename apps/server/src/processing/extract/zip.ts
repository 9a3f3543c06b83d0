/**
 * Just enough of the zip format (APPNOTE.TXT) to read an Office document safely: the central
 * directory, entries inflated with a byte budget that is enforced while inflating (a zip says how
 * big its entries are, but a bomb lies), and stored (uncompressed) archives written back for
 * readers that want a zip.
 */
import { crc32, inflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated; anything else is not read. */
  method: number;
  compressedSize: number;
  /** As the archive declares it: a hint, never trusted as a bound. */
  declaredSize: number;
  localHeaderOffset: number;
}

/** Inflating would produce more than the budget allows. */
export class InflateBudgetError extends Error {
  override readonly name = 'InflateBudgetError';
}

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_DIRECTORY_ENTRY = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const ZIP64_MARK = 0xffffffff;
/** General-purpose flag bit 11: the name is UTF-8. */
const UTF8_NAMES = 0x0800;

/**
 * The entries of a zip archive from its central directory (APPNOTE.TXT §4.3.12, §4.3.16), or
 * undefined when the bytes are not a zip. A ZIP64 size reads as Infinity.
 */
export function readZipDirectory(bytes: Uint8Array): ZipEntry[] | undefined {
  if (bytes.length < 22) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end record is 22 bytes plus a comment of at most 65,535 bytes, at the very end.
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  let end = -1;
  for (let offset = bytes.length - 22; offset >= lowest; offset -= 1) {
    if (view.getUint32(offset, true) === END_OF_CENTRAL_DIRECTORY) {
      end = offset;
      break;
    }
  }
  if (end < 0) return undefined;
  const count = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  const entries: ZipEntry[] = [];
  const size = (value: number) => (value === ZIP64_MARK ? Infinity : value);
  for (let index = 0; index < count; index += 1) {
    if (offset + 46 > bytes.length || view.getUint32(offset, true) !== CENTRAL_DIRECTORY_ENTRY) {
      return entries.length > 0 ? entries : undefined;
    }
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    entries.push({
      name: new TextDecoder().decode(bytes.subarray(offset + 46, offset + 46 + nameLength)),
      method: view.getUint16(offset + 10, true),
      compressedSize: size(view.getUint32(offset + 20, true)),
      declaredSize: size(view.getUint32(offset + 24, true)),
      localHeaderOffset: view.getUint32(offset + 42, true),
    });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/**
 * The content of one entry, inflated to at most `budget` bytes: zlib stops and this throws
 * InflateBudgetError as soon as the output would pass it, whatever the entry claims. Any other
 * damage throws an Error saying so.
 */
export function readZipEntry(bytes: Uint8Array, entry: ZipEntry, budget: number): Buffer {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const header = entry.localHeaderOffset;
  if (header + 30 > bytes.length || view.getUint32(header, true) !== LOCAL_HEADER) {
    throw new Error(`the archive is damaged (${entry.name})`);
  }
  const start = header + 30 + view.getUint16(header + 26, true) + view.getUint16(header + 28, true);
  const end = start + entry.compressedSize;
  if (!Number.isFinite(end) || end > bytes.length) {
    throw new Error(`the archive is damaged (${entry.name})`);
  }
  const data = bytes.subarray(start, end);
  if (entry.method === 0) {
    if (data.length > budget) throw new InflateBudgetError(entry.name);
    return Buffer.from(data);
  }
  if (entry.method !== 8) throw new Error(`unsupported compression in ${entry.name}`);
  if (budget <= 0) {
    // maxOutputLength must be positive; an entry that inflates to nothing still fits.
    if (inflateRawSync(data, { maxOutputLength: 1 }).length > 0) {
      throw new InflateBudgetError(entry.name);
    }
    return Buffer.alloc(0);
  }
  try {
    return inflateRawSync(data, { maxOutputLength: budget });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
      throw new InflateBudgetError(entry.name);
    }
    throw new Error(`the archive is damaged (${entry.name})`);
  }
}

export interface ZipFileToWrite {
  name: string;
  /** The bytes as stored: raw deflate data for method 8. */
  data: Uint8Array;
  /** 0 (stored, the default) or 8 (deflated; give `crc` and `size`). */
  method?: 0 | 8;
  /** CRC-32 of the uncompressed content; computed for stored entries when left out. */
  crc?: number;
  /** The uncompressed size written in the headers; the data's length for stored entries. */
  size?: number;
}

/** A zip archive of the given entries (no ZIP64: each entry and the whole below 4 GiB). */
export function writeZip(files: ZipFileToWrite[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name, 'utf8');
    const method = file.method ?? 0;
    const crc = file.crc ?? crc32(file.data);
    const size = file.size ?? file.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL_HEADER, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(UTF8_NAMES, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(0x21, 12); // 1980-01-01: the dates carry nothing here
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(file.data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(CENTRAL_DIRECTORY_ENTRY, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(UTF8_NAMES, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(file.data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, Buffer.from(file.data.buffer, file.data.byteOffset, file.data.length));
    centrals.push(central, name);
    offset += 30 + name.length + file.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
