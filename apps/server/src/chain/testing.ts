import { generateKeyPairSigner, lamports, type Address } from '@solana/kit';
import { openEmbeddedChain, type EmbeddedChain } from './index.js';

/**
 * An embedded chain with fresh in-memory keys, for tests: the real System, SPL Token and
 * Associated Token programs in LiteSVM, plus helpers to look at and change what is on it.
 */
export interface TestChain {
  chain: EmbeddedChain;
  /** Lamports of an account (0n when it does not exist). */
  lamportsOf(address: Address): Promise<bigint>;
  /** Sets an account's lamports directly (below what a transfer needs, for instance). */
  setLamports(address: Address, value: bigint): Promise<void>;
  /** Removes an account from the chain. */
  deleteAccount(address: Address): Promise<void>;
  /** Token balance of the owner's associated token account, in units (null: none). */
  tokensOf(owner: Address): Promise<bigint | null>;
  newAddress(): Promise<Address>;
}

export async function createTestChain(
  options: { faucetLamports?: bigint; supply?: bigint } = {},
): Promise<TestChain> {
  const [faucet, mint] = await Promise.all([generateKeyPairSigner(), generateKeyPairSigner()]);
  const chain = openEmbeddedChain({ faucet, mint, ...options });
  return {
    chain,
    async lamportsOf(address) {
      return (await chain.svm()).getBalance(address) ?? 0n;
    },
    async setLamports(address, value) {
      const svm = await chain.svm();
      const account = svm.getAccount(address);
      if (!account.exists) throw new Error(`${address} does not exist`);
      svm.setAccount({ ...account, lamports: lamports(value) });
    },
    async deleteAccount(address) {
      const svm = await chain.svm();
      const account = svm.getAccount(address);
      if (!account.exists) return;
      // An account with no lamports is gone at the end of the transaction that emptied it.
      svm.setAccount({ ...account, lamports: lamports(0n), data: new Uint8Array(), space: 0n });
    },
    tokensOf: (owner) => chain.tokenBalance(owner),
    newAddress: async () => (await generateKeyPairSigner()).address,
  };
}
