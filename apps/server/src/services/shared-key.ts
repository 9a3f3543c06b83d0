import { createHmac, randomBytes } from 'node:crypto';
import type { StorageRepository } from '../repositories/index.js';
import type { Clock } from './clock.js';

/**
 * A key every server process shares: made by whichever process asks first and kept in
 * server_secrets under `name` (storage-repository.ts `sharedSecret`), read once per process. A
 * failed read is tried again on the next call rather than kept.
 */
export function sharedKey(
  storage: Pick<StorageRepository, 'sharedSecret'>,
  name: string,
  now: Clock,
): () => Promise<Buffer> {
  let key: Promise<Buffer> | undefined;
  return () => {
    key ??= storage
      .sharedSecret(name, () => randomBytes(32).toString('base64url'), now().toISOString())
      .then((value) => Buffer.from(value, 'base64url'));
    key.catch(() => (key = undefined));
    return key;
  };
}

/** A key for one purpose derived from a shared one, so no two uses ever sign the same text. */
export function derivedKey(key: Buffer, purpose: string): Buffer {
  return createHmac('sha256', key).update(`purpose:${purpose}`).digest();
}
