/**
 * Word documents (Office Open XML) through mammoth's raw-text conversion. Before mammoth inflates
 * anything, the zip's central directory is read: a file that is not a zip, a zip without
 * word/document.xml, or one whose XML would inflate beyond the bound (a zip bomb) is refused
 * with a reason.
 */
import mammoth from 'mammoth';

export interface DocxExtraction {
  text: string;
  error?: string;
}

interface ZipEntry {
  name: string;
  uncompressedSize: number;
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
  const xmlBytes = entries
    .filter((entry) => entry.name.endsWith('.xml') || entry.name.endsWith('.rels'))
    .reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  if (xmlBytes > options.maxXmlBytes) {
    return { text: '', error: 'the Word document is too large to read' };
  }
  try {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const result = await mammoth.extractRawText({ buffer });
    return { text: result.value };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { text: '', error: `the Word document could not be read: ${message.slice(0, 160)}` };
  }
}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_ENTRY = 0x02014b50;

/**
 * The entries of a zip archive from its central directory (APPNOTE.TXT §4.3.12, §4.3.16), or
 * undefined when the bytes are not a zip. A ZIP64 size (0xFFFFFFFF) counts as "too large".
 */
export function readZipDirectory(bytes: Uint8Array): ZipEntry[] | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end record is 22 bytes plus a comment of at most 65,535 bytes, at the very end.
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  let end = -1;
  for (let offset = bytes.length - 22; offset >= lowest; offset -= 1) {
    if (view.getUint32(offset, true) === END_OF_CENTRAL_DIRECTORY) {
      end = offset;
      break;
    }
  }
  if (end < 0) return undefined;
  const count = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  const entries: ZipEntry[] = [];
  for (let index = 0; index < count; index += 1) {
    if (offset + 46 > bytes.length || view.getUint32(offset, true) !== CENTRAL_DIRECTORY_ENTRY) {
      return entries.length > 0 ? entries : undefined;
    }
    const size = view.getUint32(offset + 24, true);
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    const name = new TextDecoder().decode(bytes.subarray(offset + 46, offset + 46 + nameLength));
    entries.push({ name, uncompressedSize: size === 0xffffffff ? Infinity : size });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
