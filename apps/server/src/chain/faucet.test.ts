import { ACCOUNT_ACTIVATION_LAMPORTS, TOKEN_UNITS_PER_TOKEN } from '@symposia/shared';
import { describe, expect, it } from 'vitest';
import { associatedTokenAddress, FaucetTransferError, type FaucetProblem } from './faucet.js';
import { createTestChain } from './testing.js';

const units = (tokens: number) => BigInt(tokens) * BigInt(TOKEN_UNITS_PER_TOKEN);
const TOKEN_ACCOUNT_RENT = 2_039_280n;

async function problemOf(promise: Promise<unknown>): Promise<FaucetProblem> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(FaucetTransferError);
  return (error as FaucetTransferError).problem;
}

describe('faucet on the embedded chain (LiteSVM, real System and SPL Token programs)', () => {
  it('activates a new receiver, creates its token account and transfers amount × 10^9', async () => {
    const test = await createTestChain();
    const { chain } = test;
    const receiver = await test.newAddress();
    const faucetLamports = await test.lamportsOf(chain.faucetAddress);
    const faucetTokens = await test.tokensOf(chain.faucetAddress);

    const prepared = await chain.prepareTransfer(receiver, units(25), 'test:1');
    expect(prepared.steps).toEqual(['activate', 'create-token-account', 'transfer', 'memo']);
    await prepared.send();

    expect(await test.lamportsOf(receiver)).toBe(BigInt(ACCOUNT_ACTIVATION_LAMPORTS));
    expect(await test.tokensOf(receiver)).toBe(25_000_000_000n);
    expect(await test.tokensOf(chain.faucetAddress)).toBe((faucetTokens ?? 0n) - units(25));
    // The faucet paid the activation, the token account's rent and one fee.
    expect(await test.lamportsOf(chain.faucetAddress)).toBe(
      faucetLamports - BigInt(ACCOUNT_ACTIVATION_LAMPORTS) - TOKEN_ACCOUNT_RENT - 5000n,
    );
    expect(await chain.signatureStatus(prepared.signature)).toBe('confirmed');
    const ata = await associatedTokenAddress(receiver, chain.mint);
    expect(await test.lamportsOf(ata)).toBe(TOKEN_ACCOUNT_RENT);
  });

  it('only transfers to a receiver that already has its account and token account', async () => {
    const test = await createTestChain();
    const { chain } = test;
    const receiver = await test.newAddress();
    await (await chain.prepareTransfer(receiver, units(1), 'test:1')).send();
    const receiverLamports = await test.lamportsOf(receiver);
    const faucetLamports = await test.lamportsOf(chain.faucetAddress);

    const prepared = await chain.prepareTransfer(receiver, 1_500_000_000n, 'test:2');
    expect(prepared.steps).toEqual(['transfer', 'memo']);
    await prepared.send();
    expect(await test.tokensOf(receiver)).toBe(2_500_000_000n);
    expect(await test.lamportsOf(receiver)).toBe(receiverLamports);
    expect(await test.lamportsOf(chain.faucetAddress)).toBe(faucetLamports - 5000n);
  });

  it('creates only the token account for an existing wallet without one', async () => {
    const test = await createTestChain();
    const receiver = await test.newAddress();
    (await test.chain.svm()).airdrop(receiver, 5_000_000n as never);
    const prepared = await test.chain.prepareTransfer(receiver, units(2), 'test:1');
    expect(prepared.steps).toEqual(['create-token-account', 'transfer', 'memo']);
    await prepared.send();
    expect(await test.lamportsOf(receiver)).toBe(5_000_000n);
    expect(await test.tokensOf(receiver)).toBe(units(2));
  });

  it('refuses before sending when the faucet has too little SOL', async () => {
    const test = await createTestChain();
    const receiver = await test.newAddress();
    await test.setLamports(test.chain.faucetAddress, 2_000_000n);
    expect(await problemOf(test.chain.prepareTransfer(receiver, units(1), 'test:1'))).toBe(
      'insufficient-sol',
    );
    expect(await test.lamportsOf(receiver)).toBe(0n);
    expect(await test.tokensOf(receiver)).toBeNull();
  });

  it('names the on-chain failure when the SOL runs out between the check and the send', async () => {
    const test = await createTestChain();
    const receiver = await test.newAddress();
    const prepared = await test.chain.prepareTransfer(receiver, units(1), 'test:1');
    // Enough for the activation and the fee, not for the token account's rent.
    await test.setLamports(test.chain.faucetAddress, 890_880n + 990_880n + 5000n + 1_000_000n);
    expect(await problemOf(prepared.send())).toBe('insufficient-sol');
    expect(await test.tokensOf(receiver)).toBeNull();
    expect(await test.lamportsOf(receiver)).toBe(0n);
  });

  it('reports a missing source token account and a missing source account', async () => {
    const test = await createTestChain();
    const receiver = await test.newAddress();
    const sourceToken = await associatedTokenAddress(test.chain.faucetAddress, test.chain.mint);
    await test.deleteAccount(sourceToken);
    expect(await problemOf(test.chain.prepareTransfer(receiver, units(1), 'a'))).toBe(
      'source-token-account-missing',
    );
    await test.deleteAccount(test.chain.faucetAddress);
    expect(await problemOf(test.chain.prepareTransfer(receiver, units(1), 'b'))).toBe(
      'source-account-missing',
    );
  });

  it('refuses more tokens than the faucet holds', async () => {
    const test = await createTestChain({ supply: units(10) });
    const receiver = await test.newAddress();
    expect(await problemOf(test.chain.prepareTransfer(receiver, units(11), 'a'))).toBe(
      'out-of-tokens',
    );
  });

  it('refuses receivers that are not wallets: a token account, the mint, the faucet itself', async () => {
    const test = await createTestChain();
    const { chain } = test;
    const sourceToken = await associatedTokenAddress(chain.faucetAddress, chain.mint);
    for (const receiver of [sourceToken, chain.mint, chain.faucetAddress]) {
      expect(await problemOf(chain.prepareTransfer(receiver, units(1), 'a'))).toBe(
        'receiver-invalid',
      );
    }
  });

  it('gives every transaction its own signature, even for the same receiver and amount', async () => {
    const test = await createTestChain();
    const receiver = await test.newAddress();
    const first = await test.chain.prepareTransfer(receiver, units(1), 'ledger:1');
    await first.send();
    const second = await test.chain.prepareTransfer(receiver, units(1), 'ledger:2');
    expect(second.signature).not.toBe(first.signature);
    await second.send();
    expect(await test.tokensOf(receiver)).toBe(units(2));
  });

  it('does not pay twice when the same signed transaction is sent again', async () => {
    const test = await createTestChain();
    const receiver = await test.newAddress();
    const prepared = await test.chain.prepareTransfer(receiver, units(3), 'ledger:1');
    await prepared.send();
    await prepared.send();
    expect(await test.tokensOf(receiver)).toBe(units(3));
  });
});
