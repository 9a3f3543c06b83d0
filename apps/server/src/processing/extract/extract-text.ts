/**
 * Text of an uploaded file for the analyzers: PDF, DOCX, plain text, Markdown, CSV, TSV and JSON.
 * Bounded in every dimension (bytes read, PDF pages read, characters returned) and total: a file
 * that cannot be parsed gives its kind, an empty text and a short reason; this never throws.
 */
import { extractDocx } from './docx.js';
import { normalizeText, truncateText } from './normalize.js';
import { extractPdf } from './pdf.js';
import { detectKind } from './detect-kind.js';
import { decodeText, readableText } from './plain-text.js';

export type ExtractionKind = 'pdf' | 'docx' | 'text' | 'none';

export interface ExtractionInput {
  bytes: Uint8Array;
  /** The file's media type as stored (parameters such as `; charset=utf-8` are allowed). */
  contentType: string;
  /** The original file name; its extension helps when the media type is generic. */
  name: string;
}

export interface ExtractionOptions {
  /** Characters of text returned at most (default 200,000). */
  maxChars?: number;
  /** Bytes of input accepted (default 50 MiB, the upload limit); larger PDF/DOCX are refused. */
  maxBytes?: number;
  /** PDF pages read at most (default 100). */
  maxPages?: number;
  /** Uncompressed XML of a DOCX accepted at most (default 32 MiB). */
  maxDocxXmlBytes?: number;
  /** Decoded bytes of a PDF's streams (images aside) accepted at most (default 256 MiB). */
  maxPdfDecodedBytes?: number;
}

export interface Extraction {
  text: string;
  kind: ExtractionKind;
  /** True when the text stops before the end of the file (a bound was reached). */
  truncated: boolean;
  /** Number of pages of a PDF (all of them, read or not). */
  pages?: number;
  /** Why a file of a known kind gave no text: a short reason for people. */
  error?: string;
  /**
   * The file unpacks beyond its budget (a decompression bomb, or as good as one): the same file
   * will always fail the same way.
   */
  limitExceeded?: boolean;
}

export const EXTRACTION_DEFAULTS = {
  maxChars: 200_000,
  maxBytes: 50 * 1024 * 1024,
  maxPages: 100,
  maxDocxXmlBytes: 32 * 1024 * 1024,
  maxPdfDecodedBytes: 256 * 1024 * 1024,
} as const;

export async function extractText(
  input: ExtractionInput,
  options: ExtractionOptions = {},
): Promise<Extraction> {
  const limits = { ...EXTRACTION_DEFAULTS, ...definedOnly(options) };
  const maxChars = Math.max(0, Math.floor(limits.maxChars));
  const detected = detectKind(input);
  const { bytes } = input;
  try {
    switch (detected.kind) {
      case 'none':
        return { text: '', kind: 'none', truncated: false };
      case 'pdf': {
        if (bytes.length > limits.maxBytes) return tooLarge('pdf');
        const pdf = await extractPdf(bytes, {
          maxPages: limits.maxPages,
          maxChars,
          maxDecodedBytes: limits.maxPdfDecodedBytes,
        });
        if (pdf.limitExceeded) return refused('pdf', pdf.error);
        return finish('pdf', pdf.text, maxChars, pdf.truncated, pdf.error, pdf.pages);
      }
      case 'docx': {
        if (bytes.length > limits.maxBytes) return tooLarge('docx');
        const docx = await extractDocx(bytes, { maxXmlBytes: limits.maxDocxXmlBytes });
        if (docx.limitExceeded) return refused('docx', docx.error);
        return finish('docx', docx.text, maxChars, false, docx.error);
      }
      case 'text': {
        // A character is at most 4 bytes of UTF-8: more than that many bytes cannot be needed.
        const budget = Math.min(limits.maxBytes, maxChars * 4 + 4);
        const decoded = decodeText(bytes, budget);
        const text = decoded.error ? '' : readableText(decoded.text, detected.format);
        return finish('text', text, maxChars, decoded.truncated, decoded.error);
      }
    }
  } catch (error) {
    // The extractors catch their own failures; this is the last line of defence.
    const message = error instanceof Error ? error.message : String(error);
    return {
      text: '',
      kind: detected.kind,
      truncated: false,
      error: `the file could not be read: ${message.slice(0, 160)}`,
    };
  }
}

function finish(
  kind: ExtractionKind,
  raw: string,
  maxChars: number,
  truncatedBefore: boolean,
  error?: string,
  pages?: number,
): Extraction {
  const { text, truncated } = truncateText(normalizeText(raw), maxChars);
  const result: Extraction = { text, kind, truncated: truncated || truncatedBefore };
  if (pages !== undefined) result.pages = pages;
  if (error) result.error = error;
  return result;
}

function refused(kind: ExtractionKind, error = 'the file unpacks beyond its budget'): Extraction {
  return { text: '', kind, truncated: false, error, limitExceeded: true };
}

function tooLarge(kind: ExtractionKind): Extraction {
  return { text: '', kind, truncated: false, error: 'the file is too large to extract text from' };
}

function definedOnly(options: ExtractionOptions): ExtractionOptions {
  return Object.fromEntries(
    Object.entries(options).filter(([, value]) => typeof value === 'number' && value >= 0),
  );
}

// --- What kind of file is it? -------------------------------------------------------------------
