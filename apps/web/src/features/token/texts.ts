import { SCREEN_TEXT } from '@symposia/shared';

/** Texts of the Token page that the spec gives word for word (§2 Token management). */
export const TOKEN_TEXTS = {
  title: SCREEN_TEXT.tokenTitle,
  getTokens: SCREEN_TEXT.getTokens,
} as const;

/** Wording of our own (not from the spec) for the Token page. */
export const TOKEN_UI = {
  lead: 'Request research tokens from the Symposia faucet, sent straight to a Solana address, and claim the tokens your contributions earned.',
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

/** Wording of the rewards card and the leaderboard on the Token page. */
export const REWARDS_UI = {
  title: 'Your rewards',
  lead: 'Likes and comments your posts and comments receive earn a share of each epoch’s token pool.',
  signedOut: 'Sign in to see the tokens your contributions earned and to claim them.',
  signIn: 'Sign in',
  loginToClaim: 'Please login to claim your rewards',
  loading: 'Loading your rewards…',
  loadFailed: 'Your rewards could not be loaded.',
  claimable: 'Claimable',
  scoreSoFar: (epoch: number) => `Score in epoch ${epoch} so far`,
  epochEndsIn: 'Epoch ends in',
  epochEndsAt: (when: string) => `on ${when}`,
  epochEnded: 'Ended; the next epoch starts now',
  totalEarned: 'Earned in all',
  minimumClaim: (min: string) => `Claims pay out from ${min}.`,
  claimFrom: (when: string) => `Your account can claim from ${when}.`,
  claimingTo: 'Rewards go to your connected wallet:',
  useOtherAddress: 'Send to another address',
  useWallet: 'Send to my connected wallet',
  claim: 'Claim',
  claiming: 'Claiming…',
  tryAgain: 'Try again',
  claimFailed: 'The claim failed',
  claimedTitle: 'Rewards claimed',
  historyTitle: 'History',
  historyEmpty: 'No rewards credited yet.',
  historyEpoch: (epoch: number) => `Epoch ${epoch}`,
  score: 'Score',
  claimedAt: 'Claimed',
  notClaimed: 'Not claimed yet',
  transactionHash: 'Transaction hash',
} as const;

export const LEADERBOARD_UI = {
  title: 'Leaderboard',
  loading: 'Loading the leaderboard…',
  loadFailed: 'The leaderboard could not be loaded.',
  caption: (epoch: number, ended: string) => `Top members of epoch ${epoch}, ended ${ended}`,
  emptyBeforeFirst: 'No epoch has ended yet. The first leaderboard appears when it does.',
  emptyEpoch: (epoch: number) => `Nobody earned tokens in epoch ${epoch}.`,
  rank: 'Rank',
  member: 'Member',
  score: 'Score',
  amount: 'Tokens',
  you: '(you)',
  previous: 'Previous epoch',
  next: 'Next epoch',
} as const;
