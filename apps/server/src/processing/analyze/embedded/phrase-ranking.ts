/**
 * What the two phrase rankers share (keywords.ts over the tagger's noun phrases, key-phrases.ts
 * over runs of content words): a graph of co-occurring words ranked by a personalised PageRank,
 * the candidate phrases counted with their written forms, and a phrase's score — its count times
 * the mean of its words' scores times a length factor, more where the instruction steers.
 */
import { pageRank } from './pagerank.js';

/** An undirected co-occurrence graph of words, with the weight each leans towards them. */
export function createWordGraph() {
  const nodes = new Map<string, number>();
  const edges: Map<number, number>[] = [];
  const personalization: number[] = [];

  return {
    /** The node of `word`, added on first sight. */
    node(word: string): number {
      let id = nodes.get(word);
      if (id === undefined) {
        id = nodes.size;
        nodes.set(word, id);
        edges.push(new Map());
        personalization.push(0);
      }
      return id;
    },

    /** Adds `weight` to the edge between two words (none from a word to itself). */
    link(a: number, b: number, weight: number): void {
      if (a === b) return;
      const from = edges[a] as Map<number, number>;
      const to = edges[b] as Map<number, number>;
      from.set(b, (from.get(b) ?? 0) + weight);
      to.set(a, (to.get(a) ?? 0) + weight);
    },

    /** Leans the ranking towards a word by `weight` more. */
    lean(id: number, weight: number): void {
      personalization[id] = (personalization[id] as number) + weight;
    },

    /**
     * Ranks the words, each one's leaning multiplied by `boost(word)` first; returns a word's
     * score relative to the best one (0 for a word never seen).
     */
    rank(boost: (word: string) => number): (word: string) => number {
      for (const [word, id] of nodes) {
        personalization[id] = (personalization[id] as number) * boost(word);
      }
      const rank = pageRank(edges, personalization);
      const top = Math.max(...rank, Number.MIN_VALUE);
      return (word) => (rank[nodes.get(word) ?? -1] ?? 0) / top;
    },
  };
}

export interface PhraseCandidate {
  key: string;
  /** The graph's words of the phrase, in order. */
  parts: string[];
  /** Its occurrences, each weighted by its source and credited by how whole it was. */
  count: number;
  /** When it was first seen (earlier wins a tie). */
  first: number;
  /** Each written form and how much it was seen. */
  surfaces: Map<string, number>;
}

/** The candidate phrases of a text, by key, counted as they are seen. */
export function createCandidates() {
  const candidates = new Map<string, PhraseCandidate>();
  let order = 0;
  return {
    /** Counts one occurrence written `surface`, weighing `weight` times `credit`. */
    add(
      key: string,
      parts: string[],
      surface: string,
      occurrence: { weight: number; credit: number },
    ): PhraseCandidate {
      let candidate = candidates.get(key);
      if (!candidate) {
        candidate = { key, parts, count: 0, first: order, surfaces: new Map() };
        candidates.set(key, candidate);
      }
      order += 1;
      candidate.count += occurrence.weight * occurrence.credit;
      candidate.surfaces.set(surface, (candidate.surfaces.get(surface) ?? 0) + occurrence.weight);
      return candidate;
    },
    get size() {
      return candidates.size;
    },
    all: () => [...candidates.values()],
  };
}

/**
 * Scores the candidates and sorts them best first (then the earliest seen, then by key): count
 * × mean word score × `lengthFactor[words]` (2 beyond it) × (1 + the share of steered words).
 */
export function rankCandidates<C extends PhraseCandidate>(
  candidates: C[],
  wordScore: (word: string) => number,
  rules: { lengthFactor: readonly number[]; steered: (word: string) => boolean },
): { candidate: C; score: number }[] {
  const scored = candidates.map((candidate) => {
    const length = candidate.parts.length;
    const mean = candidate.parts.reduce((sum, word) => sum + wordScore(word), 0) / length;
    const steered = candidate.parts.filter(rules.steered).length;
    const score =
      candidate.count * mean * (rules.lengthFactor[length] ?? 2) * (1 + steered / length);
    return { candidate, score };
  });
  return scored.sort(
    (a, b) =>
      b.score - a.score ||
      a.candidate.first - b.candidate.first ||
      (a.candidate.key < b.candidate.key ? -1 : 1),
  );
}

/** The most frequent written form (the first seen on a tie). */
export function mostFrequent(surfaces: Map<string, number>): string {
  let best = '';
  let bestCount = -1;
  for (const [surface, count] of surfaces) {
    if (count > bestCount) [best, bestCount] = [surface, count];
  }
  return best;
}
