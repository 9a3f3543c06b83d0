import { SCREEN_TEXT } from '@symposia/shared';

/** Texts of the Token page that the spec gives word for word (§2 Token management). */
export const TOKEN_TEXTS = {
  title: SCREEN_TEXT.tokenTitle,
  getTokens: SCREEN_TEXT.getTokens,
} as const;

/** Wording of our own (not from the spec) for the Token page. */
export const TOKEN_UI = {
  lead: 'Request research tokens from the Symposia faucet, sent straight to a Solana address.',
  receivingAddress: 'Receiving address',
  receivingAddressPlaceholder: 'A Solana address (base58)',
  sendingTo: 'Tokens go to your connected wallet:',
  amount: 'Amount',
  amountLimit: (perRequest: number) => `Up to ${perRequest} tokens per request.`,
  submit: 'Request Tokens',
  processing: 'Processing…',
  signInHint: 'You need to be signed in to request tokens.',
  loginToRequest: 'Please login to request tokens',
  successTitle: 'Tokens sent',
  errorTitle: 'The request failed',
  network: 'Network',
  transactionHash: 'Transaction hash',
  time: 'Time',
  openInExplorer: '(opens the block explorer in a new tab)',
} as const;
