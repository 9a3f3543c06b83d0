import { describe, expect, it } from 'vitest';
import { discussionTopics, findClaims } from './topics.js';

describe('discussionTopics', () => {
  it('asks about the claims the text makes, then about phrases it connects', () => {
    const sentences = [
      'Base editors change single nucleotides in genomic DNA.',
      'Here we show that protein engineering of the deaminase decouples off-target RNA editing from base editing.',
      'These results suggest that safer base editors may reach the clinic.',
    ];
    const claims = findClaims(sentences);
    expect(claims.map((claim) => claim.hedged)).toEqual([false, true]);
    const topics = discussionTopics(['base editor', 'off-target rna editing'], claims, sentences);
    expect(topics[0]).toBe(
      'How strong is the evidence that protein engineering of the deaminase decouples off-target RNA editing from base editing, and what would challenge it?',
    );
    expect(topics[1]).toBe(
      'What evidence would settle whether safer base editors may reach the clinic?',
    );
    expect(topics.length).toBeGreaterThanOrEqual(2);
    expect(topics.length).toBeLessThanOrEqual(5);
    for (const topic of topics) expect(topic).toMatch(/\?$/);
  });

  it('gives none without phrases and at least two with one', () => {
    expect(discussionTopics([])).toEqual([]);
    expect(discussionTopics(['graphene'])).toHaveLength(2);
  });
});
