import { useEffect } from 'react';

const APP_NAME = 'Symposia';

export function documentTitle(pageTitle?: string): string {
  return pageTitle ? `${pageTitle} · ${APP_NAME}` : APP_NAME;
}

/** Names the browser tab after the screen, so history and assistive technology can tell pages apart. */
export function useDocumentTitle(pageTitle?: string): void {
  useEffect(() => {
    document.title = documentTitle(pageTitle);
  }, [pageTitle]);
}
