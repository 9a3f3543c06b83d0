/**
 * Key sentences, LexRank-style: sentences are TF-IDF vectors of their content-word stems, edges
 * carry their cosine similarity, and a personalised PageRank finds the sentences the rest of the
 * text keeps returning to. The teleport vector leans towards early sentences (the abstract and
 * introduction of a paper), towards sentences sharing words with the title and the author's tags,
 * and strongly towards those matching the author's instruction.
 */
import { pageRank } from './pagerank.js';
import type { Sentence } from './sentences.js';
import { similarityTerms, type Token } from './tokens.js';

export interface SentenceContext {
  titleStems: Set<string>;
  tagStems: Set<string>;
  instructionStems: Set<string>;
  /** The title in lower case: a sentence repeating it is no key point. */
  title: string;
}

export interface RankedSentence {
  index: number;
  text: string;
  score: number;
}

type Vector = Map<string, number>;

interface Analysed {
  index: number;
  text: string;
  terms: Map<string, number>;
  words: number;
  numbers: number;
}

/**
 * The best sentences in rank order (ties by position), at most `limit`, none a near-duplicate of
 * a better one, and how many sentences were eligible at all (statements that stand alone).
 */
export function keySentences(
  sentences: Sentence[],
  tokens: Token[][],
  context: SentenceContext,
  limit: number,
): { ranked: RankedSentence[]; eligible: number } {
  const analysed: Analysed[] = sentences.map((sentence, index) => {
    const terms = new Map<string, number>();
    let numbers = 0;
    for (const token of tokens[index] ?? []) {
      if (/^[\p{N}.,'-]+$/u.test(token.lower)) numbers += 1;
      if (token.stop || token.weak) continue;
      for (const term of similarityTerms(token)) terms.set(term, (terms.get(term) ?? 0) + 1);
    }
    // A CJK run is a whole clause: count it as words of about two characters.
    const words = (tokens[index] ?? []).reduce(
      (sum, token) => sum + (token.cjk ? Math.ceil([...token.lower].length / 2) : 1),
      0,
    );
    return { index, text: sentence.text, terms, words, numbers };
  });
  const vectors = tfIdf(analysed.map((sentence) => sentence.terms));

  const edges = analysed.map(() => new Map<number, number>());
  for (let i = 0; i < vectors.length; i += 1) {
    for (let j = i + 1; j < vectors.length; j += 1) {
      const similarity = cosine(vectors[i] as Vector, vectors[j] as Vector);
      if (similarity < 0.02) continue;
      (edges[i] as Map<number, number>).set(j, similarity);
      (edges[j] as Map<number, number>).set(i, similarity);
    }
  }

  const instruction = analysed.map((sentence) => overlap(sentence.terms, context.instructionStems));
  const personalization = analysed.map(
    (sentence, index) =>
      1 +
      1 / (1 + index / 8) +
      2 * overlap(sentence.terms, context.titleStems) +
      overlap(sentence.terms, context.tagStems) +
      4 * (instruction[index] as number),
  );
  const rank = pageRank(edges, personalization);

  const candidates: RankedSentence[] = [];
  for (const sentence of analysed) {
    if (!isEligible(sentence, context)) continue;
    const content = [...sentence.terms.values()].reduce((sum, count) => sum + count, 0);
    // Enough content words, not overly long, and prose rather than a list of settings.
    const formulae = (sentence.text.match(/[=<>±×≈≤≥]/g) ?? []).length;
    const quality =
      Math.sqrt(Math.min(1, content / 6)) *
      Math.min(1, 60 / sentence.words) *
      (formulae > 1 ? 0.5 : 1);
    const steer = 1 + 3 * (instruction[sentence.index] as number);
    const score = (rank[sentence.index] as number) * analysed.length * quality * steer;
    candidates.push({ index: sentence.index, text: sentence.text, score });
  }
  candidates.sort((a, b) => b.score - a.score || a.index - b.index);

  const chosen: RankedSentence[] = [];
  const seen = new Set<string>();
  for (const candidate of candidates) {
    if (chosen.length >= limit) break;
    const key = candidate.text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ');
    if (seen.has(key)) continue;
    const vector = vectors[candidate.index] as Vector;
    if (chosen.some((other) => cosine(vector, vectors[other.index] as Vector) > 0.6)) continue;
    seen.add(key);
    chosen.push(candidate);
  }
  return { ranked: chosen, eligible: candidates.length };
}

const TERMINATED = /[.!?…。！？]["'”’)\]]*$/;
const FRONT_MATTER =
  /^(?:key ?words|index terms|subjects?|categories|acm ccs|msc|jel|doi)\b\s*[:：—-]/i;

/**
 * A statement: not a heading or title (no final punctuation, unless long), not a keyword line,
 * a caption fragment, a row of figures or the post's title again.
 */
function isEligible(sentence: Analysed, context: Pick<SentenceContext, 'title'>): boolean {
  if (sentence.words < 5 || sentence.terms.size < 3 || sentence.text.length < 15) return false;
  if (!TERMINATED.test(sentence.text) && sentence.words < 12) return false;
  if (FRONT_MATTER.test(sentence.text)) return false;
  if (sentence.numbers * 2 > sentence.words) return false;
  return sentence.text.toLowerCase() !== context.title;
}

/** Sublinear term frequency × smoothed inverse sentence frequency, L2-normalised. */
function tfIdf(documents: Map<string, number>[]): Vector[] {
  const frequency = new Map<string, number>();
  for (const terms of documents) {
    for (const term of terms.keys()) frequency.set(term, (frequency.get(term) ?? 0) + 1);
  }
  const total = documents.length;
  return documents.map((terms) => {
    const vector: Vector = new Map();
    let norm = 0;
    for (const [term, count] of terms) {
      const weight = (1 + Math.log(count)) * Math.log(1 + total / (frequency.get(term) ?? 1));
      vector.set(term, weight);
      norm += weight * weight;
    }
    norm = Math.sqrt(norm);
    if (norm > 0) for (const [term, weight] of vector) vector.set(term, weight / norm);
    return vector;
  });
}

function cosine(a: Vector, b: Vector): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let sum = 0;
  for (const [term, weight] of small) {
    const other = large.get(term);
    if (other !== undefined) sum += weight * other;
  }
  return sum;
}

/** The share of `stems` (at most four of them count) that the sentence contains, 0..1. */
function overlap(terms: Map<string, number>, stems: Set<string>): number {
  if (stems.size === 0) return 0;
  let shared = 0;
  for (const stem of stems) if (terms.has(stem)) shared += 1;
  return Math.min(1, shared / Math.min(stems.size, 4));
}
