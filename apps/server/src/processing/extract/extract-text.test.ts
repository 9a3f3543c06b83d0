import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { detectKind } from './detect-kind.js';
import { extractText } from './extract-text.js';
import { createPaperPdf, createPdf } from './testing/pdf-fixture.js';

const ABSTRACT =
  'Twisted bilayer graphene near the magic angle of 1.1 degrees hosts flat electronic bands in ' +
  'which interactions dominate the kinetic energy. Here we report transport measurements on ' +
  'encapsulated devices that show robust superconductivity with a critical temperature of 3.5 K ' +
  'adjacent to correlated insulating states at half filling of the moire superlattice. The ' +
  'superconducting dome is tuned by electrostatic gating and by hydrostatic pressure, and its ' +
  'critical field exceeds the Pauli limit, which points to unconventional pairing. Scanning ' +
  'tunnelling spectroscopy reveals a pseudogap that persists above the critical temperature. ' +
  'These results establish twisted bilayer graphene as a tunable platform for studying ' +
  'strongly correlated superconductivity in two-dimensional materials.';

const PAPER = {
  title: 'Tunable superconductivity in magic-angle twisted bilayer graphene',
  authors: 'Mei Lin, Tomas Berg and Ana Duarte',
  abstract: ABSTRACT,
  sections: [
    {
      heading: 'Introduction',
      paragraphs: [
        'Moire materials have emerged as a versatile setting for correlated electron physics. ' +
          'When two graphene sheets are stacked with a small relative twist, the interlayer ' +
          'hybridisation flattens the bands near charge neutrality. '.repeat(6),
        'Earlier work established correlated insulators at integer fillings. The relation ' +
          'between these insulators and the superconducting phase remains debated. '.repeat(8),
      ],
    },
    {
      heading: 'Methods',
      paragraphs: [
        'Devices were assembled with a dry transfer technique and encapsulated in hexagonal ' +
          'boron nitride. Four-terminal resistance was measured with standard lock-in methods. '.repeat(
            10,
          ),
      ],
    },
    {
      heading: 'Results',
      paragraphs: [
        'Zero resistance appears below 3.5 K on both sides of half filling. Pressure raises ' +
          'the critical temperature by up to forty per cent. '.repeat(12),
        'The critical field exceeds the Pauli limit in every device studied. '.repeat(10),
      ],
    },
    {
      heading: 'Discussion',
      paragraphs: Array.from(
        { length: 12 },
        (_, index) =>
          `Paragraph ${index + 1} of the discussion compares the phase diagram with models of ` +
          'strong coupling, valley polarisation and nematic order. '.repeat(9),
      ),
    },
  ],
};

function docx(paragraphs: string[]): Uint8Array {
  const body = paragraphs
    .map((text) => `<w:p><w:r><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r></w:p>`)
    .join('');
  return zipSync({
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
        '</Types>',
    ),
    '_rels/.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
        '</Relationships>',
    ),
    'word/document.xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
        `<w:body>${body}</w:body></w:document>`,
    ),
  });
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const utf8 = (text: string) => new TextEncoder().encode(text);

describe('extractText: PDF', () => {
  const bytes = createPaperPdf(PAPER, { pageNumbers: true, runningHead: PAPER.title });

  it('reads every page of a multi-page paper, the abstract as one paragraph', async () => {
    const result = await extractText({ bytes, contentType: 'application/pdf', name: 'paper.pdf' });
    expect(result.kind).toBe('pdf');
    expect(result.error).toBeUndefined();
    expect(result.truncated).toBe(false);
    expect(result.pages).toBeGreaterThanOrEqual(3);
    const paragraphs = result.text.split('\n\n');
    expect(paragraphs[0]).toBe(PAPER.title);
    expect(paragraphs).toContain('Abstract');
    // Line breaks of the layout are gone: the abstract comes back word for word.
    expect(paragraphs).toContain(ABSTRACT);
    expect(paragraphs).toContain('3. Results');
    expect(result.text).toContain('The critical field exceeds the Pauli limit in every device');
  });

  it('drops page numbers and running heads', async () => {
    const result = await extractText({ bytes, contentType: 'application/pdf', name: 'paper.pdf' });
    expect(result.text).not.toMatch(/\b\d+ \/ \d+\b/);
    // The title appears once (page 1), not once per page as the running head.
    expect(result.text.split(PAPER.title).length - 1).toBe(1);
  });

  it('joins words hyphenated across lines', async () => {
    const long = 'word '.repeat(15);
    const pdf = createPdf([
      { text: `${long}extraor-` },
      { text: 'dinary results.', spaceBefore: 0 },
    ]);
    const result = await extractText({ bytes: pdf, contentType: 'application/pdf', name: 'x.pdf' });
    expect(result.text).toContain('extraordinary results.');
  });

  it('finds a PDF by its signature or its extension when the type is generic', async () => {
    const bySignature = await extractText({ bytes, contentType: '', name: 'upload' });
    expect(bySignature.kind).toBe('pdf');
    expect(bySignature.text).toContain('Abstract');
    const byName = await extractText({
      bytes,
      contentType: 'application/octet-stream',
      name: 'a.PDF',
    });
    expect(byName.kind).toBe('pdf');
  });

  it('reads at most maxPages pages and says it stopped', async () => {
    const pages = Array.from({ length: 12 }, (_, index) => ({
      text: `Page marker ${index + 1}. Some text on this page.`,
      pageBreak: true,
    }));
    const pdf = createPdf(pages);
    const result = await extractText(
      { bytes: pdf, contentType: 'application/pdf', name: 'long.pdf' },
      { maxPages: 5 },
    );
    expect(result.pages).toBe(12);
    expect(result.truncated).toBe(true);
    expect(result.text).toContain('Page marker 5.');
    expect(result.text).not.toContain('Page marker 6.');
  });

  it('reads only the first 100 pages of a 1,000-page PDF by default', async () => {
    const pages = Array.from({ length: 1000 }, (_, index) => ({
      text: `Page ${index + 1} says hello.`,
      pageBreak: true,
    }));
    const pdf = createPdf(pages);
    const result = await extractText({ bytes: pdf, contentType: 'application/pdf', name: 'x.pdf' });
    expect(result).toMatchObject({ kind: 'pdf', pages: 1000, truncated: true });
    expect(result.text).toContain('Page 100 says hello.');
    expect(result.text).not.toContain('Page 101 says');
  });

  it('stops reading pages once the character bound is reached', async () => {
    const pages = Array.from({ length: 40 }, (_, index) => ({
      text: `Section ${index + 1} ${'lorem ipsum dolor sit amet '.repeat(40)}`,
      pageBreak: true,
    }));
    const pdf = createPdf(pages);
    const result = await extractText(
      { bytes: pdf, contentType: 'application/pdf', name: 'long.pdf' },
      { maxChars: 2000 },
    );
    expect(result.truncated).toBe(true);
    expect(result.text.length).toBeLessThanOrEqual(2000);
    expect(result.text.length).toBeGreaterThan(1800);
    expect(result.text).not.toContain('Section 3 ');
  });

  it('reports a corrupt PDF instead of throwing', async () => {
    const corrupt = utf8('%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R\ngarbage garbage\n');
    const result = await extractText({
      bytes: corrupt,
      contentType: 'application/pdf',
      name: 'x.pdf',
    });
    expect(result).toMatchObject({ kind: 'pdf', text: '', truncated: false });
    expect(result.error).toMatch(/PDF/);
  });

  it('reports a truncated PDF (the second half missing) instead of throwing', async () => {
    const half = bytes.subarray(0, Math.floor(bytes.length / 2));
    const result = await extractText({
      bytes: half,
      contentType: 'application/pdf',
      name: 'x.pdf',
    });
    expect(result.kind).toBe('pdf');
    // PDF.js may recover the pages whose objects survived; it must not throw either way.
    expect(typeof result.text).toBe('string');
  });

  it('refuses a PDF larger than the byte bound', async () => {
    const result = await extractText(
      { bytes, contentType: 'application/pdf', name: 'x.pdf' },
      { maxBytes: 100 },
    );
    expect(result).toMatchObject({ kind: 'pdf', text: '' });
    expect(result.error).toMatch(/too large/);
  });
});

describe('extractText: DOCX', () => {
  it('reads the paragraphs of a Word document', async () => {
    const bytes = docx([
      'CRISPR base editing in primary T cells',
      'Base editors convert single nucleotides without double-strand breaks.',
      'We edited three loci with an efficiency above 80%, e.g. in PDCD1 & B2M.',
    ]);
    const result = await extractText({ bytes, contentType: DOCX_TYPE, name: 'notes.docx' });
    expect(result).toMatchObject({ kind: 'docx', truncated: false });
    expect(result.error).toBeUndefined();
    expect(result.text).toBe(
      'CRISPR base editing in primary T cells\n\n' +
        'Base editors convert single nucleotides without double-strand breaks.\n\n' +
        'We edited three loci with an efficiency above 80%, e.g. in PDCD1 & B2M.',
    );
  });

  it('recognises a .docx sent as a generic zip', async () => {
    const bytes = docx(['Hello from Word.']);
    const result = await extractText({ bytes, contentType: 'application/zip', name: 'a.docx' });
    expect(result).toMatchObject({ kind: 'docx', text: 'Hello from Word.' });
  });

  it('reports a zip that is not a Word document', async () => {
    const bytes = zipSync({ 'readme.txt': strToU8('not a document') });
    const result = await extractText({ bytes, contentType: DOCX_TYPE, name: 'fake.docx' });
    expect(result).toMatchObject({ kind: 'docx', text: '', truncated: false });
    expect(result.error).toMatch(/not a Word document/);
  });

  it('reports bytes that are not a zip at all', async () => {
    const result = await extractText({
      bytes: utf8('plain words'),
      contentType: DOCX_TYPE,
      name: 'a.docx',
    });
    expect(result).toMatchObject({ kind: 'docx', text: '' });
    expect(result.error).toMatch(/not a zip/);
  });

  it('reports a damaged document.xml', async () => {
    const bytes = zipSync({ 'word/document.xml': strToU8('<w:document><w:body><w:p>') });
    const result = await extractText({ bytes, contentType: DOCX_TYPE, name: 'a.docx' });
    expect(result).toMatchObject({ kind: 'docx', text: '' });
    expect(result.error).toBeTruthy();
  });

  it('refuses XML that would inflate beyond the bound', async () => {
    const bytes = docx(['x'.repeat(50_000)]);
    const result = await extractText(
      { bytes, contentType: DOCX_TYPE, name: 'a.docx' },
      { maxDocxXmlBytes: 10_000 },
    );
    expect(result.error).toMatch(/too large/);
  });
});

describe('extractText: text formats', () => {
  it('decodes UTF-8, strips a BOM and control characters, normalises white space', async () => {
    const text = '\uFEFFCaf\u00e9   au\tlait\u0000\r\nsecond line\r\n\r\n\r\n\r\nnew  paragraph  ';
    const result = await extractText({
      bytes: utf8(text),
      contentType: 'text/plain',
      name: 'a.txt',
    });
    expect(result).toEqual({
      kind: 'text',
      truncated: false,
      text: 'Caf\u00e9 au lait\nsecond line\n\nnew paragraph',
    });
  });

  it('decodes UTF-16 with a byte-order mark', async () => {
    const bytes = new Uint8Array([0xff, 0xfe, ...Buffer.from('Grüße 研究', 'utf16le')]);
    const result = await extractText({ bytes, contentType: 'text/plain', name: 'a.txt' });
    expect(result.text).toBe('Grüße 研究');
  });

  it('keeps the words of Markdown and drops its markup', async () => {
    const markdown = [
      '# Results',
      '',
      'We found **strong** evidence, see [the data](https://example.org/data) and `code`.',
      '',
      '- first point',
      '- second _point_',
      '',
      '| gene | effect |',
      '| --- | --- |',
      '| TP53 | loss |',
    ].join('\n');
    const result = await extractText({
      bytes: utf8(markdown),
      contentType: 'text/markdown',
      name: 'r.md',
    });
    expect(result.text).toBe(
      'Results\n\nWe found strong evidence, see the data and code.\n\n- first point\n- second point\n\n' +
        'gene effect\nTP53 loss',
    );
  });

  it('turns CSV rows into lines of cells (quoted cells included)', async () => {
    const csv =
      'gene,effect,note\r\nTP53,loss,"tumour suppressor, guardian"\r\nMYC,gain,"says ""hi""\nbye"\r\n,,\r\n';
    const result = await extractText({ bytes: utf8(csv), contentType: 'text/csv', name: 'g.csv' });
    expect(result.text).toBe(
      'gene effect note\nTP53 loss tumour suppressor, guardian\nMYC gain says "hi" bye',
    );
  });

  it('reads TSV and JSON, and text/plain named .csv as CSV', async () => {
    const tsv = await extractText({
      bytes: utf8('a\tb\n1\t2\n'),
      contentType: 'text/tab-separated-values',
      name: 't.tsv',
    });
    expect(tsv.text).toBe('a b\n1 2');
    const json = await extractText({
      bytes: utf8('{"title": "Graphene"}'),
      contentType: 'application/json',
      name: 'd.json',
    });
    expect(json).toMatchObject({ kind: 'text', text: '{"title": "Graphene"}' });
    const named = await extractText({
      bytes: utf8('x,y\n'),
      contentType: 'text/plain',
      name: 'd.csv',
    });
    expect(named.text).toBe('x y');
  });

  it('truncates at maxChars on a word boundary and says so', async () => {
    const text = 'alpha beta gamma delta '.repeat(1000);
    const result = await extractText(
      { bytes: utf8(text), contentType: 'text/plain', name: 'a.txt' },
      { maxChars: 1000 },
    );
    expect(result.truncated).toBe(true);
    expect(result.text.length).toBeLessThanOrEqual(1000);
    expect(result.text.length).toBeGreaterThan(900);
    expect(result.text).toMatch(/(alpha|beta|gamma|delta)$/);
  });

  it('decodes only as many bytes as the bound needs and never splits a character', async () => {
    const text = '研究'.repeat(10_000);
    const result = await extractText(
      { bytes: utf8(text), contentType: 'text/plain', name: 'a.txt' },
      { maxChars: 101 },
    );
    expect(result.truncated).toBe(true);
    expect(result.text).toBe('研究'.repeat(50) + '研');
  });

  it('reports binary bytes labelled as text', async () => {
    const bytes = new Uint8Array(4096).fill(0);
    const result = await extractText({ bytes, contentType: 'text/plain', name: 'a.txt' });
    expect(result).toMatchObject({ kind: 'text', text: '' });
    expect(result.error).toMatch(/not text/);
  });
});

describe('extractText: other files', () => {
  it('returns kind none for images, video and unknown types', async () => {
    for (const [contentType, name] of [
      ['image/png', 'a.png'],
      ['video/mp4', 'a.mp4'],
      ['text/html', 'a.html'],
      ['application/octet-stream', 'blob.bin'],
    ] as const) {
      const result = await extractText({ bytes: utf8('whatever'), contentType, name });
      expect(result).toEqual({ kind: 'none', text: '', truncated: false });
    }
  });

  it('detects the kind from type, extension and signature', () => {
    const empty = new Uint8Array();
    expect(detectKind({ bytes: empty, contentType: 'application/pdf; x=1', name: '' }).kind).toBe(
      'pdf',
    );
    expect(detectKind({ bytes: empty, contentType: 'TEXT/MARKDOWN', name: '' })).toEqual({
      kind: 'text',
      format: 'markdown',
    });
    expect(detectKind({ bytes: empty, contentType: 'text/plain', name: 'notes.md' })).toEqual({
      kind: 'text',
      format: 'markdown',
    });
    expect(detectKind({ bytes: empty, contentType: 'application/vnd.api+json', name: '' })).toEqual(
      { kind: 'text', format: 'json' },
    );
    expect(detectKind({ bytes: empty, contentType: 'text/x-tex', name: 'p.tex' })).toEqual({
      kind: 'text',
      format: 'plain',
    });
    expect(detectKind({ bytes: empty, contentType: '', name: 'data.tsv' })).toEqual({
      kind: 'text',
      format: 'tsv',
    });
    expect(detectKind({ bytes: empty, contentType: 'image/jpeg', name: 'x.pdf' }).kind).toBe(
      'none',
    );
  });
});
