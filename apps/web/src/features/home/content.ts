/**
 * Texts of the Home screen. The tagline, slogans, search placeholder and call to action are the
 * spec's exact words (§1, §2).
 */

import { SCREEN_TEXT } from '@symposia/shared';

export const TAGLINE = SCREEN_TEXT.tagline;
export const SLOGANS = SCREEN_TEXT.slogans;
export const SEARCH_PLACEHOLDER = SCREEN_TEXT.homeSearchPlaceholder;
export const CALL_TO_ACTION = SCREEN_TEXT.homeCallToAction;

export const ABOUT_PARAGRAPHS = [
  'Symposia is an academic community where researchers and curious visitors share research contributions — ideas, experiment videos, images, papers and insights — and discuss them in the open.',
  'Valuable contributions are validated by the community and rewarded with tokens, so the people who move a field forward share in the value they create.',
  'Every upload is stored on decentralized storage (IPFS) and analysed by an AI that summarises it and proposes topics and tags, so good work is easy to find and quick to start a conversation about.',
] as const;

export const ABOUT_PROVIDES = [
  'Decentralized storage of research files on IPFS',
  'AI analysis of uploads with summaries, key points and suggested tags',
  'A forum with likes and threaded comments for open peer discussion',
  'Author profiles with per-section privacy settings',
  'A Solana wallet connection and token requests',
] as const;

export type FeatureIcon = 'token' | 'ai' | 'community' | 'review';

export const PLATFORM_FEATURES: readonly { icon: FeatureIcon; title: string; text: string }[] = [
  {
    icon: 'token',
    title: 'Token Reward Mechanism',
    text: 'Valuable contributions — ideas, experiment videos, insights — earn token rewards for their authors.',
  },
  {
    icon: 'ai',
    title: 'AI Content Generation',
    text: 'An AI reads what you upload, summarises it and generates discussion topics and tags.',
  },
  {
    icon: 'community',
    title: 'Academic Community',
    text: 'Researchers and visitors meet around shared work, follow authors and build a public profile.',
  },
  {
    icon: 'review',
    title: 'Open Discussion with Peer Review',
    text: 'Every post is open to comments, replies and likes, so the community reviews work in the open.',
  },
];
