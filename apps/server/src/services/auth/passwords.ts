import { randomBytes } from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';

// OWASP Password Storage Cheat Sheet: argon2id with 19 MiB of memory, 2 passes, 1 lane.
// (The numeric value stands for Algorithm.Argon2id, a const enum that isolated modules cannot read.)
const ARGON2ID: Algorithm.Argon2id = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/**
 * The password hash of an account made by signing in with ORCID (migration 0032): no password
 * matches it, and checking one costs what a real check costs, so a sign-in attempt tells nobody
 * that the account has no password.
 */
export const NO_PASSWORD = '';

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  if (passwordHash === NO_PASSWORD) return verifyAgainstDummy(password);
  return verify(passwordHash, password);
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same work as checking a real password, so a response time never tells whether a
 * username exists.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hash(randomBytes(16).toString('base64url'), OPTIONS);
  await verify(await dummyHash, password);
  return false;
}
