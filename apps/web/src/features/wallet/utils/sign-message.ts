import type { PhantomProvider } from '../types';
import { isUserRejection } from './phantom';

/** Why the wallet gave no signature: the person said no, the wallet cannot sign, or it failed. */
export class SigningError extends Error {
  override readonly name = 'SigningError';
  constructor(readonly reason: 'rejected' | 'unsupported' | 'failed') {
    super(`the wallet did not sign (${reason})`);
  }
}

/** Bytes as standard base64, one of the two forms POST /wallets takes. */
export function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
}

/**
 * Has Phantom sign the message's UTF-8 bytes (shown to the person as text) and returns the
 * signature in base64; a refusal or a wallet without `signMessage` is a SigningError.
 */
export async function signWithPhantom(
  provider: PhantomProvider | null,
  message: string,
): Promise<string> {
  if (!provider?.signMessage) throw new SigningError('unsupported');
  try {
    const { signature } = await provider.signMessage(new TextEncoder().encode(message), 'utf8');
    return toBase64(signature);
  } catch (error) {
    throw new SigningError(isUserRejection(error) ? 'rejected' : 'failed');
  }
}
