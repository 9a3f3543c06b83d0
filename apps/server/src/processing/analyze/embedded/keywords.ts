/**
 * Keywords: noun phrases found by the part-of-speech tagger (noun-phrases.ts), ranked by how
 * often they occur (the title and a paper's keyword line count twice) times how central their
 * words are — a personalised PageRank over the words' co-occurrence within phrases and sentences,
 * leaning towards the title, the author's tags and the instruction. Chosen greedily: a phrase
 * inside a chosen one is not taken, a more specific phrase around a chosen one replaces it when
 * it is common enough, and phrases the author's tags already say are left out.
 */
import { tag } from './nlp.js';
import { containsWords, nounPhrases, phraseKey } from './noun-phrases.js';
import {
  createCandidates,
  createWordGraph,
  mostFrequent,
  rankCandidates,
} from './phrase-ranking.js';
import { stemWord } from './tokens.js';

export interface KeywordSource {
  text: string;
  /** How much one occurrence here counts (the title counts more than a sentence). */
  weight: number;
}

export interface KeywordContext {
  titleStems: Set<string>;
  tagStems: Set<string>;
  instructionStems: Set<string>;
  /** The author's own tags: phrases saying the same are not suggested again. */
  authorTags: string[];
}

const LENGTH_FACTOR = [0, 1, 1.3, 1.5];

export function keywords(
  sources: KeywordSource[],
  context: KeywordContext,
  options: { limit?: number; minShare?: number } = {},
): string[] {
  const limit = options.limit ?? 8;
  const minShare = options.minShare ?? 0.05;
  const graph = createWordGraph();
  const candidates = createCandidates();

  sources.forEach((source, position) => {
    const phrases = nounPhrases(tag(source.text));
    const early = 1 + 1 / (1 + position / 10);
    let previousHead: number | undefined;
    for (const phrase of phrases) {
      const ids = phrase.words.map((word) => graph.node(word.key));
      ids.forEach((id, index) => {
        graph.lean(id, source.weight * early);
        // Words of one phrase are strongly linked; neighbouring phrases of a sentence weakly.
        for (let other = index + 1; other < ids.length; other += 1) {
          graph.link(id, ids[other] as number, 2 * source.weight);
        }
      });
      const head = ids[ids.length - 1] as number;
      if (previousHead !== undefined) graph.link(previousHead, head, source.weight);
      previousHead = head;

      // The phrase and its shorter forms that keep the head noun ("twisted bilayer graphene",
      // "bilayer graphene", "graphene"); a shorter form counts half, it has lost a modifier.
      for (let start = 0; start < phrase.words.length; start += 1) {
        const words = phrase.words.slice(start);
        const key = words.map((word) => word.key).join(' ');
        const surface = words.map((word) => word.word).join(' ');
        candidates.add(key, key.split(' '), surface, {
          weight: source.weight,
          credit: start === 0 ? 1 : 0.75,
        });
      }
    }
  });
  if (candidates.size === 0) return [];

  const steer = (word: string) =>
    word.split(' ').some((part) => context.instructionStems.has(stemOf(part)));
  const wordScore = graph.rank((word) => {
    const stem = stemOf(word);
    return (
      1 +
      2 * Number(context.titleStems.has(stem)) +
      Number(context.tagStems.has(stem)) +
      3 * Number(steer(word))
    );
  });
  const scored = rankCandidates(candidates.all(), wordScore, {
    lengthFactor: LENGTH_FACTOR,
    steered: steer,
  });

  const authorKeys = context.authorTags.map(phraseKey).filter(Boolean);
  const chosen: { key: string; phrase: string; count: number; words: number }[] = [];
  const covered = new Set<string>();
  const best = scored[0]?.score ?? 0;
  const pool = scored.slice(0, 300);
  while (chosen.length < limit && pool.length > 0) {
    let pick = 0;
    let pickScore = -1;
    pool.forEach(({ candidate, score }, index) => {
      const repeated = candidate.parts.filter((word) => covered.has(word)).length;
      const adjusted = score * (1 - (0.5 * repeated) / candidate.parts.length);
      if (adjusted > pickScore) [pick, pickScore] = [index, adjusted];
    });
    if (chosen.length >= 3 && pickScore < best * minShare) break;
    const [{ candidate }] = pool.splice(pick, 1) as [(typeof pool)[number]];
    // The author's tags already say it (the post keeps them): suggest only what they lack.
    if (authorKeys.some((key) => containsWords(key, candidate.key))) continue;
    if (chosen.some((other) => containsWords(other.key, candidate.key))) continue;
    const entry = {
      key: candidate.key,
      phrase: mostFrequent(candidate.surfaces),
      count: candidate.count,
      words: candidate.parts.length,
    };
    for (const word of candidate.parts) covered.add(word);
    // Around a chosen phrase ("adenine base editor" around "base editor"): the more specific
    // one takes its place when it is common enough, otherwise it adds nothing.
    const general = chosen.findIndex((other) => containsWords(candidate.key, other.key));
    if (general >= 0) {
      if (entry.count >= (chosen[general] as typeof entry).count * 0.5) chosen[general] = entry;
      continue;
    }
    chosen.push(entry);
  }
  // A replacement may have left a phrase inside another one, or two entries the same.
  const kept = chosen.filter(
    (entry, index) =>
      !chosen.some(
        (other, at) =>
          at !== index && other.key !== entry.key && containsWords(other.key, entry.key),
      ) && chosen.findIndex((other) => other.key === entry.key) === index,
  );
  return kept.map((entry) => entry.phrase);
}

/** The stem the title, tag and instruction sets hold (tokens.ts), for a word of a phrase key. */
function stemOf(word: string): string {
  return stemWord(word);
}
