/**
 * Decompression bombs for tests, built in milliseconds: one MiB of zeros is deflated once with a
 * full flush (a self-contained, byte-aligned run of blocks) and repeated, so N MiB of zeros cost
 * about N KiB, and no test ever holds the inflated bytes.
 */
import { constants, crc32, deflateRawSync } from 'node:zlib';
import { writeZip } from '../zip.js';

export const MiB = 1024 * 1024;

const ZERO_MIB = Buffer.alloc(MiB);
const ZERO_MIB_DEFLATED = deflateRawSync(ZERO_MIB, {
  level: 9,
  finishFlush: constants.Z_FULL_FLUSH,
});
/** An empty final block (BFINAL=1, fixed Huffman, end of block). */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/** Raw deflate data of `mebibytes` MiB of zeros. */
export function deflatedZeros(mebibytes: number): Buffer {
  return Buffer.concat([...Array<Buffer>(mebibytes).fill(ZERO_MIB_DEFLATED), FINAL_BLOCK]);
}

/** The same in the zlib format (a PDF's FlateDecode), with its Adler-32 of all those zeros. */
export function zlibZeros(mebibytes: number): Buffer {
  // Adler-32 over zeros: A stays 1, B grows by 1 per byte.
  const adler = (((mebibytes * MiB) % 65521) * 65536 + 1) >>> 0;
  const trailer = Buffer.alloc(4);
  trailer.writeUInt32BE(adler);
  return Buffer.concat([Buffer.from([0x78, 0xda]), deflatedZeros(mebibytes), trailer]);
}

function crcOfZeros(mebibytes: number): number {
  let crc = 0;
  for (let index = 0; index < mebibytes; index += 1) crc = crc32(ZERO_MIB, crc);
  return crc;
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
  '</Types>';
const RELATIONSHIPS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
  '</Relationships>';

/**
 * A .docx whose word/document.xml is `mebibytes` MiB of zeros. `declaredSize` is what its headers
 * claim the XML inflates to: the true size by default, or a lie (a bomb that passes a check of
 * declared sizes).
 */
export function docxBomb(mebibytes: number, options: { declaredSize?: number } = {}): Buffer {
  return writeZip([
    { name: '[Content_Types].xml', data: Buffer.from(CONTENT_TYPES) },
    { name: '_rels/.rels', data: Buffer.from(RELATIONSHIPS) },
    {
      name: 'word/document.xml',
      data: deflatedZeros(mebibytes),
      method: 8,
      crc: crcOfZeros(mebibytes),
      size: options.declaredSize ?? Math.min(0xfffffffe, mebibytes * MiB),
    },
  ]);
}

/**
 * A one-page PDF whose content stream is `data` under the given /Filter (a name such as
 * `/FlateDecode` or an array such as `[/ASCII85Decode /FlateDecode]`), with its true /Length and
 * any other dictionary entries given.
 */
export function pdfWithContentStream(filter: string, data: Buffer, extra = ''): Buffer {
  const parts: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const add = (part: string | Buffer) => {
    const buffer = typeof part === 'string' ? Buffer.from(part, 'latin1') : part;
    parts.push(buffer);
    length += buffer.length;
  };
  const object = (...body: (string | Buffer)[]) => {
    offsets.push(length);
    add(`${offsets.length} 0 obj\n`);
    body.forEach(add);
    add('\nendobj\n');
  };
  add('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n');
  object('<< /Type /Catalog /Pages 2 0 R >>');
  object('<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  object('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>');
  object(
    `<< /Length ${data.length} /Filter ${filter}${extra ? ` ${extra}` : ''} >>\nstream\n`,
    data,
    '\nendstream',
  );
  const xref = length;
  add(`xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n`);
  for (const offset of offsets) add(`${String(offset).padStart(10, '0')} 00000 n \n`);
  add(`trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(parts);
}

/**
 * A one-page PDF whose content stream is FlateDecode data of `mebibytes` MiB of zeros;
 * `decodedLength` adds a /DL (the decoded length a file may declare) that lies, if given.
 */
export function pdfBomb(mebibytes: number, options: { decodedLength?: number } = {}): Buffer {
  const dl = options.decodedLength === undefined ? '' : `/DL ${options.decodedLength}`;
  return pdfWithContentStream('/FlateDecode', zlibZeros(mebibytes), dl);
}
