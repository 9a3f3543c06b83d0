/**
 * Sentence segmentation for academic English (and CJK full stops). A period ends a sentence only
 * when white space and a capital, digit or opening quote follow, and not after an abbreviation
 * ("e.g.", "et al.", "Fig. 2", "Dr."), an initial ("J. Smith") or a list number ("1."). Blank
 * lines end paragraphs; a single line break ends a sentence too when it follows a heading or
 * precedes a bullet, but not when it merely wraps a long line.
 */

export interface Sentence {
  text: string;
  /** Index of the paragraph (block between blank lines) it comes from. */
  paragraph: number;
}

// Abbreviations (lower case, without the final period) after which a period ends nothing.
const ABBREVIATIONS = new Set(
  (
    'al e.g i.e cf vs viz approx ca resp fig figs eq eqs ref refs sec sect ch chap tab suppl ' +
    'dr mr mrs ms prof st jr sr dept univ inc ltd corp co jan feb mar apr jun jul aug sep sept ' +
    'oct nov dec est incl no nos vol vols pp p ed eds art op al. u.s u.k e.u ph.d m.sc b.sc'
  ).split(' '),
);
// These end a sentence unless a number follows ("No. 5", "p. 12").
const BEFORE_NUMBER = new Set(['no', 'nos', 'p', 'pp', 'art', 'vol', 'vols', 'op']);

const TERMINAL = /[.!?…。！？]+["'”’)\]]*/g;
const ENDS_SENTENCE = /[.!?…:;。！？]["'”’)\]]*$/;
const BULLET = /^\s*(?:[-*+•‣◦▪–—]|\(?\d{1,3}[.)]|\(?[a-z][.)]|\[\d{1,3}\])\s+/;
const REFERENCES = /^(?:\d+\.?\s*)?(?:references|bibliography|works cited|literature cited)$/i;

/** The sentences of a text, in order, bullet markers and extra white space removed. */
export function splitSentences(text: string, maxSentences = Infinity): Sentence[] {
  const sentences: Sentence[] = [];
  const paragraphs = text.replace(/\r\n?/g, '\n').split(/\n[^\S\n]*\n/);
  for (const [paragraph, block] of paragraphs.entries()) {
    for (const segment of segments(block)) {
      // A reference list is not prose: stop there (once the text has had a body).
      if (REFERENCES.test(segment) && sentences.length >= 5) return sentences;
      for (const sentence of splitSegment(segment)) {
        const clean = sentence.replace(BULLET, '').replace(/\s+/g, ' ').trim();
        if (!/[\p{L}\p{N}]/u.test(clean)) continue;
        sentences.push({ text: clean, paragraph });
        if (sentences.length >= maxSentences) return sentences;
      }
    }
  }
  return sentences;
}

/** The lines of a paragraph, with lines that only wrap a long sentence joined again. */
function segments(block: string): string[] {
  const lines = block
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const out: string[] = [];
  for (const line of lines) {
    const previous = out[out.length - 1];
    const wrapped =
      previous !== undefined &&
      previous.length >= 40 &&
      !ENDS_SENTENCE.test(previous) &&
      !BULLET.test(line);
    if (wrapped) {
      out[out.length - 1] =
        /\p{L}-$/u.test(previous) && /^\p{Ll}/u.test(line)
          ? previous.slice(0, -1) + line
          : `${previous} ${line}`;
    } else {
      out.push(line);
    }
  }
  return out;
}

function splitSegment(segment: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  for (const match of segment.matchAll(TERMINAL)) {
    const end = match.index + match[0].length;
    // A short look ahead is all the rules need (slicing the whole rest would be quadratic).
    const after = segment.slice(end, end + 16);
    if (!/\S/.test(after) && !/\S/.test(segment.slice(end))) break;
    const cjkStop = /[。！？]/.test(match[0]);
    const before = segment.slice(Math.max(start, match.index - 40), match.index);
    const atStart = !/\S/.test(segment.slice(start, Math.max(start, match.index - 40)));
    if (!cjkStop && !isBoundary(before, atStart, match[0], after)) continue;
    const sentence = segment.slice(start, end).trim();
    if (sentence) sentences.push(sentence);
    start = end;
  }
  const rest = segment.slice(start).trim();
  if (rest) sentences.push(rest);
  return sentences;
}

/**
 * Does the punctuation `mark` end a sentence? `before` is the end of the text before it (within
 * the current sentence; `atStart` when that is all of it), `after` the beginning of what follows.
 */
function isBoundary(before: string, atStart: boolean, mark: string, after: string): boolean {
  // "3.5", "www.example.org", "U.S.-based": no space after the mark, no boundary.
  if (!/^\s/.test(after)) return false;
  const next = after.trimStart();
  // A lower-case continuation ("e.g. the", "approx. five") is never a new sentence.
  if (/^\p{Ll}/u.test(next)) return false;
  if (!/^[\p{Lu}\p{Lt}\p{Lo}\p{N}"'“‘([]/u.test(next)) return false;
  // ?, !, an ellipsis: a boundary. A single period needs a closer look.
  if (/[!?…]|\.\./.test(mark)) return true;
  const word = /(\S+)$/.exec(before)?.[1]?.replace(/^[("'“‘[]+/, '') ?? '';
  const lower = word.toLowerCase();
  if (BEFORE_NUMBER.has(lower)) return !/^\d/.test(next);
  if (ABBREVIATIONS.has(lower)) return false;
  // Initials: "J. Smith", "A. B. Cohen"; dotted abbreviations: "U.S", "e.g".
  if (/^\p{Lu}$/u.test(word) || /^(?:\p{L}\.)+\p{L}$/u.test(word)) return false;
  // A list number at the start of a line: "1. Introduction".
  if (/^\d{1,3}$/.test(word) && atStart && before.trim() === word) return false;
  return true;
}
