import { HOME_STATS } from '@symposia/shared';

/**
 * The Home screen (features/home). The tagline, slogans, search placeholder and call to action are
 * the spec's (`screen`); the stats strip's labels come from packages/shared, in its order.
 */
export const home = {
  search: {
    label: 'Search the forum',
    submit: 'Explore',
  },
  about: {
    title: 'About Symposia',
    paragraphs: [
      'Symposia is an academic community where researchers and curious visitors share research contributions — ideas, experiment videos, images, papers and insights — and discuss them in the open.',
      'Valuable contributions are validated by the community and rewarded with tokens, so the people who move a field forward share in the value they create.',
      'Every upload is stored on decentralized storage (IPFS) and analysed by an AI that summarises it and proposes topics and tags, so good work is easy to find and quick to start a conversation about.',
    ],
    providesTitle: 'What the platform provides',
    provides: [
      'Decentralized storage of research files on IPFS',
      'AI analysis of uploads with summaries, key points and suggested tags',
      'A forum with likes and threaded comments for open peer discussion',
      'Author profiles with per-section privacy settings',
      'A Solana wallet connection and token requests',
    ],
  },
  features: {
    title: 'Platform Features',
    token: {
      title: 'Token Reward Mechanism',
      text: 'Valuable contributions — ideas, experiment videos, insights — earn token rewards for their authors.',
    },
    ai: {
      title: 'AI Content Generation',
      text: 'An AI reads what you upload, summarises it and generates discussion topics and tags.',
    },
    community: {
      title: 'Academic Community',
      text: 'Researchers and visitors meet around shared work, follow authors and build a public profile.',
    },
    review: {
      title: 'Open Discussion with Peer Review',
      text: 'Every post is open to comments, replies and likes, so the community reviews work in the open.',
    },
  },
  statsTitle: 'Symposia in numbers',
  stats: HOME_STATS.map((stat) => stat.label),
  ctaText:
    'Share your research, discuss it with peers and earn token rewards for valuable contributions.',
  register: 'Register Now',
};
