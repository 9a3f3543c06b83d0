import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import {
  createKeyPairSignerFromBytes,
  createKeyPairSignerFromPrivateKeyBytes,
  getAddressEncoder,
  type KeyPairSigner,
} from '@solana/kit';
import { StartupError } from '../startup-error.js';
import { parseSecretKey, type SecretKey } from './settings.js';

/**
 * Makes a signer from a secret key. The CryptoKey is not extractable, so once imported the
 * private key cannot be read back out of the process's key objects; the copied bytes are zeroed.
 */
export async function signerFromSecretKey(key: SecretKey, name: string): Promise<KeyPairSigner> {
  const bytes = key.bytes();
  try {
    return await createKeyPairSignerFromBytes(bytes);
  } catch {
    // kit checks that the public half matches the private half; say which key, never its bytes.
    throw new StartupError(
      `Invalid setting ${name}: the key's public half does not match its private half`,
    );
  } finally {
    bytes.fill(0);
  }
}

/**
 * The key pair saved at `path` as a solana-keygen file (a JSON array of 64 bytes, mode 0600),
 * created on first use, so two processes starting together agree on one key.
 */
export async function loadOrCreateKeyPairFile(path: string): Promise<KeyPairSigner> {
  const existing = await readKeyFile(path);
  if (existing) return existing;
  const { signer, bytes } = await newKeyPair();
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  // Written whole under a temporary name, then linked into place: link() fails if the name
  // exists, so a reader never sees half a file and two writers never both win.
  const temporary = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, JSON.stringify(Array.from(bytes)), { flag: 'wx', mode: 0o600 });
    await link(temporary, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const raced = await readKeyFile(path);
    if (raced) return raced;
    throw error;
  } finally {
    bytes.fill(0);
    await rm(temporary, { force: true });
  }
  return signer;
}

/** A new key pair and its 64 bytes as solana-keygen writes them (seed, then public key). */
async function newKeyPair(): Promise<{ signer: KeyPairSigner; bytes: Uint8Array }> {
  const seed = randomBytes(32);
  const signer = await createKeyPairSignerFromPrivateKeyBytes(seed);
  const bytes = new Uint8Array(64);
  bytes.set(seed, 0);
  bytes.set(getAddressEncoder().encode(signer.address), 32);
  seed.fill(0);
  return { signer, bytes };
}

async function readKeyFile(path: string): Promise<KeyPairSigner | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new StartupError(`Cannot read the key file ${path}: ${(error as Error).message}`);
  }
  const key = parseSecretKey(text);
  if (!key) {
    throw new StartupError(
      `The key file ${path} is not a 64-byte key (a JSON array of 64 numbers)`,
    );
  }
  return signerFromSecretKey(key, path);
}

/**
 * A new key pair as the text of a solana-keygen file (a JSON array of 64 bytes), or the text of
 * the file at `path` when there is one: the embedded chain's keys, offered to the database when
 * several processes share the chain (chain/owner.ts), so a server's existing mint carries over.
 */
export async function keyPairText(path: string): Promise<string> {
  try {
    const text = await readFile(path, 'utf8');
    if (parseSecretKey(text)) return text;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const { bytes } = await newKeyPair();
  const text = JSON.stringify(Array.from(bytes));
  bytes.fill(0);
  return text;
}

/** The signer of a key pair's text (keyPairText), naming `name` if it is not one. */
export async function signerFromText(text: string, name: string): Promise<KeyPairSigner> {
  const key = parseSecretKey(text);
  if (!key) throw new StartupError(`The shared key ${name} is not a 64-byte key`);
  return signerFromSecretKey(key, name);
}
