/**
 * Tokens of the embedded analyzer: Unicode words (letters, marks, digits; inner hyphens and
 * apostrophes kept, so "CRISPR-Cas9" and "graphene's" are one word), each with a light stem for
 * matching ("editors", "edited", "editing" → "edit"/"editor") and a role.
 */
import { DOCUMENT_WORDS, STOP_WORDS, WEAK_WORDS } from './stop-words.js';

export interface Token {
  /** The word as written. */
  surface: string;
  /** Lower-case, possessive removed: what tags are made of. */
  lower: string;
  /** Stem of `lower`: what matching compares. */
  stem: string;
  start: number;
  end: number;
  /** A stop word, a number, a single letter: never part of a key phrase. */
  stop: boolean;
  /** A common verb or vague word: no key phrase, no weight in sentence similarity. */
  weak: boolean;
  /** Chinese or Japanese script: no spaces between its words. */
  cjk: boolean;
}

const WORD = /[\p{L}\p{M}\p{N}]+(?:(?:['’-]|\.(?=\p{N}))[\p{L}\p{M}\p{N}]+)*/gu;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const NUMBER = /^[\p{N}.,'’-]+$/u;

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(WORD)) {
    const surface = match[0];
    const start = match.index;
    const lower = surface.toLowerCase().replace(/’/g, "'").replace(/'s$/, '');
    const cjk = CJK.test(surface);
    const number = NUMBER.test(lower);
    const stop =
      number ||
      STOP_WORDS.has(lower) ||
      DOCUMENT_WORDS.has(lower) ||
      (!cjk && [...lower].length < 2) ||
      lower.length > 40;
    tokens.push({
      surface,
      lower,
      stem: cjk ? lower : stemWord(lower),
      start,
      end: start + surface.length,
      stop,
      weak: !stop && WEAK_WORDS.has(lower),
      cjk,
    });
  }
  return tokens;
}

/** Stems of the content words of a text (for matching titles, tags and instructions). */
export function contentStems(text: string, ignore?: Set<string>): Set<string> {
  const stems = new Set<string>();
  for (const token of tokenize(text)) {
    if (token.stop || token.weak || ignore?.has(token.lower)) continue;
    for (const part of similarityTerms(token)) stems.add(part);
  }
  return stems;
}

/**
 * The terms a token contributes to sentence similarity: its stem, and for a hyphenated word its
 * parts as well ("magic-angle" matches "magic angle"); CJK runs as character bigrams.
 */
export function similarityTerms(token: Token): string[] {
  if (token.cjk) {
    const chars = [...token.lower];
    if (chars.length < 3) return [token.lower];
    const bigrams: string[] = [];
    for (let index = 0; index + 1 < chars.length; index += 1) {
      bigrams.push(`${chars[index]}${chars[index + 1]}`);
    }
    return bigrams;
  }
  if (!token.lower.includes('-')) return [token.stem];
  const parts = token.lower
    .split('-')
    .filter((part) => part.length > 1 && !STOP_WORDS.has(part) && !NUMBER.test(part))
    .map(stemWord);
  return [token.stem, ...parts];
}

/**
 * A light English stemmer (plural, -ed, -ing and a final e; after Porter's step 1), applied to
 * the last part of a hyphenated word. It only has to map related forms onto the same key.
 */
export function stemWord(word: string): string {
  const dash = word.lastIndexOf('-');
  if (dash > 0) return word.slice(0, dash + 1) + stemWord(word.slice(dash + 1));
  if (word.length <= 3 || !/^[a-z']+$/.test(word)) return word;
  let stem = word;
  if (stem.endsWith('ies') && stem.length > 4) stem = `${stem.slice(0, -3)}y`;
  else if (stem.endsWith('sses')) stem = stem.slice(0, -2);
  else if (/(ch|sh|x|zz)es$/.test(stem)) stem = stem.slice(0, -2);
  else if (stem.endsWith('s') && !/(ss|us|is|ys|'s)$/.test(stem)) stem = stem.slice(0, -1);

  const suffix = /(ing|ed)$/.exec(stem)?.[1];
  if (suffix) {
    const base = stem.slice(0, -suffix.length);
    if (base.length >= 3 && /[aeiouy]/.test(base)) {
      stem = /([^aeiouylsz])\1$/.test(base) ? base.slice(0, -1) : base;
    }
  }
  if (stem.length > 3 && stem.endsWith('e') && !stem.endsWith('ee')) stem = stem.slice(0, -1);
  return stem;
}
