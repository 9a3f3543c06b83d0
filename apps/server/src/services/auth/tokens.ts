import { hash, randomBytes } from 'node:crypto';

const TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** 256 random bits, URL-safe. */
export function generateAccessToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/**
 * Only this digest is stored, so a leaked database holds no usable token. Every signed-in request
 * computes it: the one-shot `hash` (Node 20.12+) costs a third of a Hash object's.
 */
export function hashAccessToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/** Rejects what cannot be one of our tokens without asking the database. */
export function looksLikeAccessToken(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}
