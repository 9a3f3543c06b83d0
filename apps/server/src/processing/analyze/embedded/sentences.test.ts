import { describe, expect, it } from 'vitest';
import { splitSentences } from './sentences.js';

const texts = (text: string) => splitSentences(text).map((sentence) => sentence.text);

describe('splitSentences', () => {
  it('splits on full stops, question and exclamation marks', () => {
    expect(texts('Graphene is thin. Is it strong? Yes! It conducts.')).toEqual([
      'Graphene is thin.',
      'Is it strong?',
      'Yes!',
      'It conducts.',
    ]);
  });

  it('does not split after abbreviations, initials or inside numbers', () => {
    expect(
      texts(
        'Smith et al. reported a 3.5 K transition, e.g. in Fig. 2 and Eq. 4. ' +
          'J. R. R. Tolkien was cited by Dr. Moreau vs. the U.S. team. ' +
          'See No. 5 on p. 12 for details. The end.',
      ),
    ).toEqual([
      'Smith et al. reported a 3.5 K transition, e.g. in Fig. 2 and Eq. 4.',
      'J. R. R. Tolkien was cited by Dr. Moreau vs. the U.S. team.',
      'See No. 5 on p. 12 for details.',
      'The end.',
    ]);
  });

  it('does not split before a lower-case word', () => {
    expect(texts('The yield was approx. five per cent. It rose.')).toEqual([
      'The yield was approx. five per cent.',
      'It rose.',
    ]);
  });

  it('splits before digits, quotes and brackets', () => {
    expect(texts('We used 12 mice. 40 were controls. "Why?" (Nobody knows.) Done.')).toEqual([
      'We used 12 mice.',
      '40 were controls.',
      '"Why?"',
      '(Nobody knows.)',
      'Done.',
    ]);
  });

  it('treats headings and bullets on their own lines as sentences', () => {
    const text = [
      '1. Introduction',
      'Base editing converts single bases.',
      '',
      'Main findings:',
      '- efficient editing in T cells',
      '- low off-target activity',
      '• durable effect',
    ].join('\n');
    expect(splitSentences(text)).toEqual([
      { text: 'Introduction', paragraph: 0 },
      { text: 'Base editing converts single bases.', paragraph: 0 },
      { text: 'Main findings:', paragraph: 1 },
      { text: 'efficient editing in T cells', paragraph: 1 },
      { text: 'low off-target activity', paragraph: 1 },
      { text: 'durable effect', paragraph: 1 },
    ]);
  });

  it('joins hard-wrapped lines of one sentence', () => {
    const text =
      'Twisted bilayer graphene near the magic angle hosts flat\n' +
      'electronic bands in which interactions dominate the kine-\n' +
      'tic energy. A second sentence follows.';
    expect(texts(text)).toEqual([
      'Twisted bilayer graphene near the magic angle hosts flat electronic bands in which ' +
        'interactions dominate the kinetic energy.',
      'A second sentence follows.',
    ]);
  });

  it('splits Chinese and Japanese text on full-width stops', () => {
    expect(texts('我们研究了石墨烯。结果很好！是吗？')).toEqual([
      '我们研究了石墨烯。',
      '结果很好！',
      '是吗？',
    ]);
  });

  it('stops at a reference list', () => {
    const body = Array.from({ length: 6 }, (_, index) => `Sentence ${index + 1} is here.`);
    const text = `${body.join(' ')}\n\nReferences\n\n[1] A. Author. A title. Journal 2020.`;
    expect(texts(text)).toHaveLength(6);
  });

  it('honours the sentence cap and skips punctuation-only lines', () => {
    expect(texts('***\n\n---\n\nOne. Two. Three.')).toEqual(['One.', 'Two.', 'Three.']);
    expect(splitSentences('One. Two. Three. Four.', 2)).toHaveLength(2);
    expect(splitSentences('')).toEqual([]);
  });
});
