/**
 * The keyword test set (abstracts.json: real abstracts with their authors' keywords, each cited
 * with its licence) and the measure both the test and the bench use: precision and recall of the
 * first five predicted keywords against the authors' keywords.
 *
 * Matching rule: a predicted keyword matches an author keyword when their normalized forms —
 * lower-case, hyphens as spaces, every word singularized — are equal, or one contains the other
 * as whole words ("rna editing" matches "off-target rna editing"). Each author keyword is matched
 * at most once.
 */
import { readFileSync } from 'node:fs';
import { containsWords, phraseKey } from '../noun-phrases.js';

export interface KeywordAbstract {
  id: string;
  title: string;
  authors: string;
  source: string;
  doi: string;
  licence: string;
  url: string;
  abstract: string;
  keywords: string[];
}

export const MATCHING_RULE =
  'a predicted keyword matches an author keyword when their normalized forms (lower-case, hyphens as spaces, each word singularized) are equal or one contains the other as whole words; each author keyword matches once';

export function loadAbstracts(): KeywordAbstract[] {
  const url = new URL('./abstracts.json', import.meta.url);
  const parsed = JSON.parse(readFileSync(url, 'utf8')) as { abstracts: KeywordAbstract[] };
  return parsed.abstracts;
}

export function keywordsMatch(predicted: string, author: string): boolean {
  const a = phraseKey(predicted);
  const b = phraseKey(author);
  if (!a || !b) return false;
  return a === b || containsWords(a, b) || containsWords(b, a);
}

/** Precision and recall at k of one prediction. */
export function scoreAtK(
  predicted: string[],
  author: string[],
  k = 5,
): { precision: number; recall: number } {
  const top = predicted.slice(0, k);
  const unmatched = [...author];
  let hits = 0;
  for (const keyword of top) {
    const index = unmatched.findIndex((other) => keywordsMatch(keyword, other));
    if (index >= 0) {
      hits += 1;
      unmatched.splice(index, 1);
    }
  }
  return {
    precision: top.length === 0 ? 0 : hits / Math.min(k, Math.max(top.length, 1)),
    recall: author.length === 0 ? 0 : hits / Math.min(k, author.length),
  };
}

/** Mean precision and recall at k over the set for a keyword function. */
export function evaluate(
  abstracts: KeywordAbstract[],
  predict: (item: KeywordAbstract) => string[],
  k = 5,
): { precision: number; recall: number } {
  let precision = 0;
  let recall = 0;
  for (const item of abstracts) {
    const score = scoreAtK(predict(item), item.keywords, k);
    precision += score.precision;
    recall += score.recall;
  }
  return { precision: precision / abstracts.length, recall: recall / abstracts.length };
}
