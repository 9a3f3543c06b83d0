import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from '@/locales/en';
import { readItem, STORAGE_KEYS, writeItem } from './storage';

/**
 * The interface's languages. English is the default and holds the spec's exact texts; Chinese
 * loads only when someone reads in it. The language is chosen from the browser's languages, or
 * from the header's switch (kept in localStorage).
 */
export const LANGUAGES = ['en', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language named in itself, as the switch offers it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', 'zh-CN': '中文' };

export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

/** The first of the reader's languages that the interface speaks (any Chinese reads zh-CN). */
export function pickLanguage(preferences: readonly string[]): Language {
  for (const preference of preferences) {
    const tag = preference.trim().toLowerCase();
    if (tag === 'zh' || tag.startsWith('zh-')) return 'zh-CN';
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
  }
  return DEFAULT_LANGUAGE;
}

/** The languages of an Accept-Language header, most wanted first. */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

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
