import { NETWORK_NAME_MAINNET } from '@symposia/shared';
import type { Cluster } from './types.js';

const EXPLORER_TX = 'https://explorer.solana.com/tx/';

/**
 * The network's English name (spec §3: 'Solana Mainnet' on mainnet), sent as `network_name` for
 * older clients; the web labels the cluster code itself, in the reader's language.
 */
export function networkName(cluster: Cluster): string {
  switch (cluster) {
    case 'mainnet-beta':
      return NETWORK_NAME_MAINNET;
    case 'devnet':
      return 'Solana Devnet';
    case 'testnet':
      return 'Solana Testnet';
    case 'custom':
      return 'Solana (custom RPC)';
    case 'embedded':
      return 'Local chain (embedded)';
  }
}

/**
 * The base of a transaction link on the Solana Explorer, or null where the explorer cannot show
 * the chain: the embedded chain lives in this process, and a custom RPC URL is not shared (it
 * may carry an API key). Devnet and testnet links also need explorerTxUrl's `?cluster=` suffix.
 */
export function explorerTxBase(cluster: Cluster): string | null {
  return cluster === 'mainnet-beta' || cluster === 'devnet' || cluster === 'testnet'
    ? EXPLORER_TX
    : null;
}

/** The link to one transaction: https://explorer.solana.com/tx/<sig>?cluster=devnet, or null. */
export function explorerTxUrl(cluster: Cluster, signature: string): string | null {
  const base = explorerTxBase(cluster);
  if (!base) return null;
  const suffix = cluster === 'mainnet-beta' ? '' : `?cluster=${cluster}`;
  return `${base}${encodeURIComponent(signature)}${suffix}`;
}
