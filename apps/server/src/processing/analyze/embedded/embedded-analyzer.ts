/**
 * The embedded analyzer (AI_PROVIDER=embedded, the default): extractive, offline, deterministic.
 * Key points are the sentences LexRank ranks highest, the overview their best two or three in
 * document order, tags the noun phrases a part-of-speech tagger finds, ranked by TextRank
 * (keywords.ts), and discussion topics questions about the document's own claims and the
 * phrases it connects (topics.ts). Identical input gives identical output; nothing is random or
 * timed.
 */
import type { Analysis, AnalysisInput, Analyzer } from '../types.js';
import { keySentences, type SentenceContext } from './key-sentences.js';
import { keywords, type KeywordSource } from './keywords.js';
import { legacyTags } from './legacy-tags.js';
import { splitSentences } from './sentences.js';
import { INSTRUCTION_WORDS } from './stop-words.js';
import { contentStems, tokenize } from './tokens.js';
import { discussionTopics, findClaims } from './topics.js';

/** Recorded with each analysis; 'textrank-1' was the RAKE/TextRank tagger before noun phrases. */
export const EMBEDDED_MODEL = 'textrank-2';

export const EMBEDDED_LIMITS = {
  /** Characters of extracted text read at most. */
  maxChars: 200_000,
  /** Sentences ranked as key-point candidates (the graph is quadratic in them). */
  maxRankedSentences: 400,
  /** Sentences read for key phrases (linear). */
  maxPhraseSentences: 2_000,
  /** Extracted text with fewer words than this is too thin: the post's own fields are used. */
  minTextWords: 40,
  /** Key points longer than this are cut at a word boundary. */
  maxPointChars: 300,
  maxTags: 8,
} as const;

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const KEYWORD_LINE = /^(?:key ?words|index terms)\s*[:：—-]/i;

export function createEmbeddedAnalyzer(): Analyzer {
  return {
    provider: 'embedded',
    model: EMBEDDED_MODEL,
    analyze(input, options) {
      try {
        options?.signal?.throwIfAborted();
        return Promise.resolve(analyzeEmbedded(input));
      } catch (error) {
        return Promise.reject(error as Error);
      }
    },
  };
}

/** The analysis itself, synchronous (it takes milliseconds even for a long paper). */
export function analyzeEmbedded(input: AnalysisInput): Analysis {
  const title = clean(input.title, 500);
  const instruction = clean(input.instruction, 1_000);
  const tags = (Array.isArray(input.tags) ? input.tags : [])
    .slice(0, 50)
    .map((tag) => clean(tag, 100))
    .filter(Boolean);
  const text = String(input.text ?? '').slice(0, EMBEDDED_LIMITS.maxChars);
  const fromText = countWords(text) >= EMBEDDED_LIMITS.minTextWords;
  const body = fromText
    ? text
    : [input.summary, input.content, text]
        .map((part) => String(part ?? '').slice(0, EMBEDDED_LIMITS.maxChars))
        .filter((part) => part.trim())
        .join('\n\n');

  const sentences = splitSentences(body, EMBEDDED_LIMITS.maxPhraseSentences);
  const tokens = sentences.map((sentence) => tokenize(sentence.text));
  const context: SentenceContext = {
    title: title.toLowerCase(),
    titleStems: contentStems(title),
    tagStems: contentStems(tags.join('\n')),
    instructionStems: contentStems(instruction, INSTRUCTION_WORDS),
  };

  // Key points and overview.
  const ranked = sentences.slice(0, EMBEDDED_LIMITS.maxRankedSentences);
  const { ranked: best, eligible } = keySentences(ranked, tokens, context, 6);
  const keyPointCount =
    eligible < 8 ? Math.min(eligible, 3) : Math.min(6, 3 + Math.floor(Math.log2(eligible / 8)));
  const keyPoints = best
    .slice(0, keyPointCount)
    .sort((a, b) => a.index - b.index)
    .map((sentence) => shorten(sentence.text, EMBEDDED_LIMITS.maxPointChars));
  let overviewSentences = best.slice(0, eligible >= 6 ? 3 : 2);
  if (overviewSentences.reduce((sum, sentence) => sum + sentence.text.length, 0) > 700) {
    overviewSentences = overviewSentences.slice(0, 2);
  }
  const overview =
    overviewSentences
      .sort((a, b) => a.index - b.index)
      .map((sentence) => shorten(sentence.text, 400))
      .join(' ') ||
    title ||
    shorten(sentences[0]?.text ?? '', 400);

  // Tags: noun phrases of the title (counted twice) and the text; the author's own tags are
  // context, and are not suggested again.
  const sources: KeywordSource[] = [];
  if (title) sources.push({ text: title, weight: 2 });
  for (const sentence of sentences) {
    // A paper's own keyword line names its topics: it counts like the title.
    sources.push({ text: sentence.text, weight: KEYWORD_LINE.test(sentence.text) ? 2 : 1 });
  }
  let phrases = keywords(
    sources,
    { ...context, authorTags: tags },
    { limit: EMBEDDED_LIMITS.maxTags },
  );
  // The tagger reads English only: Chinese or Japanese text keeps the script-agnostic phrases.
  if (phrases.length === 0 && CJK.test(`${title}${body}`)) {
    phrases = legacyTags({ title, text: body, tags }, EMBEDDED_LIMITS.maxTags);
  }
  const texts = sentences.map((sentence) => sentence.text);
  const claims = findClaims(texts.slice(0, EMBEDDED_LIMITS.maxRankedSentences));

  return { overview, keyPoints, tags: phrases, topics: discussionTopics(phrases, claims, texts) };
}

function clean(value: unknown, maxChars: number): string {
  return String(value ?? '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, maxChars);
}

function countWords(text: string): number {
  let count = 0;
  // A Chinese or Japanese character counts as a word: those scripts put no spaces between words.
  for (const _ of text.matchAll(
    /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|[\p{L}\p{N}]+/gu,
  )) {
    count += 1;
    if (count >= EMBEDDED_LIMITS.minTextWords) break;
  }
  return count;
}

/** At most `max` characters, cut at a word boundary, with an ellipsis when cut. */
export function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  const head = space > max * 0.6 ? cut.slice(0, space) : cut;
  return `${head.replace(/[\s,;:.–—-]+$/, '')}…`;
}
