import type { LinkedWallet } from '@symposia/shared';
import type { StoredWallet } from '../repositories/index.js';

/** A linked wallet as the member sees it: the address and when it was linked. */
export function presentWallet(wallet: StoredWallet): LinkedWallet {
  return { address: wallet.address, linked_at: wallet.linkedAt };
}
