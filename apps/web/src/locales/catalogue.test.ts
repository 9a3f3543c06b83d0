import { describe, expect, it } from 'vitest';
import { en } from './en';
import { zhCN } from './zh-CN';

/**
 * The Chinese catalogue against the English one. The type checker already refuses a missing or
 * extra key (locales/types.ts); this checks what types cannot: that each text is translated and
 * keeps its placeholders.
 */

type Leaf = { key: string; text: string };

function leaves(value: unknown, prefix = ''): Leaf[] {
  if (typeof value === 'string') return [{ key: prefix, text: value }];
  if (Array.isArray(value))
    return value.flatMap((item, index) => leaves(item, `${prefix}.${index}`));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) =>
      leaves(item, prefix ? `${prefix}.${key}` : key),
    );
  }
  return [];
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

/** English words that read the same in a Chinese interface: names of things, not sentences. */
const SAME_IN_BOTH =
  /^(?:[\d\s.,:;/%+()#@&|×·–—\-_→←↑↓…'"!?]|Symposia|IPFS|Phantom|Solana|SPL|SOL|CID|PDF|DOCX|CSV|DOI|BibTeX|RIS|APA|MLA|AI|Markdown|KaTeX|LaTeX|URL|ID|API|PNG|JPEG|MB|KB|GB|KiB|MiB|GiB|\{\{\w+\}\})*$/;

const chinese = new Map(leaves(zhCN).map((leaf) => [leaf.key.replace(/_other$/, ''), leaf.text]));
const english = leaves(en);

describe('the Chinese catalogue', () => {
  it('has a text for every English one', () => {
    const missing = english
      .map((leaf) => leaf.key.replace(/_(one|other)$/, ''))
      .filter((key) => !chinese.has(key));
    expect(missing).toEqual([]);
  });

  it('translates every text that is more than names and numbers', () => {
    const untranslated = english.filter(
      (leaf) =>
        !SAME_IN_BOTH.test(leaf.text) &&
        chinese.get(leaf.key.replace(/_(one|other)$/, '')) === leaf.text,
    );
    expect(untranslated.map((leaf) => `${leaf.key}: ${leaf.text}`)).toEqual([]);
  });

  it('keeps the placeholders of every text', () => {
    const broken = english.filter((leaf) => {
      const translated = chinese.get(leaf.key.replace(/_(one|other)$/, ''));
      if (translated === undefined) return false;
      // A Chinese plural form has one text for every count: it may leave {{count}} out.
      const wanted = placeholders(leaf.text).filter(
        (name) => !(name === 'count' && /_(one|other)$/.test(leaf.key)),
      );
      return wanted.some((name) => !placeholders(translated).includes(name));
    });
    expect(broken.map((leaf) => leaf.key)).toEqual([]);
  });

  it('writes Chinese: most texts hold Chinese characters', () => {
    const texts = [...chinese.values()];
    const withHan = texts.filter((text) => /\p{Script=Han}/u.test(text));
    expect(withHan.length / texts.length).toBeGreaterThan(0.9);
  });
});
