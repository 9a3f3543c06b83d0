/**
 * The one tokenizer of full-text search, used both when a post is indexed and when a query is
 * read, on SQLite and on PostgreSQL alike: the databases are handed words already separated by
 * single spaces, so neither database's own idea of a word (FTS5's unicode61, PostgreSQL's parser
 * under the server's locale) decides what matches.
 *
 * A word is a run of letters, digits and combining marks, folded to lower case with Latin
 * diacritics and compatibility forms (full-width letters, ligatures) removed. Chinese and Japanese
 * write no spaces between words, so a run holding Han, Hiragana or Katakana is cut into words by
 * `Intl.Segmenter` (ICU's dictionary): "基于深度学习的蛋白质结构预测" becomes 基于 深度 学习 的 蛋白 质 结构
 * 预测, and a query for 蛋白质 (cut the same way into 蛋白 质) finds it as a phrase.
 */

/** At most this many words or phrases of a query are used: more only slow the query down. */
export const MAX_SEARCH_TERMS = 8;
/** At most this many words in one phrase of a query. */
const MAX_PHRASE_WORDS = 12;

const WORD_RUN = /[\p{L}\p{N}\p{M}]+/gu;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const LATIN_DIACRITICS = /[\u0300-\u036f]/g;
const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });

/** Lower case, compatibility forms unfolded, Latin diacritics dropped (kana keep their marks). */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(LATIN_DIACRITICS, '').normalize('NFC').toLowerCase();
}

/** Whether the text holds a Chinese or Japanese character. */
export function hasCjk(text: string): boolean {
  return CJK.test(text);
}

/** The words of a text, in order, as search indexes and looks them up. */
export function searchWords(text: string): string[] {
  const words: string[] = [];
  for (const [run] of foldText(text).matchAll(WORD_RUN)) {
    if (!CJK.test(run)) {
      words.push(run);
      continue;
    }
    for (const part of segmenter.segment(run)) {
      if (part.isWordLike) words.push(part.segment);
    }
  }
  return words;
}

/** The text as the index stores it: its words separated by single spaces. */
export function indexText(text: string): string {
  return searchWords(text).join(' ');
}

/** Words that must follow each other; with `prefix` the last may be the start of a longer word. */
export interface SearchPhrase {
  words: string[];
  prefix: boolean;
}

/** One part of a query as the person typed it: a word, a "quoted phrase", or an -exclusion. */
export interface QueryPart {
  /** As typed, quotes and minus included: what a suggestion offers to remove. */
  text: string;
  phrase: SearchPhrase;
  excluded: boolean;
}

export interface SearchQuery {
  parts: QueryPart[];
}

const QUERY_PART = /(-?)"([^"]*)"?|(-?)([^\s"]+)/gu;

/**
 * Reads a query: `"deep learning"` is a phrase matched exactly, `-mouse` (or `-"mouse model"`)
 * excludes, any other word is matched as a prefix; a word that is several words to the index
 * (蛋白质, covid-19) is a phrase of them. Parts without any letter or digit are dropped.
 */
export function parseSearchQuery(text: string): SearchQuery {
  const parts: QueryPart[] = [];
  for (const match of text.matchAll(QUERY_PART)) {
    if (parts.length >= MAX_SEARCH_TERMS) break;
    const quoted = match[2] !== undefined;
    const excluded = (quoted ? match[1] : match[3]) === '-';
    const words = searchWords(quoted ? (match[2] ?? '') : (match[4] ?? '')).slice(
      0,
      MAX_PHRASE_WORDS,
    );
    if (words.length === 0) continue;
    parts.push({ text: match[0], phrase: { words, prefix: !quoted }, excluded });
  }
  return { parts };
}

/** The query without one of its parts, as a person would type it. */
export function queryWithout(query: SearchQuery, index: number): string {
  return query.parts
    .filter((_, i) => i !== index)
    .map((part) => part.text)
    .join(' ');
}

/** The query as text again, the same for queries that mean the same: a cache key. */
export function queryKey(query: SearchQuery): string {
  return JSON.stringify(query.parts.map((part) => [part.phrase, part.excluded]));
}

/** FTS5 query syntax: each phrase quoted (its words hold no quote), `*` for a prefix. */
export function fts5Query(query: SearchQuery): { match: string; required: boolean } {
  const phrase = (p: SearchPhrase) => `"${p.words.join(' ')}"${p.prefix ? '*' : ''}`;
  const required = query.parts.filter((part) => !part.excluded).map((part) => phrase(part.phrase));
  const excluded = query.parts.filter((part) => part.excluded).map((part) => phrase(part.phrase));
  if (required.length === 0) return { match: excluded.join(' OR '), required: false };
  const all = required.join(' AND ');
  return {
    match: excluded.length === 0 ? all : `(${all}) NOT (${excluded.join(' OR ')})`,
    required: true,
  };
}

/** PostgreSQL tsquery syntax (for to_tsquery('simple', …)): `<->` between phrase words. */
export function tsQuery(query: SearchQuery): { match: string; required: boolean } {
  // Words hold only letters, digits and marks; quoting keeps the parser from reading operators.
  const phrase = (p: SearchPhrase) =>
    `(${p.words
      .map((word, i) => `'${word}'${p.prefix && i === p.words.length - 1 ? ':*' : ''}`)
      .join(' <-> ')})`;
  const required = query.parts.filter((part) => !part.excluded).map((part) => phrase(part.phrase));
  const excluded = query.parts.filter((part) => part.excluded).map((part) => phrase(part.phrase));
  if (required.length === 0) return { match: excluded.join(' | '), required: false };
  const all = required.join(' & ');
  return {
    match: excluded.length === 0 ? all : `${all} & !(${excluded.join(' | ')})`,
    required: true,
  };
}

/** Of the text extracted from a post's documents, this much is indexed (and kept for snippets). */
export const SEARCH_DOCUMENT_MAX_CHARS = 100_000;

/**
 * The indexed columns of a post (table post_search): ranked title first, then tags, then summary
 * and content with the author's name, then the text of its documents.
 */
export interface SearchFields {
  title: string;
  tags: string;
  body: string;
  author: string;
}

export function searchFields(
  post: { title: string; summary: string; content: string; tags: string[] },
  authorName: string,
): SearchFields {
  return {
    title: indexText(post.title),
    tags: indexText(post.tags.join(' ')),
    body: indexText(`${post.summary}\n${post.content}`),
    author: indexText(authorName),
  };
}

/** The document columns: the words indexed, and the text itself for snippets. */
export function documentFields(text: string): { document: string; document_text: string } {
  const kept = text.slice(0, SEARCH_DOCUMENT_MAX_CHARS);
  return { document: indexText(kept), document_text: kept };
}
