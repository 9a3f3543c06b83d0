import { NETWORK_NAME_MAINNET } from '@symposia/shared';

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
  /** The networks by the code the server sends (GET /token/info `cluster`). */
  networks: {
    'mainnet-beta': NETWORK_NAME_MAINNET,
    devnet: 'Solana Devnet',
    testnet: 'Solana Testnet',
    custom: 'Solana (custom RPC)',
    embedded: 'Local chain (embedded)',
  },
  notConnected: 'No wallet connected',
  connectPrompt:
    'Connect your Phantom wallet to receive tokens at its address, or type any Solana address into the request form.',
  copy: 'Copy',
  copyAddress: 'Copy address',
  copied: 'Copied',
  copyFailed: 'Could not copy; select the address and copy it yourself.',
  // Linked wallets (issue 28): rewards are paid only to these.
  linkedTitle: 'Linked wallets',
  linkedNote:
    'Rewards are paid only to a wallet you linked. Linking asks your wallet to sign a message; it costs nothing and sends no transaction.',
  linkedLoading: 'Loading your linked wallets…',
  linkedLoadFailed: 'Your linked wallets could not be loaded.',
  linkedEmpty: 'No wallet linked yet.',
  retry: 'Retry',
  linkThisWallet: 'Link this wallet',
  linking: 'Waiting for your signature…',
  connectToLink: 'Connect your Phantom wallet to link it.',
  unlink: 'Unlink',
  unlinkAddress: 'Unlink {{address}}',
  linkFailed: 'The wallet could not be linked. Please try again.',
  signing: {
    rejected: 'You declined to sign, so the wallet was not linked.',
    unsupported: 'This wallet cannot sign messages. Use Phantom to link a wallet.',
    failed: 'The wallet did not sign the message. Please try again.',
  },
};
