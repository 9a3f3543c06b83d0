import type { FeatureIcon } from '../content';

const PATHS: Record<FeatureIcon, string> = {
  // A coin.
  token:
    'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm0 2a8 8 0 1 1 0 16 8 8 0 0 1 0-16Zm0 3-5 5 5 5 5-5-5-5Z',
  // A chip.
  ai: 'M9 2v2H7a3 3 0 0 0-3 3v2H2v2h2v2H2v2h2v2a3 3 0 0 0 3 3h2v2h2v-2h2v2h2v-2h2a3 3 0 0 0 3-3v-2h2v-2h-2v-2h2V9h-2V7a3 3 0 0 0-3-3h-2V2h-2v2h-2V2H9Zm-2 4h10a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1Zm2 3v6h6V9H9Z',
  // Three people.
  community:
    'M12 4a3 3 0 1 0 0 6 3 3 0 0 0 0-6ZM5 7a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5Zm14 0a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5Zm-7 5c-3 0-6 1.5-6 4v3h12v-3c0-2.5-3-4-6-4ZM5 13c-2.2 0-4 1.2-4 3v3h3v-3c0-1.1.4-2.1 1.2-3H5Zm14 0h-.2c.8.9 1.2 1.9 1.2 3v3h3v-3c0-1.8-1.8-3-4-3Z',
  // A speech bubble with a check.
  review:
    'M4 3h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2h-9l-5 4v-4H4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2Zm6.5 10.5L6.8 9.8l1.4-1.4 2.3 2.3 5.3-5.3 1.4 1.4-6.7 6.7Z',
};

/** A decorative glyph for a Platform Features card. */
export function FeatureIconGlyph({ icon }: { icon: FeatureIcon }) {
  return (
    <svg viewBox="0 0 24 24" width="28" height="28" fill="currentColor" focusable="false">
      <path d={PATHS[icon]} fillRule="evenodd" />
    </svg>
  );
}
