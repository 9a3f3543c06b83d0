import { describe, expect, it } from 'vitest';
import { DOI_MAX_LENGTH } from '../limits.js';
import {
  citationQuerySchema,
  doiSchema,
  nullableDoiSchema,
  optionalDoiSchema,
  postWebPath,
} from './citations.js';
import { uploadFieldsSchema } from './media.js';

describe('doiSchema', () => {
  it('keeps a bare DOI and drops the prefixes people paste', () => {
    expect(doiSchema.parse('10.1000/182')).toBe('10.1000/182');
    expect(doiSchema.parse(' https://doi.org/10.1038/nphys1170 ')).toBe('10.1038/nphys1170');
    expect(doiSchema.parse('HTTPS://DX.DOI.ORG/10.1038/x')).toBe('10.1038/x');
    expect(doiSchema.parse('doi: 10.5555/abc-DEF_(1)')).toBe('10.5555/abc-DEF_(1)');
  });

  it('keeps every printable character of a suffix, LaTeX specials included (BibTeX escapes them)', () => {
    const sici = '10.1002/(SICI)1097-4636(199812)43:4<480::AID-JBM16>3.0.CO;2-F';
    expect(doiSchema.parse(sici)).toBe(sici);
    const specials = '10.1000/a\\b%c#d^e~f&g$h_i{j}k';
    expect(doiSchema.parse(specials)).toBe(specials);
  });

  it('refuses what is not a DOI, with the reason', () => {
    for (const value of [
      '',
      '10.1000/',
      '10.100/x',
      '10.1234567890/x',
      '9.1000/x',
      '10.1000/a b',
      '10.1000/a\u0000b',
      '10.1000/a\nb',
      '10.1000/a\tb',
      '10.1000/a\u00a0b',
      '10.1000/a\u2028b',
      '10.1000/a\u007fb',
      '10.1000/a\u200bb',
      '10.1000/a\u202eb',
      '10.1000/a\ud800b',
      'https://example.org/10.1000/x',
    ]) {
      const parsed = doiSchema.safeParse(value);
      expect(parsed.success, value).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe('must be a DOI such as 10.1000/xyz123');
    }
  });

  it('holds a DOI to DOI_MAX_LENGTH characters, prefix excluded', () => {
    const longest = `10.1000/${'x'.repeat(DOI_MAX_LENGTH - 8)}`;
    expect(doiSchema.parse(`https://doi.org/${longest}`)).toBe(longest);
    const parsed = doiSchema.safeParse(`${longest}x`);
    expect(parsed.error?.issues[0]?.message).toBe(`must be at most ${DOI_MAX_LENGTH} characters`);
  });

  it('is optional at upload and clearable at edit', () => {
    expect(optionalDoiSchema.parse('  ')).toBeUndefined();
    expect(optionalDoiSchema.parse(undefined)).toBeUndefined();
    expect(uploadFieldsSchema.parse({ doi: 'doi:10.1000/1' }).doi).toBe('10.1000/1');
    expect(uploadFieldsSchema.safeParse({ doi: '10/1' }).success).toBe(false);
    expect(nullableDoiSchema.parse('')).toBeNull();
    expect(nullableDoiSchema.parse(null)).toBeNull();
    expect(nullableDoiSchema.parse('https://doi.org/10.1000/1')).toBe('10.1000/1');
    expect(nullableDoiSchema.safeParse('nope').success).toBe(false);
  });
});

describe('citationQuerySchema', () => {
  it('takes the three formats, bibtex by default, and nothing else', () => {
    expect(citationQuerySchema.parse({}).format).toBe('bibtex');
    expect(citationQuerySchema.parse({ format: '' }).format).toBe('bibtex');
    for (const format of ['bibtex', 'ris', 'csl'] as const) {
      expect(citationQuerySchema.parse({ format }).format).toBe(format);
    }
    const parsed = citationQuerySchema.safeParse({ format: 'endnote' });
    expect(parsed.error?.issues[0]?.message).toBe('must be one of bibtex, ris, csl');
  });

  it('names the web page of a post', () => {
    expect(postWebPath('a b')).toBe('/forum/detail/a%20b');
  });
});
