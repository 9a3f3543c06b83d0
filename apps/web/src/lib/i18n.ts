import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from '@/locales/en';
import {
  acceptedLanguages,
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGES,
  pickLanguage,
  type Language,
} from '@symposia/shared';
import { readItem, STORAGE_KEYS, writeItem } from './storage';

/**
 * The interface's languages (packages/shared/src/languages.ts: the emails speak them too).
 * Chinese loads only when someone reads in it. The language is chosen from the browser's
 * languages, or from the header's switch (kept in localStorage).
 */
export { acceptedLanguages, DEFAULT_LANGUAGE, isLanguage, LANGUAGES, pickLanguage, type Language };

/** Each language named in itself, as the switch offers it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', 'zh-CN': '中文' };

/** The reader's choice from the header's switch, if they made one. */
export function storedLanguage(): Language | null {
  const stored = readItem(STORAGE_KEYS.language);
  return isLanguage(stored) ? stored : null;
}

/** What the browser would read in: the stored choice, else its languages. */
export function browserLanguage(): Language {
  return storedLanguage() ?? pickLanguage(navigator.languages ?? [navigator.language]);
}

const loaders: Record<Language, () => Promise<unknown>> = {
  en: () => Promise.resolve(en),
  'zh-CN': () => import('@/locales/zh-CN').then((module) => module.zhCN),
};

/** What i18next asks of a plural rule: the two methods of Intl.PluralRules it calls. */
interface PluralRule {
  select: (count: number) => Intl.LDMLPluralRule;
  resolvedOptions: () => { pluralCategories: Intl.LDMLPluralRule[] };
}

/**
 * The cardinal plural rules of the interface's languages, as Intl.PluralRules has them (i18n.test.ts
 * compares): English has "1 reply" and "2 replies", Chinese one form. i18next gets these instead of
 * Intl's, because the first Intl object a page makes sets up ICU (lib/time.ts) and the forum's
 * counts would make it. Ordinals and any other language still go to Intl.
 */
export const CARDINAL_RULES: Record<string, PluralRule> = {
  en: {
    select: (count) => (Math.abs(count) === 1 ? 'one' : 'other'),
    resolvedOptions: () => ({ pluralCategories: ['one', 'other'] }),
  },
  zh: { select: () => 'other', resolvedOptions: () => ({ pluralCategories: ['other'] }) },
};

type RuleLookup = (code: string, options?: { ordinal?: boolean }) => unknown;

function withOwnPluralRules(instance: I18n): void {
  // i18next's resolver has one lookup for every plural it resolves; the rules it finds are ours.
  const resolver = instance.services.pluralResolver as { getRule: RuleLookup };
  const intlRule: RuleLookup = resolver.getRule.bind(resolver);
  resolver.getRule = (code, options = {}) =>
    (options.ordinal ? undefined : CARDINAL_RULES[code.split(/[-_]/)[0] ?? '']) ??
    intlRule(code, options);
}

/** An i18next instance with English loaded; other languages are added by `loadLanguage`. */
export function createI18n(language: Language = DEFAULT_LANGUAGE): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: { en },
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    partialBundledLanguages: true,
    ns: Object.keys(en),
    defaultNS: 'common',
    // React escapes what it renders; escaping here too would show &amp; to the reader.
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  withOwnPluralRules(instance);
  return instance;
}

/** Makes a language's catalogue available to an instance (a no-op once it is). */
export async function loadLanguage(instance: I18n, language: Language): Promise<void> {
  if (instance.hasResourceBundle(language, 'common')) return;
  const catalogue = (await loaders[language]()) as Record<string, Record<string, unknown>>;
  for (const [namespace, resources] of Object.entries(catalogue)) {
    instance.addResourceBundle(language, namespace, resources, true, true);
  }
}

/** The browser's one instance; the server renders each page with its own (entry-server.tsx). */
export const i18n = createI18n();

/** Switches the interface: loads the language, remembers the choice and tells the page. */
export async function changeLanguage(language: Language, remember = true): Promise<void> {
  await loadLanguage(i18n, language);
  await i18n.changeLanguage(language);
  if (remember) writeItem(STORAGE_KEYS.language, language);
  document.documentElement.lang = language;
}
