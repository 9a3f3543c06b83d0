import { describe, expect, it } from 'vitest';
import { MalformedAnswerError, parseAnswer } from './answer.js';

const valid = {
  overview: 'A study of coral bleaching.\n\nIt finds heat stress matters most.',
  keyPoints: ['Heat stress drives bleaching.', 'Recovery takes years.', 'Shade helps.'],
  tags: ['Coral Reefs', 'marine biology', '#Climate'],
  topics: ['Can shading scale?', 'What about acidification?'],
};

describe('parseAnswer', () => {
  it('parses a valid answer', () => {
    expect(parseAnswer(JSON.stringify(valid))).toEqual({
      ...valid,
      tags: ['coral reefs', 'marine biology', 'climate'],
    });
  });

  it('tolerates code fences and chatter around the object', () => {
    const fenced = `Here you go:\n\`\`\`json\n${JSON.stringify(valid)}\n\`\`\`\nHope it helps.`;
    expect(parseAnswer(fenced).overview).toBe(valid.overview);
    expect(parseAnswer(`Sure! ${JSON.stringify(valid)} Done.`).topics).toEqual(valid.topics);
  });

  it('normalises: lower-case, trimmed, deduplicated tags; bullets stripped; counts clamped', () => {
    const analysis = parseAnswer(
      JSON.stringify({
        overview: '  An   overview.  ',
        keyPoints: ['- one', '2. two', 'two', '  ', 'three', 'four', 'five', 'six', 'seven'],
        tags: [
          ' Deep Learning ',
          'deep learning',
          'DEEP LEARNING.',
          'a',
          'b',
          'c',
          'd',
          'e',
          'f',
          'g',
          'h',
        ],
        topics: ['1) q1', 'q2', 'q3', 'q4', 'q5', 'q6'],
      }),
    );
    expect(analysis.overview).toBe('An overview.');
    expect(analysis.keyPoints).toEqual(['one', 'two', 'three', 'four', 'five', 'six']);
    expect(analysis.tags).toEqual(['deep learning', 'a', 'b', 'c', 'd', 'e', 'f', 'g']);
    expect(analysis.topics).toEqual(['q1', 'q2', 'q3', 'q4', 'q5']);
  });

  it('drops tags longer than a tag may be and clips long items', () => {
    const analysis = parseAnswer(
      JSON.stringify({
        ...valid,
        tags: ['x'.repeat(41), 'ok'],
        keyPoints: ['word '.repeat(200)],
      }),
    );
    expect(analysis.tags).toEqual(['ok']);
    expect(analysis.keyPoints[0]!.length).toBeLessThanOrEqual(400);
    expect(analysis.keyPoints[0]).toMatch(/…$/);
  });

  it('accepts common aliases and comma-separated tags', () => {
    const analysis = parseAnswer(
      JSON.stringify({
        summary: 'S.',
        key_points: ['k'],
        tags: 'Alpha, beta',
        discussion_topics: ['t'],
      }),
    );
    expect(analysis).toEqual({
      overview: 'S.',
      keyPoints: ['k'],
      tags: ['alpha', 'beta'],
      topics: ['t'],
    });
  });

  it.each([
    ['empty', ''],
    ['not JSON', 'I cannot help with that.'],
    ['an array', '[1, 2]'],
    ['wrong types', JSON.stringify({ ...valid, overview: 42 })],
    ['a missing field', JSON.stringify({ overview: 'o', keyPoints: ['k'], tags: ['t'] })],
    ['lists of non-strings', JSON.stringify({ ...valid, tags: [{ name: 'x' }] })],
    ['no usable tags', JSON.stringify({ ...valid, tags: ['  ', '#'] })],
    ['a blank overview', JSON.stringify({ ...valid, overview: '   ' })],
  ])('rejects %s', (_name, answer) => {
    expect(() => parseAnswer(answer)).toThrow(MalformedAnswerError);
  });
});
