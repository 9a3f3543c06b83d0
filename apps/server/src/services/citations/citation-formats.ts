import { Cite, plugins, type CslItem } from '@citation-js/core';
import '@citation-js/plugin-bibtex';
import '@citation-js/plugin-ris';
import type { CitationFormat } from '@symposia/shared';

/** What a citation says about a post; the service gathers it, this module only formats it. */
export interface CitableWork {
  id: string;
  title: string;
  /** The author as readers know them: their nickname, or their username when they have none. */
  author: string;
  /** The address of the author's ORCID record (`https://orcid.org/0000-…`), or null. */
  authorOrcid: string | null;
  /** ISO 8601 UTC; the citation carries its UTC date. */
  publishedAt: string;
  /** The post's page on the web app, absolute. */
  url: string;
  /** Bare `10.NNNN/suffix`, or null. */
  doi: string | null;
  /** In upload order. */
  files: { cid: string; name: string }[];
}

/** Where the posts are published, as a citation's container (CSL `container-title`). */
const SITE_NAME = 'Symposia';

// citation-js's BibTeX writer, in its default ASCII-only mode, drops every character it has no
// LaTeX command for: a Chinese title or name would vanish. With it off, the writer escapes
// nothing, so every field is escaped for LaTeX here (latexText) before it sees them, the DOI and
// the URL too (a DOI may hold `%`, `#`, `_`, `&`…, and an unescaped `%` comments out the rest of
// the line): the file stays UTF-8 (the answer says charset=utf-8, as biber and bibtex8 read it)
// and valid.
const bibtexConfig = plugins.config.get('@bibtex') as { format: { asciiOnly: boolean } };
bibtexConfig.format.asciiOnly = false;

const LATEX_SPECIALS: Record<string, string> = {
  '\\': '\\textbackslash{}',
  '~': '\\textasciitilde{}',
  '^': '\\textasciicircum{}',
  // BibTeX (and pybtex, biber) count braces without regard to backslashes, so `\{` alone
  // would still open a group: a title with one `}` would end its field early. These commands
  // print the brace and leave BibTeX only balanced `{}`.
  '{': '\\textbraceleft{}',
  '}': '\\textbraceright{}',
  // The writer reads <i>, <b>, … in a title as CSL rich text and opens a LaTeX group for each;
  // a lone "<b>" in a title would leave that group unclosed.
  '<': '\\textless{}',
  '>': '\\textgreater{}',
};

/**
 * Text as LaTeX reads it literally: its special characters escaped, and no brace left but the
 * balanced `{}` of the commands, so every BibTeX reader finds the field's end where it is.
 */
function latexText(text: string): string {
  return text.replace(/[\\{}$&%#_~^<>]/g, (char) => LATEX_SPECIALS[char] ?? `\\${char}`);
}

/** A single line: control characters (line breaks included) become spaces. */
function oneLine(text: string): string {
  return text.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ').trim();
}

/** One note per file: where anyone can fetch the exact bytes cited (any IPFS node or gateway). */
function fileNotes(work: CitableWork): string[] {
  return work.files.map((file) => `IPFS CID ${file.cid} (${oneLine(file.name)})`);
}

function cslItem(work: CitableWork, text: (value: string) => string = (value) => value): CslItem {
  const date = new Date(work.publishedAt);
  const notes = fileNotes(work);
  return {
    id: work.id,
    // BibTeX keys take letters, digits and `_` safely (a UUID's hyphens are dropped).
    'citation-key': `symposia_${work.id.replace(/[^A-Za-z0-9]/g, '')}`,
    type: 'post',
    title: text(work.title),
    // CSL names have no ORCID variable: `_orcid`, citation-js's own for it, carries it in
    // CSL-JSON (readers ignore fields with a leading underscore). Neither BibTeX nor RIS has a
    // field for it, so their writers leave it out.
    author: [
      {
        literal: text(work.author),
        ...(work.authorOrcid !== null && { _orcid: work.authorOrcid }),
      },
    ],
    issued: {
      'date-parts': [[date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()]],
    },
    URL: text(work.url),
    'container-title': text(SITE_NAME),
    ...(work.doi !== null && { DOI: text(work.doi) }),
    ...(notes.length > 0 && { note: text(notes.join('\n')) }),
  };
}

/** The item as citation-js holds it; forceType skips its input sniffing (never a lookup). */
function cite(item: CslItem): Cite {
  return new Cite([item], { forceType: '@csl/list+object', generateGraph: false });
}

// The RIS writer wraps every value at 70 characters, and RIS readers (citation-js's own among
// them) join a wrapped line back with a space: a long URL, title or CID would come back broken.
// So the record citation-js maps (its tags, type and date form) is written out one tag a line,
// as RIS has it, and each file gets an N1 line of its own.
function risText(work: CitableWork): string {
  const [record] = cite(cslItem(work)).format('ris', { format: 'object' }) as Record<
    string,
    string | string[]
  >[];
  if (!record) throw new Error('citation-js produced no RIS record');
  const lines = [`TY  - ${String(record.TY)}`];
  for (const [tag, value] of Object.entries(record)) {
    if (tag === 'TY' || tag === 'ER') continue;
    const values = tag === 'N1' ? fileNotes(work) : [value].flat();
    for (const one of values) lines.push(`${tag}  - ${oneLine(String(one))}`);
  }
  lines.push('ER  - ');
  return `${lines.join('\n')}\n`;
}

/** The citation of a work in one of the formats of GET /media/{id}/cite. */
export function formatCitation(work: CitableWork, format: CitationFormat): string {
  switch (format) {
    case 'bibtex':
      return cite(cslItem(work, latexText)).format('bibtex') as string;
    case 'ris':
      return risText(work);
    case 'csl':
      return cite(cslItem(work)).format('data', { format: 'text' }) as string;
  }
}
