import type { TokenInfo, TokenTransfer } from '@symposia/shared';
import { tokenAmountNumber } from '../chain/index.js';
import type { FaucetInfo, TokenTransferResult } from '../services/token/token-service.js';

/** GET /token/info: amounts in tokens (not the smallest unit); never a key or an RPC URL. */
export function presentTokenInfo(info: FaucetInfo): TokenInfo {
  const { limits } = info;
  return {
    enabled: info.enabled,
    network_name: info.networkName,
    cluster: info.cluster,
    mint: info.mint,
    decimals: info.decimals,
    limits: {
      per_request: tokenAmountNumber(limits.perRequest),
      per_user_daily: tokenAmountNumber(limits.perUserDaily),
      per_address_daily: tokenAmountNumber(limits.perAddressDaily),
      per_ip_daily: tokenAmountNumber(limits.perIpDaily),
      global_daily: tokenAmountNumber(limits.globalDaily),
    },
    explorer_tx_url: info.explorerTxBase,
  };
}

/** A paid request as spec §2 shows it: receiving address, amount, transaction hash and time. */
export function presentTokenTransfer(transfer: TokenTransferResult): TokenTransfer {
  return {
    address: transfer.address,
    amount: tokenAmountNumber(transfer.units),
    signature: transfer.signature,
    time: transfer.time,
    explorer_url: transfer.explorerUrl,
  };
}
