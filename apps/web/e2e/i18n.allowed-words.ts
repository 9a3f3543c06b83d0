/**
 * The English-looking words a Chinese interface may show (e2e/i18n.spec.ts): product and format
 * names, written as they are, and keys as Chinese keyboards label them. A word is added here only
 * when it is a name, never to silence an untranslated text; user content is marked translate="no"
 * instead, and the walk's seed data is passed to the check as user texts.
 */
export const NAMES = new Set([
  'Symposia',
  'IPFS',
  'Phantom',
  'Solana',
  'SPL',
  'SOL',
  'CID',
  'PDF',
  'DOCX',
  'CSV',
  'DOI',
  'BibTeX',
  'RIS',
  'APA',
  'MLA',
  'AI',
  'Markdown',
  'KaTeX',
  'LaTeX',
  'URL',
  'ID',
  'PNG',
  'JPEG',
  'GIF',
  'MP4',
  'MB',
  'KB',
  'GB',
  'English',
  'RPC',
  'ORCID',
  'iD',
  // Keys, as Chinese keyboards label them.
  'Alt',
  'Ctrl',
  'Shift',
  'Enter',
  'Esc',
  'Tab',
  'Mac',
]);
