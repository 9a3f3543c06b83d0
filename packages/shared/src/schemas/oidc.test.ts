import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.js';
import { orcidChecksumValid, orcidSchema } from './oidc.js';

describe('ORCID iDs', () => {
  it('accepts iDs whose last character is the ISO 7064 MOD 11-2 check digit, X for 10', () => {
    // ORCID's own examples, one ending in X.
    for (const id of ['0000-0002-1825-0097', '0000-0001-5109-3700', '0000-0002-1694-233X']) {
      expect(orcidChecksumValid(id)).toBe(true);
      expect(orcidSchema.parse(id)).toBe(id);
    }
  });

  it('refuses a wrong check digit, a wrong form, a lower-case x', () => {
    for (const id of [
      '0000-0002-1825-0098',
      '0000-0002-1694-2330',
      '0000-0002-1694-233x',
      '0000000218250097',
      'https://orcid.org/0000-0002-1825-0097',
      '',
    ]) {
      expect(orcidChecksumValid(id)).toBe(false);
      const result = orcidSchema.safeParse(id);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(MESSAGES.orcidInvalid);
    }
  });
});
