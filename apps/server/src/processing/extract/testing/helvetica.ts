/**
 * Helvetica's metrics, for the PDFs written without a font file: the extraction tests' fixtures
 * (pdf-fixture.ts) and the seed's documents (seed/files/pdf.ts) wrap their lines by them.
 */

// Advance widths of Helvetica for the characters 32..126, in thousandths of the font size (AFM).
const HELVETICA_WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556,
  556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667,
  611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667,
  667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500,
  222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];

/** The advance of `text` in regular Helvetica at `size` points; beyond ASCII, as wide as a digit. */
export function helveticaWidth(text: string, size: number): number {
  let units = 0;
  for (const char of text) {
    const code = char.charCodeAt(0);
    units += code >= 32 && code <= 126 ? (HELVETICA_WIDTHS[code - 32] as number) : 556;
  }
  return (units * size) / 1000;
}

/** Greedy word wrap: each line takes words while `fits` says it still fits. */
export function wrapWords(text: string, fits: (line: string) => boolean): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (current && !fits(candidate)) {
      lines.push(current);
      current = word;
    } else {
      current = candidate;
    }
  }
  if (current) lines.push(current);
  return lines;
}
