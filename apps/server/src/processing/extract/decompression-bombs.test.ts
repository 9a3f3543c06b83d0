import { deflateSync } from 'node:zlib';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { extractText } from './extract-text.js';
import { checkPdfStreams } from './pdf-streams.js';
import { createPdf } from './testing/pdf-fixture.js';
import {
  deflatedZeros,
  docxBomb,
  MiB,
  pdfBomb,
  pdfWithContentStream,
  zlibZeros,
} from './testing/bombs.js';
import { InflateBudgetError, readZipDirectory, readZipEntry, writeZip } from './zip.js';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe('zip entries are inflated within a budget', () => {
  it('reads an entry whole when it fits, and stops one byte past the budget otherwise', () => {
    const zip = zipSync({ 'a.xml': strToU8('x'.repeat(1000)) }, { level: 9 });
    const [entry] = readZipDirectory(zip) ?? [];
    if (!entry) throw new Error('no entry');
    expect(readZipEntry(zip, entry, 1000).toString()).toBe('x'.repeat(1000));
    expect(() => readZipEntry(zip, entry, 999)).toThrow(InflateBudgetError);
  });

  it('does not believe the size an entry declares', () => {
    const zip = docxBomb(64, { declaredSize: 100 });
    const entry = readZipDirectory(zip)?.find((found) => found.name === 'word/document.xml');
    expect(entry?.declaredSize).toBe(100);
    if (!entry) throw new Error('no entry');
    expect(() => readZipEntry(zip, entry, 10 * MiB)).toThrow(InflateBudgetError);
  });

  it('writes stored archives that other zip readers read back', () => {
    const zip = writeZip([{ name: 'word/document.xml', data: strToU8('<w:document/>') }]);
    const [entry] = readZipDirectory(zip) ?? [];
    expect(entry).toMatchObject({ name: 'word/document.xml', method: 0, declaredSize: 13 });
    if (!entry) throw new Error('no entry');
    expect(readZipEntry(zip, entry, 13).toString()).toBe('<w:document/>');
  });
});

describe('DOCX decompression bombs', () => {
  it('refuses one whose XML declares its 1 GiB honestly, inflating nothing', async () => {
    const result = await extractText({ bytes: docxBomb(1024), contentType: DOCX, name: 'b.docx' });
    expect(result).toMatchObject({ kind: 'docx', text: '', limitExceeded: true });
    expect(result.error).toBe(
      'the Word document is too large to read: its XML unpacks to more than 32 MiB',
    );
  });

  it('stops one that claims 2 KiB of XML at the budget while inflating', async () => {
    const result = await extractText({
      bytes: docxBomb(1024, { declaredSize: 2048 }),
      contentType: DOCX,
      name: 'b.docx',
    });
    expect(result).toMatchObject({ kind: 'docx', text: '', limitExceeded: true });
  });

  it('counts every part against one budget', async () => {
    // Two parts of 600 KiB each, declared tiny: each fits 1 MiB, together they do not.
    const part = { data: zlibZerosRaw(600 * 1024), method: 8 as const, crc: 0, size: 10 };
    const bytes = writeZip([
      { name: 'word/document.xml', ...part },
      { name: 'word/styles.xml', ...part },
    ]);
    const result = await extractText(
      { bytes, contentType: DOCX, name: 'b.docx' },
      { maxDocxXmlBytes: MiB },
    );
    expect(result.limitExceeded).toBe(true);
  });

  it('still reads a real document, leaving its media packed', async () => {
    const bytes = writeZip([
      {
        name: 'word/document.xml',
        data: strToU8(
          '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
            '<w:body><w:p><w:r><w:t>Cores from Svalbard.</w:t></w:r></w:p></w:body></w:document>',
        ),
      },
      // 1 GiB behind a picture's name: never inflated, so it costs nothing.
      { name: 'word/media/image1.png', data: deflatedZeros(1024), method: 8, crc: 0, size: 10 },
    ]);
    const result = await extractText({ bytes, contentType: DOCX, name: 'a.docx' });
    expect(result).toMatchObject({ kind: 'docx', text: 'Cores from Svalbard.' });
    expect(result.limitExceeded).toBeUndefined();
  });
});

/** Raw deflate of `bytes` zero bytes. */
function zlibZerosRaw(bytes: number): Buffer {
  return Buffer.from(deflateSync(Buffer.alloc(bytes), { level: 9 }).subarray(2, -4));
}

describe('PDF decompression bombs', () => {
  it('refuses a page whose content stream inflates to 4 GiB, stopping at the budget', async () => {
    const bytes = pdfBomb(4096);
    expect(bytes.length).toBeLessThan(5 * MiB);
    const result = await extractText({ bytes, contentType: 'application/pdf', name: 'b.pdf' });
    expect(result).toMatchObject({ kind: 'pdf', text: '', limitExceeded: true });
    expect(result.error).toBe(
      'the PDF is too large to read: its streams unpack to more than 256 MiB',
    );
  });

  it('does not believe a decoded length the file declares', async () => {
    const check = await checkPdfStreams(pdfBomb(64, { decodedLength: 10 }), 32 * MiB);
    expect(check.exceeded).toBe(true);
  });

  it('counts streams that inflate within the budget and lets them through', async () => {
    const check = await checkPdfStreams(pdfBomb(8), 32 * MiB);
    expect(check).toEqual({ decodedBytes: 8 * MiB, exceeded: false });
    const paper = createPdf([{ text: 'A short paper.' }]);
    expect((await checkPdfStreams(paper, MiB)).exceeded).toBe(false);
    expect(
      await extractText({ bytes: paper, contentType: 'application/pdf', name: 'p.pdf' }),
    ).toMatchObject({ text: 'A short paper.' });
  });

  it('sees through filter chains: Flate twice, Flate under ASCII85, LZW, run-length', async () => {
    const budget = 32 * MiB;
    // 64 MiB of zeros deflated twice is a few hundred bytes.
    const twice = pdfWithContentStream('[/FlateDecode /FlateDecode]', deflateSync(zlibZeros(64)));
    expect((await checkPdfStreams(twice, budget)).exceeded).toBe(true);

    const armoured = pdfWithContentStream(
      '[/ASCII85Decode /FlateDecode]',
      Buffer.from(`${ascii85(zlibZeros(64))}~>`, 'latin1'),
    );
    expect((await checkPdfStreams(armoured, budget)).exceeded).toBe(true);

    // 129 bytes of run-length data repeat one byte 128 × 64 times: 8 KiB.
    const runs = Buffer.concat([Buffer.alloc(128, Buffer.from([129, 0])), Buffer.from([128])]);
    expect(await checkPdfStreams(pdfWithContentStream('/RunLengthDecode', runs), budget)).toEqual({
      decodedBytes: 64 * 128,
      exceeded: false,
    });
    expect(
      (await checkPdfStreams(pdfWithContentStream('/RunLengthDecode', runs), 4096)).exceeded,
    ).toBe(true);

    const text = Buffer.from(
      Array.from({ length: 3000 }, (_, index) => `line ${index} of ${index % 7}`).join('\n'),
    );
    const lzw = pdfWithContentStream('/LZWDecode', lzwEncode(text));
    expect(await checkPdfStreams(lzw, budget)).toEqual({
      decodedBytes: text.length,
      exceeded: false,
    });
    // LZW over Flate: the LZW layer is decoded, the Flate layer under it counted.
    const layered = pdfWithContentStream('[/LZWDecode /FlateDecode]', lzwEncode(zlibZeros(64)));
    expect((await checkPdfStreams(layered, budget)).exceeded).toBe(true);
  });

  it('leaves images to the reader, whose memory limit guards them', async () => {
    const image = pdfWithContentStream('/FlateDecode', zlibZeros(64), '/Subtype /Image');
    expect(await checkPdfStreams(image, 32 * MiB)).toEqual({ decodedBytes: 0, exceeded: false });
  });
});

function ascii85(bytes: Uint8Array): string {
  let out = '';
  for (let offset = 0; offset < bytes.length; offset += 4) {
    const chunk = bytes.subarray(offset, offset + 4);
    const padded = new Uint8Array(4);
    padded.set(chunk);
    let value = new DataView(padded.buffer).getUint32(0);
    if (value === 0 && chunk.length === 4) {
      out += 'z';
      continue;
    }
    const digits: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      digits.unshift(String.fromCharCode(33 + (value % 85)));
      value = Math.floor(value / 85);
    }
    out += digits.slice(0, chunk.length + 1).join('');
  }
  return out;
}

/** LZWDecode data (PDF 32000-1 §7.4.4: 9–12-bit codes, EarlyChange 1). */
function lzwEncode(bytes: Uint8Array): Buffer {
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  const write = (code: number, width: number) => {
    buffer = (buffer << width) | code;
    bits += width;
    while (bits >= 8) {
      out.push((buffer >>> (bits - 8)) & 0xff);
      bits -= 8;
      buffer &= (1 << bits) - 1;
    }
  };
  let table = new Map<string, number>();
  let next = 258;
  const reset = () => {
    table = new Map(Array.from({ length: 256 }, (_, code) => [String.fromCharCode(code), code]));
    next = 258;
  };
  // The decoder's table runs one entry behind the encoder's, so its width changes one code later.
  const width = () => (next >= 2048 ? 12 : next >= 1024 ? 11 : next >= 512 ? 10 : 9);
  reset();
  write(256, 9);
  let word = '';
  for (const byte of bytes) {
    const extended = word + String.fromCharCode(byte);
    if (table.has(extended)) {
      word = extended;
      continue;
    }
    write(table.get(word) as number, width());
    table.set(extended, next);
    next += 1;
    if (next === 4094) {
      write(256, width());
      reset();
    }
    word = String.fromCharCode(byte);
  }
  if (word) write(table.get(word) as number, width());
  write(257, width());
  if (bits > 0) out.push((buffer << (8 - bits)) & 0xff);
  return Buffer.from(out);
}
