import { z } from 'zod';
import {
  SOLANA_ADDRESS_MAX_LENGTH,
  WALLET_MESSAGE_MAX_LENGTH,
  WALLET_SIGNATURE_MAX_LENGTH,
  WALLETS_PER_MEMBER_MAX,
} from '../limits.js';
import { MESSAGES } from '../messages.js';

/**
 * Wallets a member proves they hold (issue 28). The member asks for a challenge for an address,
 * signs the message it carries with that wallet (Phantom's `signMessage`), and sends both back;
 * the server checks the ed25519 signature and links the wallet to the member. Reward claims pay
 * only to a linked wallet.
 */
const walletAddress = z
  .string({ message: MESSAGES.enterReceivingAddress })
  .trim()
  .min(1, { message: MESSAGES.enterReceivingAddress })
  .max(SOLANA_ADDRESS_MAX_LENGTH, { message: MESSAGES.invalidSolanaAddress });

/** POST /wallets/challenge (JSON). */
export const walletChallengeBodySchema = z.object({ address: walletAddress });
export type WalletChallengeBody = z.infer<typeof walletChallengeBodySchema>;

/** The message to sign, exactly as issued; its nonce; when it stops being accepted. */
export const walletChallengeSchema = z.object({
  message: z.string(),
  nonce: z.string(),
  expires_at: z.string(),
});
export type WalletChallenge = z.infer<typeof walletChallengeSchema>;

/** POST /wallets (JSON): the issued message and the wallet's signature of it (base58 or base64). */
export const linkWalletBodySchema = z.object({
  address: walletAddress,
  message: z
    .string({ message: MESSAGES.fieldRequired('message') })
    .min(1, { message: MESSAGES.fieldRequired('message') })
    .max(WALLET_MESSAGE_MAX_LENGTH, { message: MESSAGES.maxLength(WALLET_MESSAGE_MAX_LENGTH) }),
  signature: z
    .string({ message: MESSAGES.fieldRequired('signature') })
    .trim()
    .min(1, { message: MESSAGES.fieldRequired('signature') })
    .max(WALLET_SIGNATURE_MAX_LENGTH, { message: MESSAGES.walletSignatureMalformed }),
});
export type LinkWalletBody = z.infer<typeof linkWalletBodySchema>;

/** DELETE /wallets/{address}. */
export const walletParamsSchema = z.object({ address: walletAddress });
export type WalletParams = z.infer<typeof walletParamsSchema>;

/** A wallet linked to the signed-in member. */
export const linkedWalletSchema = z.object({
  address: z.string(),
  linked_at: z.string(),
});
export type LinkedWallet = z.infer<typeof linkedWalletSchema>;

/** GET /wallets: the member's linked wallets, the earliest linked first. */
export const linkedWalletsSchema = z.object({
  wallets: z.array(linkedWalletSchema).max(WALLETS_PER_MEMBER_MAX),
});
export type LinkedWallets = z.infer<typeof linkedWalletsSchema>;
