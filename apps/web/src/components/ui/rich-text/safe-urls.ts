/**
 * Which URLs user-written Markdown may use. Links go only to http(s) and mailto, plus in-page
 * fragments (footnotes) and `@username` links to a profile; images load only from this site's
 * IPFS gateway (`/ipfs/…`), so a post cannot make its readers' browsers fetch from elsewhere
 * (tracking pixels, mixed content).
 */

import { isMentionHref } from './mention-links';

const SCHEME = /^([a-z][a-z\d+.-]*):/i;
const LINK_SCHEMES = new Set(['http', 'https', 'mailto']);
const GATEWAY_PREFIX = '/ipfs/';

/** The link target if it is allowed, otherwise undefined (the text is then shown without a link). */
export function safeHref(url: string): string | undefined {
  const value = url.trim();
  if (value.startsWith('#') || isMentionHref(value)) return value;
  const scheme = SCHEME.exec(value)?.[1]?.toLowerCase();
  // Other relative links are refused: their target depends on the page they sit on.
  return scheme && LINK_SCHEMES.has(scheme) ? value : undefined;
}

export const isExternalHttpUrl = (url: string) => /^https?:\/\//i.test(url.trim());

/**
 * The same-origin gateway path an image may load from, normalised (so `/ipfs/../api/…` does not
 * pass), or undefined for anything else.
 */
export function gatewayImageSource(
  url: string,
  origin = window.location.origin,
): string | undefined {
  const value = url.trim();
  // Scheme-relative (`//host/ipfs/…`) and backslash forms would leave the site.
  if (value.startsWith('//') || value.includes('\\')) return undefined;
  if (!value.startsWith(GATEWAY_PREFIX) && !value.startsWith(`${origin}${GATEWAY_PREFIX}`)) {
    return undefined;
  }
  let parsed: URL;
  try {
    parsed = new URL(value, origin);
  } catch {
    return undefined;
  }
  if (parsed.origin !== origin || !parsed.pathname.startsWith(GATEWAY_PREFIX)) return undefined;
  return `${parsed.pathname}${parsed.search}`;
}

/**
 * react-markdown's URL hook: every `href` and `src` the Markdown produced passes through here.
 * Image sources keep any http(s) URL so the image component can offer a non-gateway image as a
 * link; it renders only gateway images as images.
 */
export function transformUrl(url: string, key: string): string | undefined {
  if (key === 'href') return safeHref(url);
  if (key === 'src')
    return gatewayImageSource(url) ?? (isExternalHttpUrl(url) ? url.trim() : undefined);
  return undefined;
}
