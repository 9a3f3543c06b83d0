/**
 * Test helper: writes real PDF 1.4 files — A4 pages of Helvetica text objects (WinAnsiEncoding),
 * word-wrapped and paginated, with a cross-reference table whose byte offsets are exact — so the
 * extraction tests read genuine PDFs without committing binaries.
 */
import { helveticaWidth, wrapWords } from './helvetica.js';

export interface PdfBlock {
  text: string;
  /** Font size in points (default 10.5). */
  size?: number;
  style?: 'regular' | 'bold' | 'italic';
  /** Extra space above the block, in points (default: a paragraph's 6 pt). */
  spaceBefore?: number;
  /** Start the block on a new page. */
  pageBreak?: boolean;
}

export interface PdfOptions {
  /** Document title in the Info dictionary. */
  title?: string;
  /** A running head printed at the top of every page but the first. */
  runningHead?: string;
  /** Print "n / total" at the foot of every page. */
  pageNumbers?: boolean;
}

export interface Paper {
  title: string;
  authors: string;
  abstract: string;
  sections: { heading: string; paragraphs: string[] }[];
}

const PAGE_WIDTH = 595;
const PAGE_HEIGHT = 842;
const MARGIN = 64;
const TOP = PAGE_HEIGHT - 72;
const BOTTOM = 72;
const FONTS = { regular: 'F1', bold: 'F2', italic: 'F3' } as const;
const BASE_FONTS = ['Helvetica', 'Helvetica-Bold', 'Helvetica-Oblique'];

interface PlacedLine {
  text: string;
  font: string;
  size: number;
  y: number;
}

/** A paper: title, authors, "Abstract", the abstract, then numbered sections. */
export function createPaperPdf(paper: Paper, options: PdfOptions = {}): Uint8Array {
  const blocks: PdfBlock[] = [
    { text: paper.title, size: 18, style: 'bold', spaceBefore: 0 },
    { text: paper.authors, size: 11, style: 'italic', spaceBefore: 8 },
    { text: 'Abstract', size: 12, style: 'bold', spaceBefore: 18 },
    { text: paper.abstract, spaceBefore: 4 },
  ];
  paper.sections.forEach((section, index) => {
    blocks.push({ text: `${index + 1}. ${section.heading}`, size: 12, style: 'bold' });
    for (const paragraph of section.paragraphs) blocks.push({ text: paragraph });
  });
  return createPdf(blocks, { title: paper.title, ...options });
}

/** Any sequence of blocks, wrapped and paginated. */
export function createPdf(blocks: PdfBlock[], options: PdfOptions = {}): Uint8Array {
  const pages: PlacedLine[][] = [[]];
  let y = TOP;
  for (const block of blocks) {
    const size = block.size ?? 10.5;
    const font = FONTS[block.style ?? 'regular'];
    const lines = wrap(block.text, size, PAGE_WIDTH - 2 * MARGIN);
    let page = pages[pages.length - 1] as PlacedLine[];
    if (block.pageBreak && page.length > 0) {
      page = [];
      pages.push(page);
      y = TOP;
    }
    lines.forEach((text, index) => {
      const advance =
        page.length === 0 ? 0 : size * 1.35 + (index === 0 ? (block.spaceBefore ?? 6) : 0);
      if (y - advance < BOTTOM) {
        page = [];
        pages.push(page);
        y = TOP;
      } else {
        y -= advance;
      }
      page.push({ text, font, size, y });
    });
  }
  return writePdf(pages, options);
}

function writePdf(pages: PlacedLine[][], options: PdfOptions): Uint8Array {
  const objects: string[] = [];
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  const pageIds = pages.map((_, index) => 7 + index * 2);
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  BASE_FONTS.forEach((name, index) => {
    objects[3 + index] =
      `<< /Type /Font /Subtype /Type1 /BaseFont /${name} /Encoding /WinAnsiEncoding >>`;
  });
  objects[6] = `<< /Title ${pdfString(options.title ?? '')} /Producer (Symposia test fixture) >>`;
  pages.forEach((lines, index) => {
    const id = pageIds[index] as number;
    const commands = lines.map(
      (line) =>
        `BT /${line.font} ${line.size} Tf ${MARGIN} ${fixed(line.y)} Td ${pdfString(line.text)} Tj ET`,
    );
    if (options.runningHead && index > 0) {
      commands.push(
        `BT /F3 8 Tf ${MARGIN} ${PAGE_HEIGHT - 40} Td ${pdfString(options.runningHead)} Tj ET`,
      );
    }
    if (options.pageNumbers) {
      commands.push(
        `BT /F1 9 Tf ${PAGE_WIDTH / 2 - 10} 40 Td (${index + 1} / ${pages.length}) Tj ET`,
      );
    }
    const stream = commands.join('\n');
    objects[id] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
      `/Resources << /Font << /F1 3 0 R /F2 4 0 R /F3 5 0 R >> >> /Contents ${id + 1} 0 R >>`;
    objects[id + 1] = `<< /Length ${latin1Length(stream)} >>\nstream\n${stream}\nendstream`;
  });

  // Every character is written as one Latin-1 byte, so string lengths are byte offsets.
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id += 1) {
    offsets[id] = body.length;
    body += `${id} 0 obj\n${objects[id] ?? 'null'}\nendobj\n`;
  }
  const xrefOffset = body.length;
  body += [
    'xref',
    `0 ${objects.length}`,
    '0000000000 65535 f ',
    ...offsets.slice(1).map((offset) => `${String(offset).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length} /Root 1 0 R /Info 6 0 R >>`,
    'startxref',
    String(xrefOffset),
    '%%EOF',
    '',
  ].join('\n');
  return new Uint8Array(Buffer.from(body, 'latin1'));
}

/** Greedy word wrap by Helvetica's advance widths. */
function wrap(text: string, size: number, width: number): string[] {
  return wrapWords(text, (line) => helveticaWidth(line, size) <= width);
}

/** A PDF literal string: Latin-1 as octal escapes, anything beyond Latin-1 as '?'. */
function pdfString(text: string): string {
  let out = '(';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 63;
    if (char === '\\' || char === '(' || char === ')') out += `\\${char}`;
    else if (code >= 32 && code <= 126) out += char;
    else if (code >= 0xa0 && code <= 0xff) out += `\\${code.toString(8).padStart(3, '0')}`;
    else out += '?';
  }
  return `${out})`;
}

function latin1Length(text: string): number {
  return Buffer.byteLength(text, 'latin1');
}

function fixed(value: number): string {
  return Number(value.toFixed(2)).toString();
}
