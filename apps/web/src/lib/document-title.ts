import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

const APP_NAME = 'Symposia';

export function documentTitle(pageTitle?: string): string {
  return pageTitle ? `${pageTitle} · ${APP_NAME}` : APP_NAME;
}

/**
 * Names the browser tab after the screen, so history and assistive technology can tell pages apart.
 * Callers pass a title from the catalogue (t(…)); the hook follows the language as well, so a switch
 * of language renames the tab at once.
 */
export function useDocumentTitle(pageTitle?: string): void {
  const { i18n } = useTranslation();
  const language = i18n.language;
  useEffect(() => {
    document.title = documentTitle(pageTitle);
  }, [pageTitle, language]);
}
