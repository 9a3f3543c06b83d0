import { describe, expect, it } from 'vitest';
import { searchSnippet } from './search-snippet.js';
import { fts5Query, indexText, parseSearchQuery, tsQuery } from './search-text.js';

describe('search text', () => {
  it('cuts Chinese and Japanese into words, folds case, width and Latin accents', () => {
    expect(indexText('基于深度学习的蛋白质结构预测')).toBe('基于 深度 学习 的 蛋白 质 结构 预测');
    expect(indexText('Ｄｅｅｐ Ångström café-au-lait')).toBe('deep angstrom cafe au lait');
    expect(indexText('東京大学の研究者')).toBe('東京 大学 の 研究者');
  });

  it('reads words, "phrases" and -exclusions into both databases’ syntax', () => {
    const query = parseSearchQuery('蛋白质 "deep learning" -mouse');
    expect(fts5Query(query)).toEqual({
      match: '("蛋白 质"* AND "deep learning") NOT ("mouse"*)',
      required: true,
    });
    expect(tsQuery(query).match).toBe(
      "('蛋白' <-> '质':*) & ('deep' <-> 'learning') & !(('mouse':*))",
    );
    // Quotes and operators typed by a person are never operators.
    expect(fts5Query(parseSearchQuery('"a" OR NEAR(b) *:'))).toEqual({
      match: '"a" AND "or"* AND "near b"*',
      required: true,
    });
    expect(parseSearchQuery('!!! - ""').parts).toEqual([]);
  });

  it('snippets escape everything but the marks around the matches', () => {
    const snippet = searchSnippet(
      ['', `${'x '.repeat(100)}<b>Café</b> & 蛋白质结构`],
      parseSearchQuery('cafe 蛋白质'),
    );
    expect(snippet).toMatch(/^…/);
    expect(snippet).toContain('&lt;b&gt;<mark>Café</mark>&lt;/b&gt; &amp; <mark>蛋白质</mark>结构');
    expect(searchSnippet(['nothing'], parseSearchQuery('absent'))).toBeUndefined();
  });
});

describe('snippet phrases', () => {
  it('marks a phrase only where its words follow each other', () => {
    expect(searchSnippet(['膜蛋白的结构；蛋白质结构预测'], parseSearchQuery('蛋白质'))).toBe(
      '膜蛋白的结构；<mark>蛋白质</mark>结构预测',
    );
    expect(
      searchSnippet(['deep sea, learning; deep  learning'], parseSearchQuery('"deep learning"')),
    ).toBe('deep sea, learning; <mark>deep learning</mark>');
  });
});
