import { describe, expect, it } from 'vitest';
import { snippetParts } from './snippet';

describe('snippetParts', () => {
  it('splits the marks off and unescapes the text, so it renders as text only', () => {
    expect(
      snippetParts('…a &lt;<mark>script</mark>&gt; &amp; <mark>蛋白质</mark>结构 &quot;x&#39;'),
    ).toEqual([
      { text: '…a <', match: false },
      { text: 'script', match: true },
      { text: '> & ', match: false },
      { text: '蛋白质', match: true },
      { text: '结构 "x\'', match: false },
    ]);
  });

  it('keeps text without marks whole', () => {
    expect(snippetParts('plain')).toEqual([{ text: 'plain', match: false }]);
    expect(snippetParts('')).toEqual([]);
  });
});
