/**
 * A small PDF 1.4 writer for the seed's papers, notes and reports: A4 pages of real text objects
 * in the standard Helvetica fonts (WinAnsiEncoding), wrapped and paginated, with an Info
 * dictionary and a cross-reference table whose offsets are exact, so any reader (and text
 * extraction such as `pdftotext`) opens it.
 */
import { createHash } from 'node:crypto';
import { helveticaWidth, wrapWords } from '../../src/processing/extract/testing/helvetica.js';

export interface PdfSection {
  heading: string;
  paragraphs: string[];
}

export interface PdfDocument {
  title: string;
  authors: string;
  affiliation?: string;
  /** Shown under the authors, e.g. "Preprint, March 2025". */
  note?: string;
  abstract: string;
  keywords?: string[];
  sections: PdfSection[];
  references?: string[];
}

const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN_X = 64;
const MARGIN_TOP = 72;
const MARGIN_BOTTOM = 72;
const TEXT_WIDTH = PAGE_WIDTH - 2 * MARGIN_X;

type FontKey = 'F1' | 'F2' | 'F3';
const FONTS: Record<FontKey, string> = {
  F1: 'Helvetica',
  F2: 'Helvetica-Bold',
  F3: 'Helvetica-Oblique',
};

// Characters outside Latin-1 that WinAnsiEncoding still has (PDF 32000-1, Annex D.2).
const WIN_ANSI_EXTRA: Record<string, number> = {
  '€': 0x80,
  '‚': 0x82,
  '„': 0x84,
  '…': 0x85,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  '™': 0x99,
  '−': 0x2d,
  μ: 0xb5,
};

// Greek letters are not in the standard fonts' encoding: they are spelled out.
const SPELLED: Record<string, string> = {
  α: 'alpha',
  β: 'beta',
  γ: 'gamma',
  δ: 'delta',
  Δ: 'Delta',
  θ: 'theta',
  λ: 'lambda',
  σ: 'sigma',
  τ: 'tau',
  χ: 'chi',
  '≈': '~',
  '≤': '<=',
  '≥': '>=',
  '→': '->',
};

interface Line {
  text: string;
  font: FontKey;
  size: number;
  /** Distance from the previous baseline. */
  advance: number;
  /** Room the lines after it need on the same page (a heading keeps two lines of its text). */
  keepWithNext: number;
}

interface Page {
  lines: { text: string; font: FontKey; size: number; x: number; y: number }[];
  rules: number[];
}

/**
 * The document as the bytes of a PDF file. Without `createdAt` the Info dictionary has no date,
 * so the same document always gives the same bytes (and the same CID).
 */
export function renderPdf(document: PdfDocument, createdAt?: Date): Buffer {
  const pages = layOut(document);
  const objects: string[] = [];
  const fontIds: Record<FontKey, number> = { F1: 3, F2: 4, F3: 5 };
  const infoId = 6;
  const firstPageId = 7;
  const pageIds = pages.map((_, index) => firstPageId + index * 2);

  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] =
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] ` +
    `/Count ${pages.length} >>`;
  for (const [key, baseFont] of Object.entries(FONTS) as [FontKey, string][]) {
    objects[fontIds[key]] =
      `<< /Type /Font /Subtype /Type1 /BaseFont /${baseFont} /Encoding /WinAnsiEncoding >>`;
  }
  objects[infoId] =
    `<< /Title ${pdfString(document.title)} /Author ${pdfString(document.authors)} ` +
    `/Subject ${pdfString(document.abstract.slice(0, 200))} ` +
    `/Keywords ${pdfString((document.keywords ?? []).join(', '))} ` +
    `/Creator (Symposia seed) /Producer (Symposia seed PDF writer)` +
    (createdAt ? ` /CreationDate ${pdfString(pdfDate(createdAt))}` : '') +
    ' >>';
  const fontResources = (Object.keys(FONTS) as FontKey[])
    .map((key) => `/${key} ${fontIds[key]} 0 R`)
    .join(' ');
  pages.forEach((page, index) => {
    const pageId = pageIds[index] as number;
    const stream = pageStream(page, document.title, index + 1, pages.length);
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
      `/Resources << /Font << ${fontResources} >> >> /Contents ${pageId + 1} 0 R >>`;
    objects[pageId + 1] =
      `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`;
  });

  // Everything is written as Latin-1 so each character is one byte and offsets are exact.
  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = chunks[0]?.length ?? 0;
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id += 1) {
    const chunk = Buffer.from(`${id} 0 obj\n${objects[id] ?? 'null'}\nendobj\n`, 'latin1');
    offsets[id] = offset;
    chunks.push(chunk);
    offset += chunk.length;
  }
  const body = Buffer.concat(chunks);
  const fileId = createHash('md5').update(body).digest('hex');
  const xref = [
    'xref',
    `0 ${objects.length}`,
    '0000000000 65535 f ',
    ...offsets.slice(1).map((value) => `${String(value).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length} /Root 1 0 R /Info ${infoId} 0 R /ID [<${fileId}> <${fileId}>] >>`,
    'startxref',
    String(offset),
    '%%EOF',
    '',
  ].join('\n');
  return Buffer.concat([body, Buffer.from(xref, 'latin1')]);
}

// --- Layout -------------------------------------------------------------------------------------

function layOut(document: PdfDocument): Page[] {
  const lines: (Line | 'rule')[] = [];
  const paragraph = (text: string, font: FontKey, size: number, spaceBefore: number) => {
    const heading = font === 'F2';
    wrap(text, font, size, TEXT_WIDTH).forEach((line, index) => {
      lines.push({
        text: line,
        font,
        size,
        advance: index === 0 ? size * 1.35 + spaceBefore : size * 1.35,
        keepWithNext: heading ? 2 * 10.5 * 1.35 + 6 : 0,
      });
    });
  };

  paragraph(document.title, 'F2', 19, 0);
  paragraph(document.authors, 'F1', 11.5, 8);
  if (document.affiliation) paragraph(document.affiliation, 'F3', 10, 2);
  if (document.note) paragraph(document.note, 'F3', 10, 2);
  lines.push('rule');
  paragraph('Abstract', 'F2', 11.5, 16);
  paragraph(document.abstract, 'F1', 10.5, 4);
  if (document.keywords && document.keywords.length > 0) {
    paragraph(`Keywords: ${document.keywords.join('; ')}`, 'F3', 10, 8);
  }
  document.sections.forEach((section, index) => {
    paragraph(`${index + 1}. ${section.heading}`, 'F2', 12.5, 18);
    for (const text of section.paragraphs) paragraph(text, 'F1', 10.5, 6);
  });
  if (document.references && document.references.length > 0) {
    paragraph('References', 'F2', 12.5, 18);
    document.references.forEach((reference, index) => {
      paragraph(`[${index + 1}] ${reference}`, 'F1', 9.5, 3);
    });
  }

  const pages: Page[] = [];
  let page: Page = { lines: [], rules: [] };
  let y = PAGE_HEIGHT - MARGIN_TOP;
  let first = true;
  for (const line of lines) {
    if (line === 'rule') {
      y -= 10;
      page.rules.push(y);
      continue;
    }
    const advance = first ? 0 : line.advance;
    first = false;
    if (y - advance - line.keepWithNext < MARGIN_BOTTOM) {
      pages.push(page);
      page = { lines: [], rules: [] };
      y = PAGE_HEIGHT - MARGIN_TOP;
    } else {
      y -= advance;
    }
    page.lines.push({ text: line.text, font: line.font, size: line.size, x: MARGIN_X, y });
  }
  pages.push(page);
  return pages;
}

function pageStream(page: Page, title: string, number: number, total: number): string {
  const commands: string[] = [];
  for (const line of page.lines) {
    commands.push(
      `BT /${line.font} ${line.size} Tf ${fixed(line.x)} ${fixed(line.y)} Td ${pdfString(line.text)} Tj ET`,
    );
  }
  for (const y of page.rules) {
    commands.push(
      `0.6 w 0.55 G ${MARGIN_X} ${fixed(y)} m ${fixed(PAGE_WIDTH - MARGIN_X)} ${fixed(y)} l S 0 G`,
    );
  }
  const footer = `${number} / ${total}`;
  commands.push(
    `BT /F1 9 Tf ${fixed((PAGE_WIDTH - textWidth(footer, 'F1', 9)) / 2)} 40 Td ${pdfString(footer)} Tj ET`,
  );
  if (number > 1) {
    const header = wrap(title, 'F3', 8.5, TEXT_WIDTH)[0] ?? '';
    commands.push(
      `BT /F3 8.5 Tf ${MARGIN_X} ${fixed(PAGE_HEIGHT - 40)} Td ${pdfString(header)} Tj ET`,
    );
  }
  return commands.join('\n');
}

/** Greedy word wrap by the font's real advance widths. */
export function wrap(text: string, font: FontKey, size: number, width: number): string[] {
  return wrapWords(normalize(text), (line) => textWidth(line, font, size) <= width);
}

function textWidth(text: string, font: FontKey, size: number): number {
  // Helvetica-Bold runs about 8% wider than the regular face.
  return helveticaWidth(normalize(text), size) * (font === 'F2' ? 1.08 : 1);
}

function normalize(text: string): string {
  return Array.from(text.normalize('NFC'))
    .map((char) => SPELLED[char] ?? char)
    .join('');
}

/** A PDF literal string in WinAnsiEncoding; anything outside printable ASCII as an octal escape. */
export function pdfString(text: string): string {
  let out = '(';
  for (const char of normalize(text)) {
    const code = char.codePointAt(0) ?? 63;
    const latin1 = (code >= 32 && code <= 126) || (code >= 0xa0 && code <= 0xff);
    const byte = WIN_ANSI_EXTRA[char] ?? (latin1 ? code : 0x3f);
    if (char === '\\' || char === '(' || char === ')') out += `\\${char}`;
    else if (byte >= 32 && byte <= 126) out += String.fromCharCode(byte);
    else out += `\\${byte.toString(8).padStart(3, '0')}`;
  }
  return `${out})`;
}

function pdfDate(date: Date): string {
  const iso = date.toISOString();
  return `D:${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
}

function fixed(value: number): string {
  return Number(value.toFixed(2)).toString();
}
