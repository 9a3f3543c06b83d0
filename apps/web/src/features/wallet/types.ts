/** A public key as Phantom hands it out (a web3.js PublicKey): printable as its base58 address. */
export type PhantomPublicKey = { toBase58?: () => string; toString: () => string };

export type PhantomEventMap = {
  connect: (publicKey?: PhantomPublicKey | null) => void;
  disconnect: () => void;
  /** The user switched accounts in Phantom; `null` when the new account is not connected here. */
  accountChanged: (publicKey?: PhantomPublicKey | null) => void;
};
export type PhantomEvent = keyof PhantomEventMap;

/**
 * The part of Phantom's injected Solana provider (`window.phantom.solana`) the app uses.
 * https://docs.phantom.com/solana/establishing-a-connection
 */
export type PhantomProvider = {
  isPhantom?: boolean;
  isConnected?: boolean;
  publicKey: PhantomPublicKey | null;
  /** Asks to connect; with `onlyIfTrusted` it never prompts and fails unless the site is trusted. */
  connect: (options?: { onlyIfTrusted?: boolean }) => Promise<{ publicKey: PhantomPublicKey }>;
  disconnect: () => Promise<void>;
  /**
   * Signs arbitrary bytes with the wallet's key, after the user approves (issue 28: proving the
   * wallet is held). https://docs.phantom.com/solana/signing-a-message
   */
  signMessage?: (
    message: Uint8Array,
    display?: 'utf8' | 'hex',
  ) => Promise<{ signature: Uint8Array; publicKey?: PhantomPublicKey }>;
  on: <E extends PhantomEvent>(event: E, handler: PhantomEventMap[E]) => unknown;
  off?: <E extends PhantomEvent>(event: E, handler: PhantomEventMap[E]) => unknown;
  removeListener?: <E extends PhantomEvent>(event: E, handler: PhantomEventMap[E]) => unknown;
};

declare global {
  interface Window {
    phantom?: { solana?: PhantomProvider };
  }
}

/**
 * The wallet connection state of spec §3. The spec's `connection` (an RPC client) is left out on
 * purpose: the browser never talks to a Solana node, the server's faucet does.
 */
export type WalletState = {
  address: string | null;
  connected: boolean;
  /** The Phantom provider while connected. */
  wallet: PhantomProvider | null;
  /**
   * The network the server's faucet pays on, as its code (GET /token/info `cluster`: embedded,
   * mainnet-beta, devnet, testnet, custom), once known; null when disconnected. The views show
   * its label in the reader's language.
   */
  network: string | null;
  /** The network is being asked for. */
  networkLoading: boolean;
  /** Why the last connect failed (spec §8), or null. */
  error: string | null;
  /** A connect the user asked for is waiting for Phantom's answer. */
  connecting: boolean;
};

/** What a connect the user asked for came to; `notice` is the short message to show for 3 s. */
export type ConnectOutcome = { ok: true; address: string } | { ok: false; notice: string };
