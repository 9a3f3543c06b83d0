/**
 * Noun phrases from part-of-speech tags: runs of adjectives, nouns and proper nouns (words joined
 * by hyphens count as one) that end on a noun. Determiners, verbs, adverbs and punctuation end a
 * run, so "device goes superconducting" or "stays metallic" never come out whole; leading function
 * words and vague adjectives ("novel", "several") are dropped, and the head noun is singularized.
 */
import type { TaggedToken } from './nlp.js';
import { DOCUMENT_WORDS, GENERIC_WORDS, STOP_WORDS, WEAK_WORDS } from './stop-words.js';

export interface PhraseWord {
  /** Lower-case, as written (the head noun singularized). */
  word: string;
  /** Matching key: lower-case, hyphens as spaces, singularized. */
  key: string;
  pos: string;
}

export interface NounPhrase {
  words: PhraseWord[];
  /** Index of the phrase's first token in the sentence (for order). */
  start: number;
}

const NOUNS = new Set(['NOUN', 'PROPN']);
const MODIFIERS = new Set(['NOUN', 'PROPN', 'ADJ']);
/** Verbs after which a lone adjective-like word is a predicate ("stays metallic"). */
const LINKING = new Set(
  'be become remain stay seem appear turn go get grow prove look keep'.split(' '),
);
const ADJECTIVE_ENDING = /(?:ic|al|ous|ive|ful|less|able|ible|ant|ent|ary|ory|ed|ing)$/;
const PARTICIPLE = /^[a-z]{3,}(?:ed|ing)$/;

/** The noun phrases of one tagged sentence, in order, at most `maxWords` words each. */
export function nounPhrases(tokens: TaggedToken[], maxWords = 3): NounPhrase[] {
  const words = joinHyphens(tokens);
  const phrases: NounPhrase[] = [];
  let index = 0;
  while (index < words.length) {
    if (!startsRun(words, index)) {
      index += 1;
      continue;
    }
    let end = index;
    while (end + 1 < words.length && continuesRun(words, end + 1)) end += 1;
    // A plural noun inside a run is a head already; what follows it is usually a verb the tagger
    // read as a noun ("myosin motors fragment …", "dendrites exhibit …"): split there.
    let from = index;
    for (let at = index; at <= end; at += 1) {
      if (at === end || looksPlural(words[at] as Word)) {
        const phrase = trim(words.slice(from, at + 1), words[from - 1]);
        if (phrase) phrases.push({ words: phrase.slice(-maxWords), start: from });
        from = at + 1;
      }
    }
    index = end + 1;
  }
  return phrases;
}

interface Word {
  text: string;
  lower: string;
  pos: string;
  lemma: string;
}

/** "off" "-" "target" → "off-target" (written without spaces), tagged as its last part. */
function joinHyphens(tokens: TaggedToken[]): Word[] {
  const out: Word[] = [];
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index] as TaggedToken;
    const next = tokens[index + 1];
    const previous = out[out.length - 1];
    if (
      (token.text === '-' || token.text === '‐') &&
      previous &&
      !token.spaceBefore &&
      next &&
      !next.spaceBefore &&
      /\p{L}|\p{N}/u.test(next.text)
    ) {
      previous.text = `${previous.text}-${next.text}`;
      previous.lower = previous.text.toLowerCase();
      previous.pos = next.pos === 'NUM' ? previous.pos : next.pos;
      previous.lemma = `${previous.lower.slice(0, previous.lower.lastIndexOf('-') + 1)}${next.lemma}`;
      index += 1;
      continue;
    }
    out.push({
      text: token.text,
      lower: token.text.toLowerCase(),
      pos: token.pos,
      lemma: token.lemma,
    });
  }
  return out;
}

function looksPlural(word: Word): boolean {
  return (
    word.pos === 'NOUN' && /^[a-z-]{4,}$/.test(word.text) && singularize(word.lower) !== word.lower
  );
}

function isWordLike(word: Word): boolean {
  return /\p{L}/u.test(word.text) && !/^[\p{P}\p{S}]/u.test(word.text);
}

/** An -ed/-ing verb used as a modifier: after a determiner, preposition or adjective, before a noun. */
function participleModifier(words: Word[], index: number): boolean {
  const word = words[index] as Word;
  if (word.pos !== 'VERB' || !PARTICIPLE.test(word.lower)) return false;
  const before = words[index - 1];
  const after = words[index + 1];
  const beforeOk = !before || ['DET', 'ADP', 'CCONJ', 'PUNCT', 'ADJ', 'SCONJ'].includes(before.pos);
  return beforeOk && !!after && (NOUNS.has(after.pos) || after.pos === 'ADJ');
}

function startsRun(words: Word[], index: number): boolean {
  const word = words[index] as Word;
  if (!isWordLike(word)) return false;
  return MODIFIERS.has(word.pos) || participleModifier(words, index);
}

function continuesRun(words: Word[], index: number): boolean {
  const word = words[index] as Word;
  if (!isWordLike(word)) return false;
  if (MODIFIERS.has(word.pos)) return true;
  // "directed evolution" after an adjective; never a verb after a noun ("ABE-T7 converted").
  const before = words[index - 1] as Word;
  return before.pos === 'ADJ' && participleModifier(words, index);
}

/** Cuts a run to a phrase: from the first content word to the last noun. */
function trim(run: Word[], before: Word | undefined): PhraseWord[] | undefined {
  let last = run.length - 1;
  while (last >= 0 && !NOUNS.has((run[last] as Word).pos)) last -= 1;
  if (last < 0) return undefined;
  let first = 0;
  while (first <= last && dropAtStart((run[first] as Word).lower)) first += 1;
  if (first > last) return undefined;
  const words = run.slice(first, last + 1);
  for (const word of words) if (!keepInside(word.lower)) return undefined;
  const head = words[words.length - 1] as Word;
  if (words.length === 1) {
    if (!keepAlone(head.lower)) return undefined;
    // "stays metallic", "is relevant": a predicate adjective the tagger took for a noun.
    if (before && LINKING.has(before.lemma) && ADJECTIVE_ENDING.test(head.lower)) return undefined;
  }
  return words.map((word, index) => {
    const lower = index === words.length - 1 ? singularHead(word) : word.lower;
    return { word: lower, key: phraseKey(lower), pos: word.pos };
  });
}

function dropAtStart(word: string): boolean {
  return (
    STOP_WORDS.has(word) ||
    WEAK_WORDS.has(word) ||
    DOCUMENT_WORDS.has(word) ||
    /^[\p{N}.,'’-]+$/u.test(word) ||
    [...word].length < 2
  );
}

function keepInside(word: string): boolean {
  return !STOP_WORDS.has(word) && !DOCUMENT_WORDS.has(word) && word.length <= 40;
}

function keepAlone(word: string): boolean {
  return (
    !GENERIC_WORDS.has(singularize(word)) &&
    !GENERIC_WORDS.has(word) &&
    !WEAK_WORDS.has(word) &&
    [...word].length >= 3
  );
}

function singularHead(word: Word): string {
  // Proper nouns keep their form ("Archaea", "Bacteroidetes") except acronym plurals ("TAFs").
  if (word.pos === 'PROPN')
    return /^[A-Z0-9-]{2,}s$/.test(word.text) ? word.lower.slice(0, -1) : word.lower;
  if (/^[A-Z0-9-]{2,}$/.test(word.text)) return word.lower;
  return singularize(word.lower);
}

const INVARIANT = new Set(
  `data media series species news means physics mathematics economics genetics genomics proteomics
  ethics statistics dynamics kinetics mechanics electronics optics biophysics bioinformatics
  epigenetics metabolomics transcriptomics elegans diabetes measles rabies herpes mumps aids sars
  lens chaos bias gas plus corpus virus status apparatus consensus census thesis analysis basis
  crisis diagnosis prognosis hypothesis synthesis emphasis axis mitosis meiosis apoptosis
  fibrosis sclerosis necrosis homeostasis tuberculosis psoriasis osteoporosis cirrhosis
  glass class mass grass stress process access success loss cross boss moss trans`
    .trim()
    .split(/\s+/),
);
const IRREGULAR: Record<string, string> = {
  analyses: 'analysis',
  hypotheses: 'hypothesis',
  syntheses: 'synthesis',
  theses: 'thesis',
  diagnoses: 'diagnosis',
  prognoses: 'prognosis',
  crises: 'crisis',
  bases: 'base',
  axes: 'axis',
  matrices: 'matrix',
  indices: 'index',
  vertices: 'vertex',
  appendices: 'appendix',
  criteria: 'criterion',
  phenomena: 'phenomenon',
  spectra: 'spectrum',
  mice: 'mouse',
  lice: 'louse',
  children: 'child',
  women: 'woman',
  men: 'man',
  feet: 'foot',
  teeth: 'tooth',
  geese: 'goose',
  people: 'people',
  leaves: 'leaf',
  lives: 'life',
  knives: 'knife',
  wives: 'wife',
  halves: 'half',
  shelves: 'shelf',
  wolves: 'wolf',
  calves: 'calf',
  selves: 'self',
  nuclei: 'nucleus',
  fungi: 'fungus',
  stimuli: 'stimulus',
  loci: 'locus',
  foci: 'focus',
  radii: 'radius',
  bacilli: 'bacillus',
  genera: 'genus',
  viruses: 'virus',
  helices: 'helix',
  apices: 'apex',
  cortices: 'cortex',
};

/**
 * English plural → singular for nouns, by rule: "proteins" → "protein", "studies" → "study",
 * "analyses" → "analysis"; words that only look plural ("physics", "analysis", "data", "species")
 * stay as they are. The last part of a hyphenated word is what changes.
 */
export function singularize(word: string): string {
  const dash = word.lastIndexOf('-');
  if (dash > 0 && dash < word.length - 1)
    return word.slice(0, dash + 1) + singularize(word.slice(dash + 1));
  if (!/^[a-z]+$/.test(word) || word.length <= 3) return word;
  if (INVARIANT.has(word)) return word;
  const irregular = IRREGULAR[word];
  if (irregular) return irregular;
  if (/(?:ss|us|is|ics|ous|sis|xis)$/.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(?:ches|shes|xes|zzes|sses)$/.test(word)) return word.slice(0, -2);
  if (/(?:oes)$/.test(word) && /(?:potatoes|tomatoes|heroes|echoes|vetoes|embargoes)$/.test(word))
    return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** The matching form of a phrase: lower-case, hyphens and slashes as spaces, each word singular. */
export function phraseKey(phrase: string): string {
  return phrase
    .toLowerCase()
    .replace(/[‐‑–—/_-]+/g, ' ')
    .replace(/[^\p{L}\p{N}\s]+/gu, '')
    .split(/\s+/)
    .filter(Boolean)
    .map(singularize)
    .join(' ');
}

/** True when `small` is `large` or appears inside it as whole words. */
export function containsWords(large: string, small: string): boolean {
  return ` ${large} `.includes(` ${small} `);
}
