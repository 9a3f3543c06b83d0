/**
 * Key phrases for tags, after RAKE and TextRank. Candidates are the runs of content words between
 * stop words and punctuation, and every 1–3-word window inside a run ("magic-angle twisted
 * bilayer graphene" → "twisted bilayer graphene", "bilayer graphene", …; a window that does not
 * end where the run ends counts less, as it lacks its head noun). Words are scored by a
 * personalised PageRank over their co-occurrence graph (window of three content words), leaning
 * towards words of the title, the author's tags and the instruction; a phrase scores its count
 * times the mean of its words' scores times a length factor. Tags are then chosen greedily with a
 * diversity penalty, near-duplicates dropped.
 */
import {
  createCandidates,
  createWordGraph,
  mostFrequent,
  rankCandidates,
} from './phrase-ranking.js';
import { GENERIC_WORDS } from './stop-words.js';
import type { Token } from './tokens.js';

export interface PhraseSource {
  /** The text the tokens come from (to see punctuation between them). */
  text: string;
  tokens: Token[];
  /** How much one occurrence here counts (the title counts more than a sentence). */
  weight: number;
}

export interface PhraseContext {
  titleStems: Set<string>;
  tagStems: Set<string>;
  instructionStems: Set<string>;
}

export interface KeyPhrase {
  phrase: string;
  score: number;
}

const MAX_WORDS = 3;
const LENGTH_FACTOR = [0, 0.7, 1.5, 2];
const SUBJECTS = new Set(
  'we which who they it he she i would could should will can may might must shall do does did'.split(
    ' ',
  ),
);
const PARTICIPLE = /^[\p{L}-]{3,}[^e]ed$/u;
const MAX_PHRASE_CHARS = 48;

export function keyPhrases(
  sources: PhraseSource[],
  context: PhraseContext,
  options: { limit?: number; minShare?: number } = {},
): KeyPhrase[] {
  const limit = options.limit ?? 8;
  // Beyond the first three, a phrase must score at least this share of the best one.
  const minShare = options.minShare ?? 0.04;
  const graph = createWordGraph();
  const candidates = createCandidates();
  /** The keys seen at least once ending where their run ends (with their head noun). */
  const headed = new Set<string>();

  sources.forEach((source, position) => {
    const words = source.tokens.filter(isPhraseWord);
    // Co-occurrence within a window of three content words (stop words skipped, as TextRank does).
    const ids = words.map((word) => graph.node(word.stem));
    ids.forEach((id, index) => {
      const early = 1 + 1 / (1 + position / 10);
      graph.lean(id, source.weight * early);
      for (let other = index + 1; other < Math.min(ids.length, index + MAX_WORDS); other += 1) {
        graph.link(id, ids[other] as number, source.weight);
      }
    });

    for (const run of runs(source)) {
      for (let start = 0; start < run.length; start += 1) {
        for (let length = 1; length <= MAX_WORDS && start + length <= run.length; length += 1) {
          const words = run.slice(start, start + length);
          // A past participle does not end a noun phrase ("ABE-T7 converted").
          if (PARTICIPLE.test(words[length - 1]?.lower ?? '')) continue;
          const surface = words.map((word) => word.lower).join(' ');
          if (surface.length > MAX_PHRASE_CHARS) break;
          if (length === 1 && GENERIC_WORDS.has(words[0]?.lower ?? '')) continue;
          const stems = words.map((word) => word.stem);
          const key = stems.join(' ').replace(/-/g, ' ');
          if (start + length === run.length) headed.add(key);
          // English noun phrases end on their head noun: a window that stops inside a run
          // ("engineered adenine base" of "… base editor") is rarely a phrase of its own.
          // Likewise a window that starts inside a run has lost a modifier: it counts half.
          const credit = (start + length === run.length ? 1 : 0.3) * (start === 0 ? 1 : 0.5);
          candidates.add(key, stems, surface, { weight: source.weight, credit });
        }
      }
    }
  });
  if (candidates.size === 0) return [];

  const wordScore = graph.rank(
    (stem) =>
      1 +
      2 * Number(context.titleStems.has(stem)) +
      Number(context.tagStems.has(stem)) +
      3 * Number(context.instructionStems.has(stem)),
  );
  // Mean word score times a length factor: a compound ("electrolyte additives") makes a better
  // tag than its head alone, but three mediocre words should not beat one central word.
  const scored = rankCandidates(
    candidates.all().filter((candidate) => headed.has(candidate.key)),
    wordScore,
    { lengthFactor: LENGTH_FACTOR, steered: (stem) => context.instructionStems.has(stem) },
  );

  // Greedy selection with a diversity penalty (as in maximal marginal relevance): a phrase whose
  // words the chosen tags already cover, or whose head noun one of them has, counts less; one
  // inside a chosen tag is not taken; one around a chosen multi-word tag may replace it.
  const chosen: { key: string; phrase: string; score: number; words: number; count: number }[] = [];
  const covered = new Set<string>();
  const heads = new Set<string>();
  const head = (stems: string[]) => stems[stems.length - 1] ?? '';
  const best = scored[0]?.score ?? 0;
  const inside = (small: string, large: string) => ` ${large} `.includes(` ${small} `);
  const pool = scored.slice(0, 200);
  while (chosen.length < limit) {
    let pick: { index: number; score: number } | undefined;
    pool.forEach(({ candidate, score }, index) => {
      const repeated = candidate.parts.filter((stem) => covered.has(stem)).length;
      // A third "… superconductivity" adds little once one is chosen: same head noun, half score.
      const sameHead = candidate.parts.length > 1 && heads.has(head(candidate.parts)) ? 0.5 : 1;
      const adjusted = score * (1 - (0.6 * repeated) / candidate.parts.length) * sameHead;
      if (!pick || adjusted > pick.score) pick = { index, score: adjusted };
    });
    if (!pick || (chosen.length >= 3 && pick.score < best * minShare)) break;
    const [{ candidate }] = pool.splice(pick.index, 1) as [(typeof pool)[number]];
    // Beyond three tags, only phrases seen whole at least once (not just as part of a longer run).
    if (chosen.length >= 3 && candidate.count < 1) continue;
    if (chosen.some((other) => inside(candidate.key, other.key))) continue;
    const entry = {
      key: candidate.key,
      phrase: mostFrequent(candidate.surfaces),
      score: pick.score,
      words: candidate.parts.length,
      count: candidate.count,
    };
    // Around a chosen multi-word tag ("adenine base editor" around "base editor"): the more
    // specific phrase takes its place when it is common enough, otherwise it is left out.
    const general = chosen.findIndex((other) => other.words > 1 && inside(other.key, entry.key));
    if (general >= 0) {
      if (entry.count >= (chosen[general] as typeof entry).count * 0.5) chosen[general] = entry;
      for (const stem of candidate.parts) covered.add(stem);
      heads.add(head(candidate.parts));
      continue;
    }
    for (const stem of candidate.parts) covered.add(stem);
    if (candidate.parts.length > 1) heads.add(head(candidate.parts));
    chosen.push(entry);
  }
  return chosen.map(({ phrase, score }) => ({ phrase, score }));
}

/** Runs of phrase words not separated by punctuation (only white space between them). */
function runs(source: PhraseSource): Token[][] {
  const out: Token[][] = [];
  let run: Token[] = [];
  let previous: Token | undefined;
  for (const token of source.tokens) {
    const joined = previous && /^\s*$/.test(source.text.slice(previous.end, token.start));
    // After a subject pronoun or a modal comes a verb: "which limits bystander edits", "we engineer …".
    const word = isPhraseWord(token) && !(previous && SUBJECTS.has(previous.lower));
    if (!word || !joined) {
      if (run.length > 0) out.push(run);
      run = [];
    }
    if (word) run.push(token);
    previous = token;
  }
  if (run.length > 0) out.push(run);
  return out;
}

function isPhraseWord(token: Token): boolean {
  if (token.stop || token.weak || !/\p{L}/u.test(token.lower)) return false;
  if (token.cjk) {
    const length = [...token.lower].length;
    return length >= 2 && length <= 8;
  }
  return !isAdverb(token.lower);
}

/** "-ly" adverbs ("significantly", "efficiently") qualify, they do not name a topic. */
function isAdverb(word: string): boolean {
  return /(?:ally|ively|ently|antly|ously|edly|ingly|ately|ely|arly|fully|ably|ibly|ularly)$/.test(
    word,
  );
}
