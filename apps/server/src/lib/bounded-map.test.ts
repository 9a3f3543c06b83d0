import { describe, expect, it } from 'vitest';
import { BoundedMap } from './bounded-map.js';

describe('BoundedMap', () => {
  it('keeps up to max entries, then forgets the oldest for each new key', () => {
    const map = new BoundedMap<string, number>(3);
    map.set('a', 1).set('b', 2).set('c', 3);
    expect([...map.keys()]).toEqual(['a', 'b', 'c']);
    map.set('d', 4);
    expect([...map.entries()]).toEqual([
      ['b', 2],
      ['c', 3],
      ['d', 4],
    ]);
    map.set('e', 5);
    expect([...map.keys()]).toEqual(['c', 'd', 'e']);
  });

  it('replaces the value of a key it holds in place, forgetting nothing', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1).set('b', 2);
    map.set('a', 10);
    expect([...map.entries()]).toEqual([
      ['a', 10],
      ['b', 2],
    ]);
    // 'a' kept its place: it is still the oldest.
    map.set('c', 3);
    expect([...map.keys()]).toEqual(['b', 'c']);
  });

  it('forgets the least recently used when each use deletes and sets again', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1).set('b', 2);
    map.delete('a');
    map.set('a', 1);
    map.set('c', 3);
    expect([...map.keys()]).toEqual(['a', 'c']);
  });

  it('takes a new key without forgetting while a deletion left room', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1).set('b', 2);
    map.delete('b');
    map.set('c', 3);
    expect([...map.keys()]).toEqual(['a', 'c']);
  });

  it('holds one entry at max 1, and refuses a limit that could hold none', () => {
    const map = new BoundedMap<string, number>(1);
    map.set('a', 1).set('b', 2);
    expect([...map.keys()]).toEqual(['b']);
    for (const max of [0, -1, 1.5, Number.NaN]) {
      expect(() => new BoundedMap(max)).toThrow(RangeError);
    }
  });
});
