/**
 * What the Home screen shows, by key; the words are in the message catalogue (`home`, and the
 * spec's own tagline, slogans, search placeholder and call to action in `screen`).
 */

export type FeatureIcon = 'token' | 'ai' | 'community' | 'review';

/** The Platform Features cards, in order: each key names its icon and its texts. */
export const PLATFORM_FEATURES: readonly FeatureIcon[] = ['token', 'ai', 'community', 'review'];
