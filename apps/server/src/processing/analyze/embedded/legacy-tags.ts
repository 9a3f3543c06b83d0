/**
 * The tags of the previous embedded analyzer ('textrank-1': RAKE/TextRank windows over runs of
 * content words, key-phrases.ts), kept only so that the keyword bench and test can compare the
 * noun-phrase tags with them on the same abstracts. The analyzer itself does not use it.
 */
import type { AnalysisInput } from '../types.js';
import { keyPhrases, type PhraseSource } from './key-phrases.js';
import { splitSentences } from './sentences.js';
import { INSTRUCTION_WORDS } from './stop-words.js';
import { contentStems, tokenize } from './tokens.js';

const KEYWORD_LINE = /^(?:key ?words|index terms)\s*[:：—-]/i;

export function legacyTags(
  input: Pick<AnalysisInput, 'title' | 'text' | 'tags'>,
  limit = 8,
): string[] {
  const title = String(input.title ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  const tags = input.tags ?? [];
  const sentences = splitSentences(String(input.text ?? ''), 2_000);
  const context = {
    titleStems: contentStems(title),
    tagStems: contentStems(tags.join('\n')),
    instructionStems: contentStems('', INSTRUCTION_WORDS),
  };
  const sources: PhraseSource[] = [];
  if (title) sources.push({ text: title, tokens: tokenize(title), weight: 2 });
  for (const sentence of sentences) {
    const weight = KEYWORD_LINE.test(sentence.text) ? 2 : 1;
    sources.push({ text: sentence.text, tokens: tokenize(sentence.text), weight });
  }
  return keyPhrases(sources, context, { limit }).map((phrase) => phrase.phrase);
}
