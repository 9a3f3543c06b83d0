import type { PhantomProvider, PhantomPublicKey } from '../types';

/** Phantom's injected Solana provider (spec §7), or null when the extension is not there. */
export function getPhantomProvider(): PhantomProvider | null {
  if (typeof window === 'undefined') return null;
  const provider = window.phantom?.solana;
  return provider?.isPhantom ? provider : null;
}

/** The base58 address of a public key, or null when there is none. */
export function addressOf(publicKey: PhantomPublicKey | null | undefined): string | null {
  if (!publicKey) return null;
  const address = publicKey.toBase58 ? publicKey.toBase58() : publicKey.toString();
  return address || null;
}

/** Phantom (EIP-1193 style) signals "the user said no" with code 4001. */
export function isUserRejection(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    (error as { code: unknown }).code === 4001
  );
}

export function errorMessageOf(error: unknown): string | null {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const { message } = error as { message: unknown };
    if (typeof message === 'string' && message) return message;
  }
  return null;
}
