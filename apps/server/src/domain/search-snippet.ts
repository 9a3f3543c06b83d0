import { foldText, hasCjk, type SearchPhrase, type SearchQuery } from './search-text.js';

/** Characters of text a snippet shows around the first match. */
export const SNIPPET_CHARS = 200;
/** Of those, how many come before the first match. */
const SNIPPET_LEAD = 60;

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** HTML-escaped text: safe inside an element and inside an attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/** The text folded as search folds it, with where each folded character came from. */
function folded(text: string): { text: string; origin: number[] } {
  // Mostly folding keeps every character in place (ASCII, Chinese): then positions carry over.
  const whole = foldText(text);
  if (whole.length === text.length) {
    return { text: whole, origin: Array.from({ length: text.length + 1 }, (_, i) => i) };
  }
  let out = '';
  const origin: number[] = [];
  let index = 0;
  for (const char of text) {
    const fold = foldText(char);
    for (let i = 0; i < fold.length; i += 1) origin.push(index);
    out += fold;
    index += char.length;
  }
  origin.push(index);
  return { text: out, origin };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A phrase as a pattern over folded text: its words in order, separated as the tokenizer would
 * have split them (maybe nothing beside a Chinese or Japanese word, a non-word run otherwise); a
 * Latin word matched from a word start, to the end of its word when a prefix, else whole.
 */
function phrasePattern(words: string[], prefix: boolean): RegExp {
  let source = hasCjk(words[0] ?? '') ? '' : '(?<![\\p{L}\\p{N}\\p{M}])';
  words.forEach((word, i) => {
    if (i > 0) {
      const cjk = hasCjk(word) || hasCjk(words[i - 1] ?? '');
      source += cjk ? '[^\\p{L}\\p{N}\\p{M}]*' : '[^\\p{L}\\p{N}\\p{M}]+';
    }
    source += escapeRegExp(word);
  });
  const last = words[words.length - 1] ?? '';
  if (!hasCjk(last)) source += prefix ? '[\\p{L}\\p{N}\\p{M}]*' : '(?![\\p{L}\\p{N}\\p{M}])';
  return new RegExp(source, 'gu');
}

/** Where the query's phrases occur in the text: [start, end) ranges of the original, in order. */
function matches(text: string, phrases: SearchPhrase[]): [number, number][] {
  const { text: fold, origin } = folded(text);
  const found: [number, number][] = [];
  for (const phrase of phrases) {
    for (const match of fold.matchAll(phrasePattern(phrase.words, phrase.prefix))) {
      if (match[0].length === 0) continue;
      const at = match.index;
      found.push([origin[at] ?? 0, origin[at + match[0].length] ?? text.length]);
    }
  }
  found.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  // Overlapping ranges merge, so no mark sits inside another.
  const merged: [number, number][] = [];
  for (const range of found) {
    const last = merged[merged.length - 1];
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([...range]);
  }
  return merged;
}

/**
 * A short passage of the first text where the query's words occur, HTML-escaped, each match
 * inside <mark>…</mark>: the only markup, so it is safe to render as HTML. Undefined when none of
 * the texts holds a word of the query (the post matched on its author's name, say).
 */
export function searchSnippet(texts: string[], query: SearchQuery): string | undefined {
  const phrases = query.parts.filter((part) => !part.excluded).map((part) => part.phrase);
  if (phrases.length === 0) return undefined;
  for (const raw of texts) {
    const text = raw.replace(/\s+/g, ' ').trim();
    const ranges = matches(text, phrases);
    const first = ranges[0];
    if (!first) continue;
    let start = Math.max(0, first[0] - SNIPPET_LEAD);
    // Start at a word boundary when one is near.
    if (start > 0) {
      const space = text.indexOf(' ', start);
      if (space >= 0 && space < first[0]) start = space + 1;
    }
    const end = Math.min(text.length, start + SNIPPET_CHARS);
    let out = start > 0 ? '…' : '';
    let at = start;
    for (const [from, to] of ranges) {
      if (from >= end) break;
      if (to <= at) continue;
      out += escapeHtml(text.slice(at, Math.max(at, from)));
      out += `<mark>${escapeHtml(text.slice(Math.max(at, from), to))}</mark>`;
      at = to;
    }
    if (at < end) out += escapeHtml(text.slice(at, end));
    return end < text.length ? `${out}…` : out;
  }
  return undefined;
}
