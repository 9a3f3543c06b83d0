import { describe, expect, it } from 'vitest';
import { analyzeEmbedded } from './embedded-analyzer.js';
import { legacyTags } from './legacy-tags.js';
import { tag } from './nlp.js';
import { nounPhrases, phraseKey, singularize } from './noun-phrases.js';
import { evaluate, loadAbstracts, type KeywordAbstract } from './testing/keyword-set.js';

const abstracts = loadAbstracts();
const input = (item: KeywordAbstract) => ({
  title: item.title,
  text: item.abstract,
  tags: [],
  summary: '',
  content: '',
  instruction: '',
});

/** A tag contains a verb when the tagger, reading it alone, finds a verb or auxiliary in it. */
const hasVerb = (phrase: string) =>
  tag(phrase).some((token) => ['VERB', 'AUX'].includes(token.pos));

describe('keyword test set', () => {
  it('holds at least 30 cited abstracts with their authors keywords', () => {
    expect(abstracts.length).toBeGreaterThanOrEqual(30);
    for (const item of abstracts) {
      expect(item.abstract.length).toBeGreaterThan(300);
      expect(item.keywords.length).toBeGreaterThanOrEqual(3);
      expect(item.licence).toMatch(/^CC BY/);
      expect(item.doi).toMatch(/^10\./);
    }
  });
});

describe('noun-phrase keywords', () => {
  it('never writes fragments with verbs: "device goes superconducting", "stays metallic"', () => {
    const phrases = nounPhrases(
      tag('The device goes superconducting below 1.7 K, while the sample stays metallic.'),
    ).map((phrase) => phrase.words.map((word) => word.word).join(' '));
    expect(phrases).toEqual(['device']);
  });

  it('singularizes where English allows and leaves "physics", "analysis", "data" alone', () => {
    expect(
      ['proteins', 'studies', 'analyses', 'mice', 'physics', 'analysis', 'data', 'species'].map(
        singularize,
      ),
    ).toEqual(['protein', 'study', 'analysis', 'mouse', 'physics', 'analysis', 'data', 'species']);
  });

  it('gives lower-case, distinct noun phrases on every abstract of the set', () => {
    for (const item of abstracts) {
      const { tags } = analyzeEmbedded(input(item));
      expect(tags.length).toBeGreaterThanOrEqual(3);
      for (const keyword of tags) {
        expect(keyword).toBe(keyword.toLowerCase());
        expect(keyword.split(' ').length).toBeLessThanOrEqual(3);
      }
      const keys = tags.map(phraseKey);
      expect(new Set(keys).size).toBe(keys.length);
      // No tag inside another one.
      for (const a of keys)
        for (const b of keys) if (a !== b) expect(` ${b} `.includes(` ${a} `)).toBe(false);
    }
  });

  it('has fewer verb-bearing tags than the old RAKE/TextRank tags on the set', () => {
    let newVerbs = 0;
    let oldVerbs = 0;
    for (const item of abstracts) {
      newVerbs += analyzeEmbedded(input(item)).tags.filter(hasVerb).length;
      oldVerbs += legacyTags(input(item)).filter(hasVerb).length;
    }
    expect(newVerbs).toBeLessThan(oldVerbs / 2);
  });

  it('leaves out phrases the author already tagged', () => {
    const item = abstracts.find((entry) => entry.id === 'elife-00048') as KeywordAbstract;
    const plain = analyzeEmbedded(input(item)).tags;
    expect(plain).toContain('unfolded protein response');
    const tagged = analyzeEmbedded({ ...input(item), tags: ['Unfolded Protein Response'] }).tags;
    expect(tagged).not.toContain('unfolded protein response');
  });

  it('keeps precision@5 against the authors keywords at the floor', () => {
    const score = evaluate(abstracts, (item) => analyzeEmbedded(input(item)).tags);
    expect(score.precision).toBeGreaterThanOrEqual(0.3);
    expect(score.recall).toBeGreaterThanOrEqual(0.3);
  });
});
