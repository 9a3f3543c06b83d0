/** The compressed encodings the server produces, best first (brotli is smaller for JSON and JS). */
export type ContentEncoding = 'br' | 'gzip';

const PREFERENCE: readonly ContentEncoding[] = ['br', 'gzip'];

/**
 * The encoding to answer with for this `Accept-Encoding`, or null for identity: the highest q
 * among br and gzip (named or through `*`), brotli on a tie; q=0 refuses an encoding.
 */
export function negotiateEncoding(header: string | string[] | undefined): ContentEncoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [rawName = '', ...params] = part.trim().toLowerCase().split(';');
    const name = rawName.trim();
    if (!name) continue;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  let best: ContentEncoding | null = null;
  let bestWeight = 0;
  for (const encoding of PREFERENCE) {
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  return best;
}

/** Adds accept-encoding to a Vary header value without repeating it. */
export function varyOnEncoding(current: unknown): string {
  const existing =
    typeof current === 'string' ? current : Array.isArray(current) ? current.join(', ') : '';
  if (existing.split(',').some((name) => name.trim().toLowerCase() === 'accept-encoding')) {
    return existing;
  }
  return existing ? `${existing}, accept-encoding` : 'accept-encoding';
}
