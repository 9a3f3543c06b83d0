/** The wallet controls (features/wallet); 'Connect Wallet' and its like are the spec's (`screen`). */
export const wallet = {
  walletTitle: 'Wallet',
  connectedWalletTitle: 'Wallet Connected',
  connectedWallet: 'Connected wallet',
  disconnect: 'Disconnect',
  address: 'Address',
  network: 'Network',
  networkLoading: 'Loading…',
  networkUnknown: 'Unknown network',
  notConnected: 'No wallet connected',
  connectPrompt:
    'Connect your Phantom wallet to receive tokens at its address, or type any Solana address into the request form.',
  copy: 'Copy',
  copyAddress: 'Copy address',
  copied: 'Copied',
  copyFailed: 'Could not copy; select the address and copy it yourself.',
};
