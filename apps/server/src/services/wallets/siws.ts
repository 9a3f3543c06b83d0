import { createHash, createPublicKey, randomBytes, verify } from 'node:crypto';
import { getAddressEncoder, getBase58Encoder, type Address } from '@solana/kit';
import { WALLET_LINK_STATEMENT } from '@symposia/shared';

/**
 * Sign-In-With-Solana messages (issue 28): the text a wallet signs to prove it is held, laid out
 * as ERC-4361 (EIP-4361) lays out Sign-In-With-Ethereum, with "Solana account", as Phantom and the
 * Solana wallet standard write it. The server issues one per challenge and accepts back only that
 * exact text, so the domain, address, nonce and times a member signed are the ones issued.
 */
export interface SiwsFields {
  /** The site's host (PUBLIC_ORIGIN's host): where the member is asked to sign. */
  domain: string;
  /** PUBLIC_ORIGIN itself. */
  uri: string;
  address: string;
  nonce: string;
  issuedAt: string;
  expiresAt: string;
}

export function siwsMessage(fields: SiwsFields): string {
  return [
    `${fields.domain} wants you to sign in with your Solana account:`,
    fields.address,
    '',
    WALLET_LINK_STATEMENT,
    '',
    `URI: ${fields.uri}`,
    'Version: 1',
    `Nonce: ${fields.nonce}`,
    `Issued At: ${fields.issuedAt}`,
    `Expiration Time: ${fields.expiresAt}`,
  ].join('\n');
}

/** ERC-4361's nonce: at least 8 alphanumeric characters. These are 32 hex digits (128 bits). */
export const newNonce = () => randomBytes(16).toString('hex');

/** The nonce a message names, or null: what finds its challenge. */
export function nonceOf(message: string): string | null {
  return /^Nonce: ([A-Za-z0-9]{8,64})$/m.exec(message)?.[1] ?? null;
}

/** Challenges are stored by this digest, so the table never holds a usable nonce. */
export const nonceHash = (nonce: string) => createHash('sha256').update(nonce).digest('hex');

const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * A 64-byte ed25519 signature sent as base58 (what Solana tools print) or base64 (standard or
 * URL-safe, what a browser's btoa writes); null for anything else. Base58 is tried first: a
 * 64-byte signature in base64 is 86 or 88 characters with a `=` or a character base58 lacks,
 * or else decodes to 64 bytes only one way.
 */
export function signatureBytes(text: string): Uint8Array | null {
  if (BASE58.test(text)) {
    try {
      const bytes = getBase58Encoder().encode(text);
      if (bytes.length === 64) return Uint8Array.from(bytes);
    } catch {
      // Not base58 after all: tried as base64 below.
    }
  }
  if (BASE64.test(text) || BASE64URL.test(text)) {
    const bytes = Buffer.from(text, BASE64.test(text) ? 'base64' : 'base64url');
    if (bytes.length === 64) return new Uint8Array(bytes);
  }
  return null;
}

/** Whether `signature` is the wallet's ed25519 signature of the message's UTF-8 bytes. */
export function verifySignature(address: Address, message: string, signature: Uint8Array) {
  const publicKey = createPublicKey({
    key: {
      kty: 'OKP',
      crv: 'Ed25519',
      x: Buffer.from(getAddressEncoder().encode(address)).toString('base64url'),
    },
    format: 'jwk',
  });
  try {
    return verify(null, Buffer.from(message, 'utf8'), publicKey, signature);
  } catch {
    return false;
  }
}
