import { createHash, randomBytes } from 'node:crypto';

const TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** 256 random bits, URL-safe. */
export function generateAccessToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** Only this digest is stored, so a leaked database holds no usable token. */
export function hashAccessToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Rejects what cannot be one of our tokens without asking the database. */
export function looksLikeAccessToken(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}
