import { describe, expect, it } from 'vitest';
import { stemWord, tokenize } from './tokens.js';

describe('tokenize', () => {
  it('keeps hyphenated words and drops possessives; marks stop words and numbers', () => {
    const tokens = tokenize("Graphene's CRISPR-Cas9 data: the 3.5 K value, e.g. in 2019.");
    expect(tokens.map((token) => token.lower)).toEqual([
      'graphene',
      'crispr-cas9',
      'data',
      'the',
      '3.5',
      'k',
      'value',
      'e',
      'g',
      'in',
      '2019',
    ]);
    expect(tokens.filter((token) => !token.stop).map((token) => token.lower)).toEqual([
      'graphene',
      'crispr-cas9',
      'data',
      'value',
    ]);
  });

  it('reads Chinese runs as CJK tokens', () => {
    const [token] = tokenize('石墨烯超导');
    expect(token).toMatchObject({ lower: '石墨烯超导', cjk: true, stop: false });
  });
});

describe('stemWord', () => {
  it('maps inflections onto one stem', () => {
    expect(new Set(['edit', 'edits', 'edited', 'editing'].map(stemWord))).toEqual(
      new Set(['edit']),
    );
    expect(new Set(['study', 'studies'].map(stemWord)).size).toBe(1);
    expect(new Set(['encode', 'encoded', 'encoding'].map(stemWord)).size).toBe(1);
    expect(stemWord('analysis')).toBe('analysis');
    expect(stemWord('magic-angles')).toBe(`magic-${stemWord('angle')}`);
    expect(stemWord('DNA')).toBe('DNA');
  });
});
