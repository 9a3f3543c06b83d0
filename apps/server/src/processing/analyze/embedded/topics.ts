/**
 * Discussion topics from the document itself: its claims (sentences where the authors state a
 * finding — "we show that …", "our results suggest …", a measured number with its unit) turned
 * into questions about that claim, and the key phrases the text connects ("How are A and B
 * related …?" only when a sentence names both). Phrases without a claim or connection give the
 * remaining questions, so the same text always gives the same questions.
 */

export interface Claim {
  /** The sentence as written. */
  text: string;
  /** What is claimed, as a clause ("protein engineering … can decouple …"). */
  clause: string;
  /** Stated as a finding ("we show") or hedged ("may", "suggest"). */
  hedged: boolean;
}

const MARKER =
  /\b(?:(?:here,?\s+)?we\s+(?:show|find|found|demonstrate|demonstrated|report|identify|identified|reveal|revealed|observe|observed|establish|discovered|confirm|confirmed|propose|suggest)|(?:our|these|the|this)\s+(?:\w+\s+)?(?:results|data|findings|observations|analyses|analysis|experiments|insights|simulations|measurements)\s+(?:\w+\s+){0,3}?(?:also\s+)?(?:show(?:s|ed)?|suggests?|indicates?|demonstrates?|reveal(?:s|ed)?|supports?|establish(?:es)?|raises?)|this\s+(?:study|work|paper)\s+(?:shows|demonstrates|provides|suggests|reveals|establishes))\b(?:\s+(?:that|the possibility that))?\s*/i;
const NUMBER_WITH_UNIT =
  /\b\d+(?:[.,]\d+)?\s?(?:%|-?fold|[kKmMµμn]?(?:M|g|L|K|Hz|eV|V|W|J|s|m)\b|°C|kelvin|years?|days?|hours?|weeks?|months?|patients|participants|samples|sites|countries|cells)/;
const HEDGE = /\b(?:may|might|could|suggests?|propose|possibility|likely|potentially)\b/i;

/** The sentences of a text that state findings, in document order, at most `limit`. */
export function findClaims(sentences: string[], limit = 4): Claim[] {
  const claims: Claim[] = [];
  for (const text of sentences) {
    if (claims.length >= limit) break;
    if (text.length < 30 || text.length > 400) continue;
    const marker = MARKER.exec(text);
    let clause: string | undefined;
    if (marker) {
      clause = text.slice(marker.index + marker[0].length);
    } else if (
      NUMBER_WITH_UNIT.test(text) &&
      /\b(?:was|were|is|are|had|has|showed|increased|reduced|decreased|rose|fell|achieved|reached)\b/.test(
        text,
      )
    ) {
      clause = text;
    }
    if (!clause) continue;
    clause = clause
      .replace(/^[,:;\s]+/, '')
      .replace(/[.!?…。]+["'”’)]*\s*$/, '')
      .trim();
    if (clause.split(/\s+/).length < 4) continue;
    claims.push({ text, clause: lowerFirst(shorten(clause, 180)), hedged: HEDGE.test(text) });
  }
  return claims;
}

/**
 * 2–5 questions (none without phrases): one about each of the first claims, one about two key
 * phrases a sentence connects, and questions on the remaining key phrases to make up two.
 */
export function discussionTopics(
  phrases: string[],
  claims: Claim[] = [],
  sentences: string[] = [],
): string[] {
  if (phrases.length === 0) return [];
  const topics: string[] = [];
  for (const claim of claims.slice(0, 2)) {
    topics.push(
      claim.hedged
        ? `What evidence would settle whether ${claim.clause}?`
        : `How strong is the evidence that ${claim.clause}, and what would challenge it?`,
    );
  }
  const pair = connectedPair(phrases.slice(0, 5), sentences);
  if (pair) {
    topics.push(
      `How are ${pair[0]} and ${pair[1]} related in this work, and does the link hold more generally?`,
    );
  }
  const unused = phrases.filter(
    (phrase) => !topics.some((topic) => topic.toLowerCase().includes(phrase.toLowerCase())),
  );
  const fallbacks = [
    (a: string) => `What are the main limitations in how this work treats ${a}?`,
    (a: string) => `Which open questions about ${a} deserve further study?`,
    (a: string) => `How does this work on ${a} compare with established alternatives?`,
  ];
  const pool = unused.length > 0 ? unused : phrases;
  for (let index = 0; topics.length < Math.min(5, Math.max(2, phrases.length + 1)); index += 1) {
    const phrase = pool[index % pool.length] as string;
    const make = fallbacks[index % fallbacks.length] as (a: string) => string;
    const topic = make(phrase);
    if (topics.includes(topic) || index > 10) break;
    topics.push(topic);
  }
  return [...new Set(topics)].slice(0, 5);
}

/** The first two phrases (by rank) that one sentence names together. */
function connectedPair(phrases: string[], sentences: string[]): [string, string] | undefined {
  const lower = sentences.map((sentence) => sentence.toLowerCase());
  for (let i = 0; i < phrases.length; i += 1) {
    for (let j = i + 1; j < phrases.length; j += 1) {
      const a = stemPhrase(phrases[i] as string);
      const b = stemPhrase(phrases[j] as string);
      if (lower.some((sentence) => sentence.includes(a) && sentence.includes(b))) {
        return [phrases[i] as string, phrases[j] as string];
      }
    }
  }
  return undefined;
}

/** Matches the singular phrase inside plural text ("protein" in "proteins"). */
function stemPhrase(phrase: string): string {
  return phrase.toLowerCase().replace(/(?:y|s)$/, '');
}

function lowerFirst(text: string): string {
  // Keep acronyms and names ("NTCP is …", "Kinesin-1 …" stays readable either way).
  return /^[A-Z][a-z]/.test(text) ? text[0]?.toLowerCase() + text.slice(1) : text;
}

function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.–—-]+$/, '')}…`;
}
