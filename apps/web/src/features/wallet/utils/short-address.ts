import { WALLET_ADDRESS_HEAD, WALLET_ADDRESS_TAIL } from '@symposia/shared';

/** A wallet address as the header shows it: first 6 and last 4 characters (spec §9). */
export function shortAddress(address: string): string {
  if (address.length <= WALLET_ADDRESS_HEAD + WALLET_ADDRESS_TAIL + 1) return address;
  return `${address.slice(0, WALLET_ADDRESS_HEAD)}…${address.slice(-WALLET_ADDRESS_TAIL)}`;
}
