import { SCREEN_TEXT } from '@symposia/shared';

/** Texts of the wallet screens that the spec gives word for word (§2, §3). */
export const WALLET_TEXTS = {
  connectWallet: SCREEN_TEXT.connectWallet,
  connectYourWallet: SCREEN_TEXT.connectYourWallet,
  connected: SCREEN_TEXT.walletConnected,
  disconnected: SCREEN_TEXT.walletDisconnected,
} as const;

/** Wording of our own (not from the spec) for the wallet controls. */
export const WALLET_UI = {
  walletTitle: 'Wallet',
  connectedWalletTitle: 'Wallet Connected',
  connectedWallet: 'Connected wallet',
  connecting: 'Connecting…',
  disconnect: 'Disconnect',
  address: 'Address',
  network: 'Network',
  status: 'Status',
  networkLoading: 'Loading…',
  networkUnknown: 'Unknown network',
  notConnected: 'No wallet connected',
  connectPrompt:
    'Connect your Phantom wallet to receive tokens at its address, or type any Solana address into the request form.',
  copy: 'Copy',
  copyAddress: 'Copy address',
  copied: 'Copied',
  copyFailed: 'Could not copy; select the address and copy it yourself.',
} as const;
