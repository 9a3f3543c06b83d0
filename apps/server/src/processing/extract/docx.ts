/**
 * Word documents (Office Open XML) through mammoth's raw-text conversion. The zip is unpacked
 * here, not by mammoth (whose JSZip inflates an entry whole, however big): the XML parts are
 * inflated with one byte budget enforced while inflating, so a bomb stops at the budget whatever
 * sizes it declares, and mammoth reads a stored copy of just those parts.
 */
import mammoth from 'mammoth';
import { formatBytes } from './bytes.js';
import { InflateBudgetError, readZipDirectory, readZipEntry, writeZip } from './zip.js';

export interface DocxExtraction {
  text: string;
  error?: string;
  /** Set when the document unpacks beyond the budget: reading it again cannot help. */
  limitExceeded?: boolean;
}

export async function extractDocx(
  bytes: Uint8Array,
  options: { maxXmlBytes: number },
): Promise<DocxExtraction> {
  const entries = readZipDirectory(bytes);
  if (!entries) return { text: '', error: 'not a Word document (not a zip archive)' };
  if (!entries.some((entry) => entry.name === 'word/document.xml')) {
    return { text: '', error: 'not a Word document (no word/document.xml)' };
  }
  // Images and other media are not needed for the text and are never inflated.
  const parts = entries.filter(
    (entry) => entry.name.endsWith('.xml') || entry.name.endsWith('.rels'),
  );
  const tooLarge: DocxExtraction = {
    text: '',
    error: `the Word document is too large to read: its XML unpacks to more than ${formatBytes(options.maxXmlBytes)}`,
    limitExceeded: true,
  };
  // An honest giant is refused without inflating anything; a liar is caught below.
  if (parts.reduce((sum, entry) => sum + entry.declaredSize, 0) > options.maxXmlBytes) {
    return tooLarge;
  }
  const unpacked: { name: string; data: Uint8Array }[] = [];
  let budget = options.maxXmlBytes;
  try {
    for (const entry of parts) {
      const data = readZipEntry(bytes, entry, budget);
      budget -= data.length;
      unpacked.push({ name: entry.name, data });
    }
  } catch (error) {
    if (error instanceof InflateBudgetError) return tooLarge;
    return { text: '', error: `the Word document could not be read: ${describe(error)}` };
  }
  try {
    const result = await mammoth.extractRawText({ buffer: writeZip(unpacked) });
    return { text: result.value };
  } catch (error) {
    return { text: '', error: `the Word document could not be read: ${describe(error)}` };
  }
}

function describe(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 160);
}
