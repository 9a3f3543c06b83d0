/**
 * The part-of-speech tagger of the embedded analyzer: wink-nlp with its English "lite" model, both
 * plain npm packages (the model ships inside wink-eng-lite-web-model; nothing is downloaded at run
 * time). The model is loaded once per process, on the first analysis, not at start-up.
 */
import { createRequire } from 'node:module';

/** One word or punctuation mark as the tagger read it. */
export interface TaggedToken {
  /** As written. */
  text: string;
  /** Universal part of speech: NOUN, PROPN, ADJ, VERB, DET, ADP, PUNCT, NUM… */
  pos: string;
  /** The model's lemma, lower-case. */
  lemma: string;
  /** True when white space separates this token from the one before it. */
  spaceBefore: boolean;
}

interface WinkCollection {
  out(helper?: unknown): unknown[];
}
interface WinkDocument {
  tokens(): WinkCollection;
}
interface WinkNlp {
  readDoc(text: string): WinkDocument;
  its: { pos: unknown; lemma: unknown; precedingSpaces: unknown; value: unknown };
}

let instance: WinkNlp | undefined;

function nlp(): WinkNlp {
  if (!instance) {
    // CommonJS packages, required lazily so that a server that never analyses never loads them.
    const require = createRequire(import.meta.url);
    const winkNLP = require('wink-nlp') as (model: unknown, pipe?: string[]) => WinkNlp;
    const model = require('wink-eng-lite-web-model') as unknown;
    // Sentence boundaries come from our own splitter; the tagger needs only 'pos'.
    instance = winkNLP(model, ['pos']);
  }
  return instance;
}

/** Whether the tagger has been loaded in this process (for tests of the lazy load). */
export function taggerLoaded(): boolean {
  return instance !== undefined;
}

/** Tags one sentence (or a short text). */
export function tag(text: string): TaggedToken[] {
  const engine = nlp();
  const tokens = engine.readDoc(text).tokens();
  const words = tokens.out() as string[];
  const pos = tokens.out(engine.its.pos) as string[];
  const lemmas = tokens.out(engine.its.lemma) as string[];
  const spaces = tokens.out(engine.its.precedingSpaces) as string[];
  return words.map((word, index) => ({
    text: word,
    pos: pos[index] ?? 'X',
    lemma: String(lemmas[index] ?? word).toLowerCase(),
    spaceBefore: (spaces[index] ?? '') !== '',
  }));
}
