import { describe, expect, it } from 'vitest';
import { discussionTopics } from './topics.js';

describe('discussionTopics', () => {
  it('forms two to five questions from the phrases, by rank', () => {
    expect(discussionTopics([])).toEqual([]);
    expect(discussionTopics(['graphene'])).toHaveLength(2);
    const topics = discussionTopics(['base editing', 'off-target effects', 'liver', 'mice', 'rna']);
    expect(topics).toHaveLength(5);
    expect(topics[0]).toBe(
      'What are the main limitations of base editing, and how could they be addressed?',
    );
    expect(topics[1]).toBe('How could off-target effects inform further work on liver?');
    expect(new Set(topics).size).toBe(5);
  });
});
