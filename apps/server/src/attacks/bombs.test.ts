import { constants, crc32, deflateRawSync } from 'node:zlib';
import type { PostDetail } from '@symposia/shared';
import { expect, it } from 'vitest';
import {
  describeEachServerDatabase,
  MiB,
  publish,
  registerMember,
  ServerProcess,
  until,
  type Member,
} from '../../test/server-process.js';

/**
 * Decompression bombs uploaded as posts: a DOCX whose XML inflates to a gigabyte and a PDF whose content stream
 * inflates to 4 GiB, both a few MB on the wire. Each post's job must fail within the parse limit
 * while /healthz keeps answering.
 */

const PARSE_TIMEOUT_SECONDS = 10;
// Worker polling, sandbox start-up and the job's bookkeeping on a busy 2-core machine.
const JOB_MARGIN_SECONDS = 20;
const HEALTH_INTERVAL_MS = 200;
// A health answer slower than this counts as the server not answering.
const HEALTH_TIMEOUT_MS = 5000;

// --- Fixtures: inflating far beyond their size --------------------------------------------------

/**
 * Raw deflate of `head`, `middle` × `repeat`, `tail`. The middle is compressed once and its bytes
 * repeated: a full flush ends each copy on a byte boundary with no reference to earlier data,
 * so the copies concatenate into one valid stream without compressing gigabytes here.
 */
function repeatedDeflate(head: Buffer, middle: Buffer, repeat: number, tail: Buffer): Buffer {
  const flush = { level: 9, finishFlush: constants.Z_FULL_FLUSH };
  const middleBytes = deflateRawSync(middle, flush);
  return Buffer.concat([
    deflateRawSync(head, flush),
    ...Array.from({ length: repeat }, () => middleBytes),
    deflateRawSync(tail, { level: 9 }),
  ]);
}

interface ZipEntry {
  name: string;
  /** Raw deflate data (method 8), or the bytes themselves when stored (method 0). */
  data: Buffer;
  method: 0 | 8;
  crc: number;
  /** What the headers say the entry inflates to (not necessarily the truth). */
  declaredSize: number;
}

function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt32LE(entry.crc, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.declaredSize, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, entry.data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(entry.method, 10);
    central.writeUInt32LE(entry.crc, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.declaredSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

function stored(name: string, text: string): ZipEntry {
  const data = Buffer.from(text);
  return { name, data, method: 0, crc: crc32(data), declaredSize: data.length };
}

/**
 * A Word document whose word/document.xml inflates to 1 GiB of paragraphs from about 1 MB. Its
 * headers claim a modest size, as a bomb's would: only a limit enforced while inflating holds.
 */
function docxBomb(): Buffer {
  const head = Buffer.from(
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>',
  );
  const paragraph = '<w:p><w:r><w:t>bomb bomb bomb bomb</w:t></w:r></w:p>';
  const middle = Buffer.from(paragraph.repeat(Math.floor(MiB / paragraph.length)));
  const repeat = 1024;
  const tail = Buffer.from('</w:body></w:document>');
  const data = repeatedDeflate(head, middle, repeat, tail);
  let crc = crc32(head);
  for (let index = 0; index < repeat; index += 1) crc = crc32(middle, crc);
  crc = crc32(tail, crc);
  return zip([
    stored(
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
        '</Types>',
    ),
    stored(
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
        '</Relationships>',
    ),
    { name: 'word/document.xml', data, method: 8, crc, declaredSize: data.length * 3 },
  ]);
}

const ADLER_BASE = 65521;

function adler32(bytes: Buffer): number {
  let a = 1;
  let b = 0;
  for (let index = 0; index < bytes.length; index += 1) {
    a = (a + (bytes[index] as number)) % ADLER_BASE;
    b = (b + a) % ADLER_BASE;
  }
  return ((b << 16) | a) >>> 0;
}

/** zlib's adler32_combine: the checksum of A then B from theirs and B's length. */
function adler32Combine(first: number, second: number, secondLength: number): number {
  const remainder = secondLength % ADLER_BASE;
  let sum1 = first & 0xffff;
  let sum2 = (remainder * sum1) % ADLER_BASE;
  sum1 += (second & 0xffff) + ADLER_BASE - 1;
  sum2 += ((first >>> 16) & 0xffff) + ((second >>> 16) & 0xffff) + ADLER_BASE - remainder;
  if (sum1 >= ADLER_BASE) sum1 -= ADLER_BASE;
  if (sum1 >= ADLER_BASE) sum1 -= ADLER_BASE;
  if (sum2 >= ADLER_BASE * 2) sum2 -= ADLER_BASE * 2;
  if (sum2 >= ADLER_BASE) sum2 -= ADLER_BASE;
  return ((sum2 << 16) | sum1) >>> 0;
}

/**
 * A one-page PDF whose content stream (FlateDecode, its /Length an indirect object as in most
 * real files) inflates to a 4 GiB string shown on the page, from about 4 MB.
 */
function pdfBomb(): Buffer {
  const head = Buffer.from('BT /F1 12 Tf 72 720 Td (');
  const middle = Buffer.alloc(16 * MiB, 'A');
  const repeat = 256;
  const tail = Buffer.from(') Tj ET\n');
  const middleChecksum = adler32(middle);
  let checksum = adler32(head);
  for (let index = 0; index < repeat; index += 1) {
    checksum = adler32Combine(checksum, middleChecksum, middle.length);
  }
  checksum = adler32Combine(checksum, adler32(tail), tail.length);
  const trailer = Buffer.alloc(4);
  trailer.writeUInt32BE(checksum);
  const stream = Buffer.concat([
    Buffer.from([0x78, 0xda]),
    repeatedDeflate(head, middle, repeat, tail),
    trailer,
  ]);

  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xE2\xE3\xCF\xD3\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0]?.length ?? 0;
  const object = (number: number, body: Buffer | string) => {
    offsets[number] = length;
    const bytes = Buffer.concat([
      Buffer.from(`${number} 0 obj\n`),
      typeof body === 'string' ? Buffer.from(body) : body,
      Buffer.from('\nendobj\n'),
    ]);
    parts.push(bytes);
    length += bytes.length;
  };
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  object(2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  object(
    3,
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R ' +
      '/Resources << /Font << /F1 6 0 R >> >> >>',
  );
  object(
    4,
    Buffer.concat([
      Buffer.from('<< /Length 5 0 R /Filter /FlateDecode >>\nstream\n'),
      stream,
      Buffer.from('\nendstream'),
    ]),
  );
  object(5, String(stream.length));
  object(6, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const xref = length;
  const rows = offsets
    .slice(1)
    .map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`)
    .join('');
  parts.push(
    Buffer.from(
      `xref\n0 ${offsets.length}\n0000000000 65535 f \n${rows}` +
        `trailer\n<< /Size ${offsets.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
    ),
  );
  return Buffer.concat(parts);
}

// --- The attack ---------------------------------------------------------------------------------

interface HealthLog {
  probes: number;
  failures: string[];
  slowestMs: number;
}

/** Asks /healthz every 200 ms until stopped; every answer must be a 200 within the timeout. */
function watchHealth(server: ServerProcess) {
  const log: HealthLog = { probes: 0, failures: [], slowestMs: 0 };
  let running = true;
  const done = (async () => {
    while (running) {
      const started = Date.now();
      try {
        const response = await fetch(server.url('/healthz'), {
          signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS),
        });
        await response.arrayBuffer();
        if (response.status !== 200) log.failures.push(`status ${response.status}`);
      } catch (error) {
        log.failures.push(error instanceof Error ? `${error.name}: ${error.message}` : 'error');
      }
      log.probes += 1;
      log.slowestMs = Math.max(log.slowestMs, Date.now() - started);
      await new Promise((resolve) => setTimeout(resolve, HEALTH_INTERVAL_MS));
    }
  })();
  return {
    log,
    stop: async () => {
      running = false;
      await done;
      return log;
    },
  };
}

async function processingError(server: ServerProcess, author: Member, postId: string) {
  const response = await fetch(server.url(`/api/v1/media/${postId}`), { headers: author.headers });
  if (!response.ok) return undefined;
  return ((await response.json()) as PostDetail).processing_error;
}

describeEachServerDatabase('decompression bombs over HTTP', (open, dialect) => {
  it('a DOCX bomb and a PDF bomb fail their jobs while /healthz keeps answering', async () => {
    const docx = docxBomb();
    const pdf = pdfBomb();
    // Small on the wire: the bombs are in what they inflate to.
    expect(docx.length).toBeLessThan(5 * MiB);
    expect(pdf.length).toBeLessThan(5 * MiB);

    const database = await open();
    const server = await ServerProcess.start(database, {
      PROCESSING_PARSE_TIMEOUT_SECONDS: String(PARSE_TIMEOUT_SECONDS),
      PROCESSING_PARSE_MEMORY_MB: '256',
      // One try: a bomb stays a bomb, and retries would only stretch the test.
      JOB_MAX_ATTEMPTS: '1',
      WORKER_CONCURRENCY: '2',
      WORKER_POLL_MS: '50',
      UPLOAD_RATE_LIMIT_MAX: '1000',
    });
    const author = await registerMember(server, 'bomber');
    const health = watchHealth(server);
    let log: HealthLog;
    try {
      const bombs = [
        { name: 'report.docx', content: docx },
        { name: 'paper.pdf', content: pdf },
      ];
      const outcomes = await Promise.all(
        bombs.map(async (bomb) => {
          const postId = await publish(server, author, { title: `Bomb ${bomb.name}` }, [bomb]);
          const uploadedAt = Date.now();
          const error = await until(
            () => processingError(server, author, postId),
            (PARSE_TIMEOUT_SECONDS + JOB_MARGIN_SECONDS) * 1000,
            `the job of ${bomb.name} to fail`,
          );
          const seconds = (Date.now() - uploadedAt) / 1000;
          const size = (bomb.content.length / MiB).toFixed(1);
          console.log(
            `[attack ${dialect}] ${bomb.name} (${size} MiB): job failed after ` +
              `${seconds.toFixed(1)} s: ${JSON.stringify(error)}`,
          );
          return { postId, error };
        }),
      );
      for (const outcome of outcomes) {
        expect(outcome.error.length).toBeGreaterThan(0);
        // What the author reads names no file-system path of the server.
        expect(outcome.error).not.toContain(database.dataDir);
        expect(outcome.error).not.toMatch(/\/(tmp|work|home|usr|proc|var)\//);
        // The post's processing job failed (the post is then published with what was made, which
        // queues its related-posts job beside it).
        const jobs = await database.query<{ status: string }>(
          "select status from jobs where subject_id = ? and kind = 'process-post'",
          [outcome.postId],
        );
        expect(jobs).toEqual([{ status: 'failed' }]);
      }
    } finally {
      log = await health.stop();
      console.log(
        `[attack ${dialect}] /healthz during the bombs: ${log.probes} probes, ` +
          `${log.failures.length} failed, slowest ${log.slowestMs} ms`,
      );
    }
    expect(log.failures).toEqual([]);
    // The watch ran from before the uploads until both jobs had failed.
    expect(log.probes).toBeGreaterThan(0);
  }, 180_000);
});
