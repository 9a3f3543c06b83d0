import { hasCjk } from '../../domain/search-text.js';
import type { RelatedRepository } from '../../repositories/index.js';
import type { AfterWrite } from '../after-write.js';

/** Related posts shown under a post (GET /media/{id}/related). */
export const RELATED_SHOWN = 5;
/** Kept per post: more than shown, so some may turn private or hidden and five still show. */
export const RELATED_STORED = 12;
/** The post's most distinctive words looked for in the others. */
const QUERY_WORDS = 12;
/** The newest posts holding each of those words that are looked at (issue 31: bounded work). */
const POSTS_PER_WORD = 200;
/** A word's count of posts is read no further: past it, a word is common whatever its count. */
const FREQUENCY_CAP = 1000;
/** Candidates whose visibility is asked at a time, best first. */
const VISIBILITY_BATCH = 60;
/** Words of a document counted (its start says what it is about). */
const DOCUMENT_WORDS = 5000;
/** How much a word counts in each field. */
const FIELD_WEIGHTS = { title: 4, tags: 3, body: 1, document: 0.5 } as const;

// Words too common in research writing to tell one post from another.
const STOP_WORDS = new Set(
  (
    'a about above after again against all also an and any are as at be because been before ' +
    'being below between both but by can could did do does doing down during each et few for ' +
    'from further had has have having he her here hers him his how however i if in into is it ' +
    'its itself just may might more most much must my no nor not now of off on once only or ' +
    'other our ours out over own per same she should so some such than that the their theirs ' +
    'them then there these they this those through thus to too under until up upon us use used ' +
    'using very via was we were what when where which while who whom why will with within ' +
    'without would you your paper study results result show shows shown new based method ' +
    'methods approach data model models one two three first second also within'
  ).split(' '),
);

/** Whether a word can say what a post is about: not a stop word, a number or one letter. */
function telling(word: string): boolean {
  if (STOP_WORDS.has(word) || /^\p{N}+$/u.test(word)) return false;
  // One Chinese or Japanese character is mostly a particle (的, の); two make a word.
  return hasCjk(word) ? word.length >= 2 : word.length >= 3;
}

export type RelatedPosts = ReturnType<typeof createRelatedPosts>;

/**
 * Chooses each post's related posts by text similarity over its title, tags, summary, content and
 * the text of its documents: its most distinctive words (frequency in the post × rarity in the
 * corpus, a TF-IDF over the search index), then, for each, the newest posts holding it, scored by
 * the weight and rarity of the words they share. Run by the `relate-post` job, queued when a post
 * is published, edited or its documents indexed (every write while it waits joins the one run:
 * repositories/job-repository.ts `coalesceJob`). Its work is bounded whatever the corpus's size: index lookups
 * only, each reading at most POSTS_PER_WORD posts or FREQUENCY_CAP index entries (issue 31;
 * `npm run bench -- related` prints it at 1k, 10k and 100k posts). Nothing leaves the machine.
 */
export function createRelatedPosts(deps: {
  related: RelatedRepository;
  /** Told of the post whose related posts changed (services/after-write.ts). */
  afterWrite: AfterWrite;
}) {
  const { related, afterWrite } = deps;

  /** The public posts sharing the most telling of `words`, best first, `postId` left out. */
  async function similar(
    postId: string,
    words: { word: string; weight: number }[],
  ): Promise<{ id: string; score: number }[]> {
    const scores = new Map<number, number>();
    for (const { word, weight } of words) {
      for (const seq of await related.postsWith(word, POSTS_PER_WORD)) {
        scores.set(seq, (scores.get(seq) ?? 0) + weight);
      }
    }
    const ranked = [...scores.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0]);
    const chosen: { id: string; score: number }[] = [];
    for (let start = 0; start < ranked.length && chosen.length < RELATED_STORED;) {
      const batch = ranked.slice(start, start + VISIBILITY_BATCH);
      start += VISIBILITY_BATCH;
      const shown = new Map(
        (
          await related.publicAmong(
            postId,
            batch.map(([seq]) => seq),
          )
        ).map((row) => [row.seq, row.id]),
      );
      for (const [seq, score] of batch) {
        const id = shown.get(seq);
        if (id !== undefined && chosen.length < RELATED_STORED) chosen.push({ id, score });
      }
    }
    return chosen;
  }

  return {
    async refresh(postId: string): Promise<void> {
      const fields = await related.indexedWords(postId);
      if (!fields) {
        await related.replace(postId, [], RELATED_STORED);
        return;
      }
      const weights = new Map<string, number>();
      for (const field of ['title', 'tags', 'body', 'document'] as const) {
        let words = fields[field] === '' ? [] : fields[field].split(' ');
        if (field === 'document') words = words.slice(0, DOCUMENT_WORDS);
        for (const word of words) {
          if (telling(word)) weights.set(word, (weights.get(word) ?? 0) + FIELD_WEIGHTS[field]);
        }
      }
      // The candidates by frequency first, then by rarity among them.
      const candidates = [...weights.entries()]
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .slice(0, QUERY_WORDS * 4);
      const total = await related.corpusSize();
      const frequencies = await related.documentFrequencies(
        candidates.map(([word]) => word),
        FREQUENCY_CAP,
      );
      const chosen = candidates
        .map(([word, weight]) => {
          const df = frequencies.get(word) ?? 1;
          const rarity = Math.log(1 + total / Math.max(1, df));
          // Shared words count by their rarity, and by how much this post says them (damped:
          // a word a long document repeats is not worth more than the title's).
          return { word, score: weight * rarity, weight: Math.log1p(weight) * rarity, df };
        })
        // A word no other post has finds nothing.
        .filter((entry) => entry.df > 1 || total <= 1)
        .sort((a, b) => b.score - a.score || a.word.localeCompare(b.word))
        .slice(0, QUERY_WORDS);
      const list = await similar(postId, chosen);
      await related.replace(postId, list, RELATED_STORED);
      await afterWrite({ posts: [postId] });
    },
  };
}
