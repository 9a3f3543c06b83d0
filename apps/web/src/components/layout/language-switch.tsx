import { useTranslation } from 'react-i18next';
import { changeLanguage, isLanguage, LANGUAGE_NAMES, LANGUAGES, type Language } from '@/lib/i18n';
import outline from '@/components/ui/outline-button/outline-button.module.css';
import styles from './header.module.css';

/** The language offered next: the other of the two, written in itself. */
function nextLanguage(current: Language): Language {
  return LANGUAGES[(LANGUAGES.indexOf(current) + 1) % LANGUAGES.length]!;
}

/**
 * The header's language switch: one button that shows the other language in its own script
 * ("中文" while reading English, "English" while reading Chinese), so a reader who does not
 * understand the current one still recognises it. The choice is remembered (lib/i18n.ts).
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation('common');
  const current = isLanguage(i18n.language) ? i18n.language : 'en';
  const next = nextLanguage(current);
  return (
    <button
      type="button"
      className={`${outline.button} ${styles.languageButton}`}
      title={t('language.choose')}
      onClick={() => {
        void changeLanguage(next).catch((error: unknown) =>
          console.warn(`The ${next} texts could not be loaded`, error),
        );
      }}
    >
      <GlobeIcon />
      {/* Named "Choose the language of the interface 中文": the visible word is part of the name. */}
      <span className="visually-hidden">{t('language.choose')} </span>
      <span lang={next}>{LANGUAGE_NAMES[next]}</span>
    </button>
  );
}

function GlobeIcon() {
  return (
    <svg width={16} height={16} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
      <path
        d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}
