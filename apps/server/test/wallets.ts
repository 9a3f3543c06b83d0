import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { getAddressDecoder, getBase58Decoder, type Address } from '@solana/kit';
import { walletChallengeSchema, type WalletChallenge } from '@symposia/shared';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/**
 * A real ed25519 wallet for tests of linked wallets (issue 28): a key made with node:crypto, its
 * Solana address (the 32-byte public key in base58), and its signatures, as Phantom's
 * `signMessage` makes them.
 */
export interface TestWallet {
  address: Address;
  /** The signature of the message's UTF-8 bytes. */
  sign(message: string): Uint8Array;
  /** The same in base58, and in base64. */
  base58(message: string): string;
  base64(message: string): string;
}

export function newWallet(): TestWallet {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return walletOf(publicKey, privateKey);
}

function walletOf(publicKey: KeyObject, privateKey: KeyObject): TestWallet {
  const jwk = publicKey.export({ format: 'jwk' });
  const address = getAddressDecoder().decode(Buffer.from(jwk.x!, 'base64url'));
  const signBytes = (message: string) =>
    new Uint8Array(sign(null, Buffer.from(message, 'utf8'), privateKey));
  return {
    address,
    sign: signBytes,
    base58: (message) => getBase58Decoder().decode(signBytes(message)),
    base64: (message) => Buffer.from(signBytes(message)).toString('base64'),
  };
}

type Headers = { authorization: string };

export function postJson(
  app: FastifyInstance,
  url: string,
  headers: Partial<Headers>,
  body: unknown,
) {
  return app.inject({
    method: 'POST',
    url,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

/** POST /wallets/challenge for the wallet; expects the challenge. */
export async function challengeFor(
  app: FastifyInstance,
  headers: Headers,
  address: string,
): Promise<WalletChallenge> {
  const response = await postJson(app, '/api/v1/wallets/challenge', headers, { address });
  expect(response.statusCode, response.body).toBe(200);
  return walletChallengeSchema.parse(response.json());
}

/** Links a new (or the given) wallet to the member the real way; returns its address. */
export async function linkWallet(
  app: FastifyInstance,
  headers: Headers,
  wallet: TestWallet = newWallet(),
): Promise<Address> {
  const { message } = await challengeFor(app, headers, wallet.address);
  const response = await postJson(app, '/api/v1/wallets', headers, {
    address: wallet.address,
    message,
    signature: wallet.base58(message),
  });
  expect(response.statusCode, response.body).toBe(200);
  return wallet.address;
}
