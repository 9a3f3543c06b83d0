/**
 * The canonical JSON of a receipt (docs/RECEIPTS.md): RFC 8785 (JCS) for the values receipts
 * hold — objects, arrays, strings, safe integers, booleans and null. Keys are sorted by their
 * UTF-16 code units, there is no whitespace, strings are escaped as JSON.stringify escapes them
 * (which JCS adopts), and the text is encoded as UTF-8. Anything else (a fraction, a NaN, an
 * undefined field) is refused rather than written in a form another implementation might not
 * reproduce byte for byte.
 */
export type CanonicalValue =
  | string
  | number
  | boolean
  | null
  | readonly CanonicalValue[]
  | { readonly [key: string]: CanonicalValue };

export function canonicalJson(value: CanonicalValue): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') {
    return JSON.stringify(value);
  }
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new RangeError(`not a safe integer: ${value}`);
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item)).join(',')}]`;
  const object = value as { readonly [key: string]: CanonicalValue };
  // Plain `<` on JS strings compares UTF-16 code units, the order JCS prescribes.
  const keys = Object.keys(object).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${keys
    .map((key) => {
      const item = object[key];
      if (item === undefined) throw new TypeError(`field ${key} is undefined`);
      return `${JSON.stringify(key)}:${canonicalJson(item)}`;
    })
    .join(',')}}`;
}

/** The bytes stored and hashed: the canonical text in UTF-8. */
export function canonicalBytes(value: CanonicalValue): Uint8Array {
  return new TextEncoder().encode(canonicalJson(value));
}
