import { describe, expect, it, vi } from 'vitest';
import { CARDINAL_RULES, createI18n, loadLanguage } from './i18n';

describe('plural rules', () => {
  const counts = [0, 1, 2, 1.5, -1, 11, 21, 100, 1_000_001];

  it.each([
    ['en', 'en'],
    ['zh', 'zh-CN'],
  ])('%s: the same forms as Intl.PluralRules for %s', (code, locale) => {
    const intl = new Intl.PluralRules(locale);
    const ours = CARDINAL_RULES[code]!;
    expect(ours.resolvedOptions().pluralCategories.sort()).toEqual(
      [...intl.resolvedOptions().pluralCategories].sort(),
    );
    for (const count of counts) expect(ours.select(count), `${count}`).toBe(intl.select(count));
  });

  it('i18next resolves plurals in both languages without making an Intl.PluralRules', async () => {
    const made = vi.spyOn(Intl, 'PluralRules');
    const i18n = createI18n('en');
    expect(i18n.t('comments:thread.moreReplies', { count: 1 })).toBe('Show 1 more reply');
    expect(i18n.t('comments:thread.moreReplies', { count: 3 })).toMatch(/^Show 3 more replies$/);
    await loadLanguage(i18n, 'zh-CN');
    await i18n.changeLanguage('zh-CN');
    const chinese = i18n.t('comments:thread.moreReplies', { count: 3 });
    expect(chinese).toContain('3');
    expect(chinese).not.toMatch(/more repl/);
    expect(made).not.toHaveBeenCalled();
  });
});
