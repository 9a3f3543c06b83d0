import { Cite } from '@citation-js/core';
import { describe, expect, it } from 'vitest';
import { formatCitation, type CitableWork } from './citation-formats.js';

const LONG_ID = 'f'.repeat(64);
const work: CitableWork = {
  id: LONG_ID,
  title: 'Line one\nline two: {braces} \\ and 50% of $x$',
  author: 'Tom {Jerry} & Co }',
  authorOrcid: null,
  publishedAt: '2025-12-31T23:59:59.999Z',
  url: `https://research.example/forum/detail/${LONG_ID}`,
  doi: null,
  files: [
    { cid: 'bafkreiaaaa', name: 'a\nb.pdf' },
    { cid: 'bafkreibbbb', name: 'c.png' },
  ],
};

type Item = { title?: string; author?: { literal?: string; family?: string }[]; URL?: string };
const readBack = (text: string) => (new Cite(text).data as Item[])[0];

describe('formatCitation', () => {
  it('writes BibTeX whose braces stay balanced whatever the names hold', () => {
    const bibtex = formatCitation(work, 'bibtex');
    // BibTeX counts every brace, escaped or not: `\}` alone would end a field early.
    let depth = 0;
    for (const char of bibtex) {
      if (char === '{') depth += 1;
      if (char === '}') depth -= 1;
      expect(depth).toBeGreaterThanOrEqual(0);
    }
    expect(depth).toBe(0);
    const item = readBack(bibtex);
    expect(item?.title).toBe(work.title.replace('\n', ' '));
    expect(item?.author?.[0]?.family ?? item?.author?.[0]?.literal).toBe(work.author);
    expect(item?.URL).toBe(work.url);
    expect(bibtex).not.toContain('doi =');
  });

  it('escapes the DOI and the URL like every other BibTeX field', () => {
    const doi = '10.1000/a%b#c_d&e$f~g^h\\i{j}';
    const bibtex = formatCitation({ ...work, doi, url: 'https://x.example/a%20b_c' }, 'bibtex');
    expect(bibtex).toContain(
      '\tdoi = {10.1000/a\\%b\\#c\\_d\\&e\\$f\\textasciitilde{}g\\textasciicircum{}h' +
        '\\textbackslash{}i\\textbraceleft{}j\\textbraceright{}},',
    );
    expect(bibtex).toContain('\turl = {https://x.example/a\\%20b\\_c},');
    // RIS and CSL-JSON carry it as it is.
    expect(formatCitation({ ...work, doi }, 'ris')).toContain(`\nDO  - ${doi}\n`);
  });

  it('writes RIS one value a line, never wrapped, however long', () => {
    const ris = formatCitation(work, 'ris');
    expect(ris.endsWith('\nER  - \n')).toBe(true);
    const lines = ris.slice(0, -1).split('\n');
    for (const line of lines) expect(line).toMatch(/^[A-Z][A-Z0-9] {2}- /);
    expect(lines).toContain(`UR  - ${work.url}`);
    expect(lines).toContain('TI  - Line one line two: {braces} \\ and 50% of $x$');
    expect(lines.filter((line) => line.startsWith('N1  - '))).toEqual([
      'N1  - IPFS CID bafkreiaaaa (a b.pdf)',
      'N1  - IPFS CID bafkreibbbb (c.png)',
    ]);
    expect(readBack(ris)?.URL).toBe(work.url);
  });

  it("carries the author's ORCID iD in CSL-JSON, and leaves BibTeX and RIS as they were", () => {
    const orcid = 'https://orcid.org/0000-0002-1825-0097';
    const linked = { ...work, authorOrcid: orcid };
    const [item] = JSON.parse(formatCitation(linked, 'csl')) as {
      author: { literal: string; _orcid?: string }[];
    }[];
    expect(item?.author).toEqual([{ literal: work.author, _orcid: orcid }]);
    // citation-js reads it back as the author's iD.
    const read = new Cite(formatCitation(linked, 'csl')).data as {
      author: { _orcid?: string }[];
    }[];
    expect(read[0]?.author[0]?._orcid).toBe(orcid);
    // No field of BibTeX or RIS is made for it: they are as without an iD.
    expect(formatCitation(linked, 'bibtex')).toBe(formatCitation(work, 'bibtex'));
    expect(formatCitation(linked, 'ris')).toBe(formatCitation(work, 'ris'));
    const [without] = JSON.parse(formatCitation(work, 'csl')) as { author: object[] }[];
    expect(without?.author).toEqual([{ literal: work.author }]);
  });

  it('dates the citation in UTC', () => {
    const [item] = JSON.parse(formatCitation(work, 'csl')) as {
      issued: { 'date-parts': number[][] };
    }[];
    expect(item?.issued['date-parts']).toEqual([[2025, 12, 31]]);
  });
});
