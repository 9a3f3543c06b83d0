import { isIPv4, isIPv6 } from 'node:net';
import { limiterKeyDigest } from './limiter-key.js';

/**
 * The key a client address is counted under by every per-address limit (sign-in, registration,
 * the faucet). One IPv6 subscriber is usually handed a whole /64 and can pick any of its 2^64
 * addresses, so IPv6 addresses are grouped by their /64 prefix; an IPv4-mapped IPv6 address
 * (::ffff:a.b.c.d, what a dual-stack socket reports for IPv4) counts as the IPv4 address it is.
 *
 *   203.0.113.7                 → 203.0.113.7
 *   ::ffff:203.0.113.7          → 203.0.113.7
 *   2001:db8:1:2:aaaa:bbbb::1   → 2001:db8:1:2::/64
 *
 * Anything that is not an address (it never comes from a socket; it could from a misconfigured
 * proxy header) becomes a fixed-size digest, so it cannot grow what stores the key.
 */
export function addressKey(ip: string): string {
  const address = ip.trim();
  if (isIPv4(address)) return address;
  // A zone index (fe80::1%eth0) names the interface, not the client.
  const withoutZone = address.split('%', 1)[0] ?? '';
  if (!isIPv6(withoutZone)) return `invalid:${limiterKeyDigest(address)}`;
  const groups = ipv6Groups(withoutZone);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const high = groups[6] ?? 0;
    const low = groups[7] ?? 0;
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail split). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (tail.includes('.')) {
    const [a = 0, b = 0, c = 0, d = 0] = tail.split('.').map(Number);
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const parse = (part: string) =>
    part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16));
  const [head = '', rest] = text.split('::');
  const first = parse(head);
  if (rest === undefined) return first;
  const last = parse(rest);
  return [...first, ...new Array<number>(8 - first.length - last.length).fill(0), ...last];
}
