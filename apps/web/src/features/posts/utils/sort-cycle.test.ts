import { describe, expect, it } from 'vitest';
import type { SortOption } from '@symposia/shared';
import { nextSort, parseSortParam, sortDirectionOf, type SortKey } from './sort-cycle';

describe('nextSort', () => {
  it.each<[SortOption | undefined, SortKey, SortOption | undefined]>([
    // Each button cycles none → descending → ascending → none.
    [undefined, 'hot', 'likes_desc'],
    ['likes_desc', 'hot', 'likes_asc'],
    ['likes_asc', 'hot', undefined],
    [undefined, 'recent', 'time_desc'],
    ['time_desc', 'recent', 'time_asc'],
    ['time_asc', 'recent', undefined],
    // The two exclude each other: pressing one resets the other and starts at descending.
    ['time_desc', 'hot', 'likes_desc'],
    ['time_asc', 'hot', 'likes_desc'],
    ['likes_desc', 'recent', 'time_desc'],
    ['likes_asc', 'recent', 'time_desc'],
  ])('from %s, pressing %s gives %s', (current, pressed, expected) => {
    expect(nextSort(current, pressed)).toBe(expected);
  });

  it('comes back to none after three presses of the same button', () => {
    let sort: SortOption | undefined;
    const seen: (SortOption | undefined)[] = [];
    for (let press = 0; press < 4; press += 1) {
      sort = nextSort(sort, 'recent');
      seen.push(sort);
    }
    expect(seen).toEqual(['time_desc', 'time_asc', undefined, 'time_desc']);
  });
});

describe('sortDirectionOf', () => {
  it('tells each button its own direction only', () => {
    expect(sortDirectionOf('likes_desc', 'hot')).toBe('desc');
    expect(sortDirectionOf('likes_desc', 'recent')).toBeNull();
    expect(sortDirectionOf('time_asc', 'recent')).toBe('asc');
    expect(sortDirectionOf(undefined, 'hot')).toBeNull();
  });
});

describe('parseSortParam', () => {
  it('accepts the four sorts and nothing else', () => {
    expect(parseSortParam('likes_asc')).toBe('likes_asc');
    expect(parseSortParam('time_desc')).toBe('time_desc');
    expect(parseSortParam('popular')).toBeUndefined();
    expect(parseSortParam('')).toBeUndefined();
    expect(parseSortParam(null)).toBeUndefined();
  });
});
