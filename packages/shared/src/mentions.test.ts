import { describe, expect, it } from 'vitest';
import { NOTIFICATIONS_MENTIONS_PER_TEXT } from './limits.js';
import { findMentions, mentionedUsernames, mentionKey } from './mentions.js';
import { usernameSchema } from './schemas/auth.js';

const names = (text: string) => findMentions(text).map((mention) => mention.username);

describe('@username mentions', () => {
  it('finds names at the start, after spaces and punctuation, in order', () => {
    expect(names('@ada see (@bob_2) and "@Chloé", also\n@d.e-f')).toEqual([
      'ada',
      'bob_2',
      'Chloé',
      'd.e-f',
    ]);
  });

  it('leaves the full stop or dash that ends a sentence out of the name', () => {
    expect(names('thanks @ada. And @bob-, @carl...')).toEqual(['ada', 'bob', 'carl']);
  });

  it('names nobody in an e-mail address, a doubled @ or a bare @', () => {
    expect(names('write to ada@example.org or @@bob, @ alone, x@y')).toEqual([]);
  });

  it('names nobody with a run of name characters longer than any username', () => {
    expect(names(`@${'a'.repeat(21)} and @${'b'.repeat(20)}`)).toEqual(['b'.repeat(20)]);
  });

  it('says where each mention stands, so a renderer can link exactly that text', () => {
    const text = 'hi @ada, and @bob';
    for (const { start, end, username } of findMentions(text)) {
      expect(text.slice(start, end)).toBe(`@${username}`);
    }
  });

  it('every name it finds is a valid username', () => {
    for (const name of names('@ada @b.o.b @_x_ @Ｚｅｄ @a-b @9')) {
      expect(usernameSchema.safeParse(name).success, name).toBe(true);
    }
  });

  it('counts a member once however the name is written, and at most the limit', () => {
    expect(mentionedUsernames('@Ada @ada @ＡＤＡ @bob')).toEqual(['Ada', 'bob']);
    expect(mentionKey('Ａｄａ')).toBe('ada');
    const many = Array.from({ length: 15 }, (_, i) => `@member${i}`).join(' ');
    expect(mentionedUsernames(many)).toHaveLength(NOTIFICATIONS_MENTIONS_PER_TEXT);
    expect(mentionedUsernames(many)[0]).toBe('member0');
  });
});
