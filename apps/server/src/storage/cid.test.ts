import { base16 } from 'multiformats/bases/base16';
import { base32upper } from 'multiformats/bases/base32';
import { base36 } from 'multiformats/bases/base36';
import { base58btc } from 'multiformats/bases/base58';
import { base64url } from 'multiformats/bases/base64';
import { CID } from 'multiformats/cid';
import { describe, expect, it } from 'vitest';
import { parseCid, toCid } from './cid.js';
import { InvalidCidError } from './errors.js';

const V1 = 'bafkreifjjcie6lypi6ny7amxnfftagclbuxndqonfipmb64f2km2devei4';
const V0 = 'QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o';

describe('parseCid', () => {
  it('parses CIDv0 and base32 CIDv1', () => {
    expect(parseCid(V0).version).toBe(0);
    expect(parseCid(V0).toString()).toBe(V0);
    expect(parseCid(V1).version).toBe(1);
    expect(parseCid(V1).toString()).toBe(V1);
  });

  it.each([
    ['base16', base16],
    ['base32upper', base32upper],
    ['base36', base36],
    ['base58btc', base58btc],
    ['base64url', base64url],
  ])('parses CIDv1 written in %s', (_name, base) => {
    const text = CID.parse(V1).toString(base);
    expect(text).not.toBe(V1);
    expect(parseCid(text).equals(CID.parse(V1))).toBe(true);
  });

  it.each([
    ['empty text', ''],
    ['a word', 'hello'],
    ['a truncated CIDv0', V0.slice(0, -3)],
    ['a CIDv0 with a character outside base58', `${V0.slice(0, -1)}0`],
    ['a CIDv1 with a character outside base32', `${V1.slice(0, -1)}1`],
    ['a truncated CIDv1', V1.slice(0, -4)],
    ['a CIDv1 with trailing bytes', `${V1}aaaa`],
    ['an unknown multibase prefix', `x${V1.slice(1)}`],
    ['a path', `${V1}/file.pdf`],
    ['surrounding spaces', ` ${V1} `],
    ['valid base32 that is no CID', 'bmfrggzdfmy'],
    ['an absurdly long text', `b${'a'.repeat(5_000)}`],
  ])('refuses %s with InvalidCidError', (_name, text) => {
    expect(() => parseCid(text)).toThrow(InvalidCidError);
  });

  it('keeps what was refused, shortened, for the error message', () => {
    try {
      parseCid(`b${'a'.repeat(5_000)}`);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidCidError);
      expect((error as Error).message.length).toBeLessThan(120);
    }
  });
});

describe('toCid', () => {
  it('passes CIDs through and parses text', () => {
    const cid = CID.parse(V1);
    expect(toCid(cid)).toBe(cid);
    expect(toCid(V1).equals(cid)).toBe(true);
    expect(() => toCid('nope')).toThrow(InvalidCidError);
  });
});
