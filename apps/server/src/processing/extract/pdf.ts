/**
 * PDF text through unpdf (PDF.js built for servers). Pages are read one at a time, only the
 * first `maxPages` of them and no more than the text bound needs, so a 5,000-page file costs what
 * its first pages cost. PDF.js gives positioned text runs; they are put back together into lines,
 * running heads and page numbers are dropped, and lines are re-flowed into paragraphs (a line
 * break inside a paragraph is layout, not meaning, and would read as a sentence boundary).
 */
import { getDocumentProxy } from 'unpdf';
import { formatBytes } from './bytes.js';
import { checkPdfStreams } from './pdf-streams.js';

export interface PdfExtraction {
  text: string;
  truncated: boolean;
  pages?: number;
  error?: string;
  /** Set when the PDF's streams decode beyond the budget: reading it again cannot help. */
  limitExceeded?: boolean;
}

interface Line {
  text: string;
  x: number;
  y: number;
  endX: number;
  size: number;
}

interface PositionedItem {
  str: string;
  transform: number[];
  width: number;
  hasEOL: boolean;
}

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;

export async function extractPdf(
  bytes: Uint8Array,
  options: { maxPages: number; maxChars: number; maxDecodedBytes: number },
): Promise<PdfExtraction> {
  // PDF.js inflates a stream whole, however big: a bomb is stopped here, at the budget.
  const streams = await checkPdfStreams(bytes, options.maxDecodedBytes);
  if (streams.exceeded) {
    return {
      text: '',
      truncated: false,
      error: `the PDF is too large to read: its streams unpack to more than ${formatBytes(options.maxDecodedBytes)}`,
      limitExceeded: true,
    };
  }
  let pdf: PdfDocument;
  try {
    // PDF.js may take ownership of (transfer) the array it is given: it gets a copy.
    pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0, isEvalSupported: false });
  } catch (error) {
    return { text: '', truncated: false, error: describePdfError(error) };
  }
  try {
    const total = pdf.numPages;
    const limit = Math.min(total, Math.max(0, options.maxPages));
    const pages: Line[][] = [];
    let chars = 0;
    for (let number = 1; number <= limit; number += 1) {
      const lines = await readPage(pdf, number);
      pages.push(lines);
      for (const line of lines) chars += line.text.length + 1;
      // Enough raw text to fill the bound even after clean-up: the remaining pages are not read.
      if (chars > options.maxChars * 1.2 + 1000) break;
    }
    return { text: assemble(pages), truncated: pages.length < total, pages: total };
  } catch (error) {
    return { text: '', truncated: false, error: describePdfError(error) };
  } finally {
    await pdf.destroy().catch(() => undefined);
  }
}

async function readPage(pdf: PdfDocument, number: number): Promise<Line[]> {
  const page = await pdf.getPage(number);
  try {
    const content = await page.getTextContent();
    const items: PositionedItem[] = [];
    for (const item of content.items as unknown[]) if (isPositionedItem(item)) items.push(item);
    return toLines(items);
  } catch {
    // One damaged page (a broken content stream or font) does not cost the others.
    return [];
  } finally {
    page.cleanup();
  }
}

function isPositionedItem(item: unknown): item is PositionedItem {
  return typeof item === 'object' && item !== null && 'str' in item && 'transform' in item;
}

/** Text runs grouped into lines: a new line on PDF.js's end-of-line mark or a baseline change. */
export function toLines(items: PositionedItem[]): Line[] {
  const lines: Line[] = [];
  let current: Line | undefined;
  const end = () => {
    if (current && current.text.trim()) lines.push({ ...current, text: current.text.trim() });
    current = undefined;
  };
  for (const item of items) {
    const [a = 0, b = 0, c = 0, d = 0, x = 0, y = 0] = item.transform;
    const size = Math.hypot(c, d) || Math.hypot(a, b) || 1;
    if (item.str === '') {
      if (item.hasEOL) end();
      continue;
    }
    if (current && Math.abs(y - current.y) > Math.max(current.size, size) * 0.5) end();
    if (!current) {
      current = { text: '', x, y, endX: x, size };
    } else if (
      x - current.endX > size * 0.15 &&
      !/\s$/.test(current.text) &&
      !/^\s/.test(item.str)
    ) {
      current.text += ' ';
    }
    current.text += item.str;
    current.endX = x + (Number.isFinite(item.width) ? item.width : 0);
    current.size = Math.max(current.size, size);
    if (item.hasEOL) end();
  }
  end();
  return lines;
}

const PAGE_NUMBER = /^(page\s+)?\d{1,5}(\s*(\/|of|-)\s*\d{1,5})?$|^[-–—]\s*\d{1,5}\s*[-–—]$/i;

/** Pages of lines → paragraphs separated by blank lines. */
export function assemble(pages: Line[][]): string {
  const kept = dropRunningHeads(pages);
  const paragraphs: string[] = [];
  let paragraph = '';
  const flush = () => {
    if (paragraph.trim()) paragraphs.push(paragraph.trim());
    paragraph = '';
  };
  for (const lines of kept) {
    const layout = pageLayout(lines);
    lines.forEach((line, index) => {
      const previous = index > 0 ? lines[index - 1] : undefined;
      if (previous && startsParagraph(previous, line, layout)) flush();
      paragraph = joinLine(paragraph, line.text);
    });
    // A page ending on a short line (a paragraph's end) ends the paragraph; otherwise the text
    // runs on to the next page.
    const last = lines[lines.length - 1];
    if (last && isShort(last, layout)) flush();
  }
  flush();
  return paragraphs.join('\n\n');
}

interface Layout {
  /** The usual distance between baselines of consecutive lines of one paragraph. */
  lineGap: number;
  /** The usual width of a full line. */
  fullWidth: number;
}

function pageLayout(lines: Line[]): Layout {
  const gaps: number[] = [];
  const widths: number[] = [];
  lines.forEach((line, index) => {
    widths.push(line.endX - line.x);
    const previous = lines[index - 1];
    if (previous && Math.abs(previous.size - line.size) < 0.5) {
      const gap = previous.y - line.y;
      if (gap > 0) gaps.push(gap / line.size);
    }
  });
  return { lineGap: quantile(gaps, 0.25) ?? 1.2, fullWidth: quantile(widths, 0.9) ?? 0 };
}

function startsParagraph(previous: Line, line: Line, layout: Layout): boolean {
  const sizeChange = Math.abs(previous.size - line.size) / Math.max(previous.size, line.size);
  if (sizeChange > 0.08) return true;
  const gap = (previous.y - line.y) / line.size;
  // Extra space between the lines: a paragraph (or heading) break. A jump upwards is the next
  // column, where the text usually continues.
  if (gap > 0 && gap > layout.lineGap * 1.3 + 0.1) return true;
  return isShort(previous, layout);
}

/** A line well short of the full width ends its paragraph (or is a heading). */
function isShort(line: Line, layout: Layout): boolean {
  return layout.fullWidth > 0 && line.endX - line.x < layout.fullWidth * 0.7;
}

function joinLine(paragraph: string, line: string): string {
  if (!paragraph) return line;
  // "exam-\nple" → "example": a hyphen at the end of a line before a lower-case word.
  if (/\p{L}-$/u.test(paragraph) && /^\p{Ll}/u.test(line)) return paragraph.slice(0, -1) + line;
  return `${paragraph} ${line}`;
}

/**
 * Page numbers and running heads/feet: among the first and last two lines of a page, a page
 * number, or a line that (digits aside, same size) recurs on several pages. Pages of fewer than
 * four lines are left alone: their edges are their content.
 */
function dropRunningHeads(pages: Line[][]): Line[][] {
  const edge = (lines: Line[], index: number) => index < 2 || index >= lines.length - 2;
  const key = (line: Line) =>
    `${Math.round(line.size)}|${line.text.toLowerCase().replace(/\d+/g, '#')}`;
  const counts = new Map<string, number>();
  for (const lines of pages) {
    const seen = new Set<string>();
    lines.forEach((line, index) => {
      if (lines.length >= 4 && edge(lines, index)) seen.add(key(line));
    });
    for (const value of seen) counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  const threshold = Math.max(2, Math.ceil(pages.length * 0.4));
  return pages.map((lines) =>
    lines.filter(
      (line, index) =>
        !edge(lines, index) ||
        (!PAGE_NUMBER.test(line.text) && (counts.get(key(line)) ?? 0) < threshold),
    ),
  );
}

function quantile(values: number[], q: number): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

function describePdfError(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  if (name === 'PasswordException') return 'the PDF is encrypted with a password';
  if (name === 'InvalidPDFException') return 'not a valid PDF file';
  if (name === 'MissingPDFException') return 'the PDF is empty';
  const message = error instanceof Error ? error.message : String(error);
  return `the PDF could not be read: ${message.slice(0, 160)}`;
}
