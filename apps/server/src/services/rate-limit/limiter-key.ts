import { createHash } from 'node:crypto';

/**
 * The form a rate limiter stores a key in: SHA-256, 43 characters, whatever the key was. Keys
 * carry what clients chose (usernames, addresses), so storing them as given would let one client
 * grow the limiter's memory with long or NFKC-expanding names.
 */
export function limiterKeyDigest(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}
