import { isAddress } from '@solana/kit';
import { MESSAGES } from '@symposia/shared';

export type TokenRequestDraft = {
  /** What the address field holds (ignored when a wallet is connected). */
  addressInput: string;
  /** The connected wallet's address, which is used instead of the field. */
  walletAddress: string | null;
  /** The amount field as typed. */
  amountInput: string;
  /** The faucet's per-request cap, once known. */
  maxAmount?: number;
};

export type TokenRequestErrors = { address?: string; amount?: string };

export type TokenRequestCheck =
  { ok: true; address: string; amount: number } | { ok: false; errors: TokenRequestErrors };

/**
 * Spec §5's check of a receiving address: required ('Please enter receiving address') and a Solana
 * address ('Invalid Solana address'). The message, or undefined when it is fine.
 */
export function addressProblem(address: string): string | undefined {
  if (!address) return MESSAGES.enterReceivingAddress;
  if (!isAddress(address)) return MESSAGES.invalidSolanaAddress;
  return undefined;
}

/**
 * The checks of spec §5 before anything is sent: a receiving address is required ('Please enter
 * receiving address') and must be a Solana address ('Invalid Solana address'); the amount is a
 * number above 0 and, when the faucet's cap is known, at most that.
 */
export function validateTokenRequest({
  addressInput,
  walletAddress,
  amountInput,
  maxAmount,
}: TokenRequestDraft): TokenRequestCheck {
  const errors: TokenRequestErrors = {};
  const address = (walletAddress ?? addressInput).trim();
  const problem = addressProblem(address);
  if (problem) errors.address = problem;

  const amount = amountInput.trim() === '' ? Number.NaN : Number(amountInput);
  if (!Number.isFinite(amount) || amount <= 0) errors.amount = MESSAGES.tokenAmountInvalid;
  else if (maxAmount !== undefined && amount > maxAmount) {
    errors.amount = MESSAGES.tokenAmountTooLarge(maxAmount);
  }

  if (errors.address || errors.amount) return { ok: false, errors };
  return { ok: true, address, amount };
}
