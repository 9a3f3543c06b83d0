import { bases } from 'multiformats/basics';
import { CID } from 'multiformats/cid';
import { InvalidCidError } from './errors.js';

// The longest sensible CID text is a CIDv1 with a 64-byte digest in base2 (~560 characters);
// anything longer is rejected before any decoding work is spent on it.
const MAX_CID_TEXT_LENGTH = 1024;

// CID.parse alone knows base58btc, base32 and base36. A gateway should take every multibase
// text form a client may send (base16 `f…`, base64url `u…`, upper-case base32 `B…`, …).
// The identity "base" (a NUL prefix) is no text encoding and stays out.
const { identity: _identity, ...textBases } = bases;
const decoderByPrefix = new Map<string, { decode(text: string): Uint8Array }>(
  Object.values(textBases).map((codec) => [codec.prefix, codec.decoder]),
);

function decodeMultibase(text: string): Uint8Array {
  // One code point, not one UTF-16 unit: base256emoji's prefix is 🚀.
  const prefix = String.fromCodePoint(text.codePointAt(0) ?? 0);
  const decoder = decoderByPrefix.get(prefix);
  if (decoder === undefined) throw new Error(`unknown multibase prefix ${JSON.stringify(prefix)}`);
  return decoder.decode(text);
}

/**
 * Parses a CID from its text form: CIDv0 (`Qm…`) or CIDv1 in any multibase.
 * Throws {@link InvalidCidError} for anything else, so callers can tell malformed input (400)
 * from content that is merely absent (404).
 */
export function parseCid(text: string): CID {
  if (typeof text !== 'string' || text.length === 0 || text.length > MAX_CID_TEXT_LENGTH) {
    throw new InvalidCidError(String(text));
  }
  try {
    // `Q…` is base58btc without a multibase prefix: only CID.parse knows that convention.
    if (text.startsWith('Q')) return CID.parse(text);
    return CID.decode(decodeMultibase(text));
  } catch (cause) {
    throw new InvalidCidError(text, { cause });
  }
}

/** Accepts either a parsed CID or its text, as every store method does. */
export function toCid(input: CID | string): CID {
  if (typeof input === 'string') return parseCid(input);
  const cid = CID.asCID(input);
  if (cid === null) throw new InvalidCidError(String(input));
  return cid;
}
