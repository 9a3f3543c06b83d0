import { describe, expect, it } from 'vitest';
import { EMPTY_REVIEW, reviewBodyOf, reviewFieldErrorsOf } from './review-draft';

describe('review drafts', () => {
  it('sends the scores as numbers and leaves an unchosen one out', () => {
    const body = reviewBodyOf({ ...EMPTY_REVIEW, soundness: '4', recommendation: 'valid' });
    expect(body).toMatchObject({ soundness: 4, recommendation: 'valid', anonymous: false });
    expect(body.clarity).toBeUndefined();
  });

  it('puts each problem under the field it names, the first one only', () => {
    const { fields, other } = reviewFieldErrorsOf([
      { field: 'summary', message: 'too long' },
      { field: 'summary', message: 'second' },
      { field: 'post', message: 'gone' },
    ]);
    expect(fields.summary?.message).toBe('too long');
    expect(other).toEqual([{ field: 'post', message: 'gone' }]);
  });
});
