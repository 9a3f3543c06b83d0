import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@symposia/shared';
import { validateTokenRequest } from './validate-request';

const VALID = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';

describe('validateTokenRequest', () => {
  it.each([
    ['', MESSAGES.enterReceivingAddress],
    ['   ', MESSAGES.enterReceivingAddress],
    ['not-an-address', MESSAGES.invalidSolanaAddress],
    // Base58 but 31 bytes long.
    ['7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgA', MESSAGES.invalidSolanaAddress],
    // 0, O, I and l are not base58 characters.
    ['0xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU', MESSAGES.invalidSolanaAddress],
  ])('address %j: %s', (addressInput, message) => {
    expect(validateTokenRequest({ addressInput, walletAddress: null, amountInput: '1' })).toEqual({
      ok: false,
      errors: { address: message },
    });
  });

  it('accepts a Solana address (trimmed) and a positive amount', () => {
    expect(
      validateTokenRequest({ addressInput: ` ${VALID} `, walletAddress: null, amountInput: '2.5' }),
    ).toEqual({ ok: true, address: VALID, amount: 2.5 });
  });

  it("uses the connected wallet's address instead of the field", () => {
    expect(
      validateTokenRequest({ addressInput: '', walletAddress: VALID, amountInput: '1' }),
    ).toEqual({ ok: true, address: VALID, amount: 1 });
  });

  it.each(['', '0', '-3', 'abc'])('amount %j needs to be above 0', (amountInput) => {
    expect(validateTokenRequest({ addressInput: VALID, walletAddress: null, amountInput })).toEqual(
      { ok: false, errors: { amount: MESSAGES.tokenAmountInvalid } },
    );
  });

  it("keeps to the faucet's per-request cap when known", () => {
    const draft = { addressInput: VALID, walletAddress: null, amountInput: '101' };
    expect(validateTokenRequest({ ...draft, maxAmount: 100 })).toEqual({
      ok: false,
      errors: { amount: MESSAGES.tokenAmountTooLarge(100) },
    });
    expect(validateTokenRequest(draft).ok).toBe(true);
  });

  it('reports both fields at once', () => {
    expect(
      validateTokenRequest({ addressInput: '', walletAddress: null, amountInput: '' }),
    ).toEqual({
      ok: false,
      errors: { address: MESSAGES.enterReceivingAddress, amount: MESSAGES.tokenAmountInvalid },
    });
  });
});
