import { describe, expect, it } from 'vitest';
import { normalizeText, truncateText } from './normalize.js';

describe('normalizeText', () => {
  it('collapses spaces, keeps paragraph breaks, removes control characters', () => {
    expect(normalizeText('  a \t b\u00a0c \r\n d\u0007e \n\n\n\n f\fg\u200b ')).toBe(
      'a b c\nde\n\nf\n\ng',
    );
  });

  it('expands typographic ligatures and drops lone surrogates', () => {
    expect(normalizeText('e\uFB03cient \uFB01eld \uD800x')).toBe('efficient field x');
  });
});

describe('truncateText', () => {
  it('cuts at a white space near the bound', () => {
    expect(truncateText('alpha beta gamma', 12)).toEqual({ text: 'alpha beta', truncated: true });
    expect(truncateText('short', 12)).toEqual({ text: 'short', truncated: false });
  });

  it('never splits a surrogate pair', () => {
    const { text } = truncateText('𝛼'.repeat(10), 5);
    expect(text).toBe('𝛼𝛼');
  });
});
