import { describe, expect, it } from 'vitest';
import { pageRank } from './pagerank.js';

const graph = (pairs: [number, number, number][], size: number) => {
  const edges = Array.from({ length: size }, () => new Map<number, number>());
  for (const [a, b, weight] of pairs) {
    edges[a]?.set(b, weight);
    edges[b]?.set(a, weight);
  }
  return edges;
};

describe('pageRank', () => {
  it('ranks the hub of a star first and sums to one', () => {
    const rank = pageRank(
      graph(
        [
          [0, 1, 1],
          [0, 2, 1],
          [0, 3, 1],
        ],
        4,
      ),
    );
    expect(rank.reduce((sum, value) => sum + value, 0)).toBeCloseTo(1, 6);
    expect(Math.max(...rank)).toBe(rank[0]);
    expect(rank[1]).toBeCloseTo(rank[2] as number, 9);
  });

  it('follows the personalisation vector and keeps isolated nodes', () => {
    const edges = graph(
      [
        [0, 1, 1],
        [1, 2, 1],
      ],
      4,
    );
    const plain = pageRank(edges);
    const biased = pageRank(edges, [5, 1, 1, 1]);
    expect(biased[0]).toBeGreaterThan(plain[0] as number);
    expect(plain[3]).toBeGreaterThan(0);
    expect(pageRank([])).toEqual([]);
  });
});
