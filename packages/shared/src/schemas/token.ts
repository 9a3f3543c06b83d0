import { z } from 'zod';
import { SOLANA_ADDRESS_MAX_LENGTH, TOKEN_AMOUNT_MAX_LENGTH } from '../limits.js';
import { MESSAGES } from '../messages.js';

/** GET /token/info: what the faucet pays out, where, and within which limits. */
export const tokenInfoSchema = z.object({
  enabled: z.boolean(),
  /**
   * 'Solana Mainnet' on mainnet-beta (spec §3), 'Solana Devnet', 'Local chain (embedded)', …: the
   * English name, kept for older clients. The web shows `cluster`'s label in the reader's language.
   */
  network_name: z.string(),
  /** embedded | mainnet-beta | devnet | testnet | custom: the network's code, which clients label. */
  cluster: z.string(),
  mint: z.string(),
  decimals: z.number().int(),
  limits: z.object({
    per_request: z.number(),
    per_user_daily: z.number(),
    per_address_daily: z.number(),
    per_ip_daily: z.number(),
    global_daily: z.number(),
  }),
  /** Base of a transaction link (`${explorer_tx_url}${signature}…`), or null (embedded chain). */
  explorer_tx_url: z.string().nullable(),
});
export type TokenInfo = z.infer<typeof tokenInfoSchema>;

/** POST /token/request (JSON or form). Validation messages are the spec's (§5, §8). */
export const faucetRequestSchema = z.object({
  // A base58 public key is 32 to 44 characters; anything longer is not an address.
  address: z
    .string()
    .trim()
    .max(SOLANA_ADDRESS_MAX_LENGTH, MESSAGES.invalidSolanaAddress)
    .optional(),
  // The length is checked first, on the text as sent: nothing longer is ever parsed as a number.
  amount: z
    .union([
      z.number(),
      z
        .string()
        .max(TOKEN_AMOUNT_MAX_LENGTH, MESSAGES.tokenAmountTooLong(TOKEN_AMOUNT_MAX_LENGTH))
        .trim(),
    ])
    .optional(),
  /** A client-chosen id: retrying with the same id returns the first result, never pays twice. */
  request_id: z.string().trim().max(100).optional(),
});
export type FaucetRequestBody = z.infer<typeof faucetRequestSchema>;

/** A successful request (spec §2: receiving address, amount, transaction hash and time). */
export const tokenTransferSchema = z.object({
  address: z.string(),
  amount: z.number(),
  signature: z.string(),
  time: z.string(),
  explorer_url: z.string().nullable(),
});
export type TokenTransfer = z.infer<typeof tokenTransferSchema>;
