import { describe, expect, it } from 'vitest';
import { makeHiddenAuthor, makePublicAuthor } from '../testing/fixtures';
import { authorBadges, safeHttpUrl, sectionState } from './author-sections';

const SECTIONS = ['profile', 'posts', 'activity', 'statistics', 'contact'] as const;

describe('sectionState', () => {
  it('is public for every section the author shares', () => {
    const info = makePublicAuthor();
    expect(SECTIONS.map((section) => sectionState(info, section))).toEqual(
      SECTIONS.map(() => 'public'),
    );
  });

  it('is hidden when the flag is off and the server left the data out', () => {
    const info = makeHiddenAuthor();
    expect(SECTIONS.map((section) => sectionState(info, section))).toEqual(
      SECTIONS.map(() => 'hidden'),
    );
  });

  it('is owner-only when the flag is off but the data came (the author looking at themself)', () => {
    const info = makePublicAuthor({
      show_profile: false,
      show_posts: false,
      show_activity: false,
      show_statistics: false,
      show_contact: false,
    });
    expect(SECTIONS.map((section) => sectionState(info, section))).toEqual(
      SECTIONS.map(() => 'owner-only'),
    );
  });

  it('treats a public section with an empty list as public (its empty state shows)', () => {
    const info = makePublicAuthor({ posts: [], activity: [] });
    expect(sectionState(info, 'posts')).toBe('public');
    expect(sectionState(info, 'activity')).toBe('public');
  });
});

describe('authorBadges', () => {
  it('splits the first tags element on commas, trimmed, without empties or repeats', () => {
    expect(authorBadges(makePublicAuthor({ tags: [' ai , ml,, ai ,physics', 'ignored'] }))).toEqual(
      ['ai', 'ml', 'physics'],
    );
    expect(authorBadges(makeHiddenAuthor())).toEqual([]);
  });
});

describe('safeHttpUrl', () => {
  it('links only http(s) addresses', () => {
    expect(safeHttpUrl('https://example.org/a')).toBe('https://example.org/a');
    expect(safeHttpUrl('javascript:alert(1)')).toBeNull();
    expect(safeHttpUrl('not a url')).toBeNull();
    expect(safeHttpUrl('')).toBeNull();
    expect(safeHttpUrl(undefined)).toBeNull();
  });
});
