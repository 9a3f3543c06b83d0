import { act, render, waitFor } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from './i18n';
import { documentTitle, useDocumentTitle } from './document-title';

function ForumTitle() {
  const { t } = useTranslation('routes');
  useDocumentTitle(t('titles.forum'));
  return null;
}

describe('useDocumentTitle', () => {
  it('names the tab after the screen and the app', () => {
    expect(documentTitle('Community Forum')).toBe('Community Forum · Symposia');
    expect(documentTitle()).toBe('Symposia');
  });

  it('renames the tab when the language changes', async () => {
    render(<ForumTitle />);
    await waitFor(() => expect(document.title).toBe('Community Forum · Symposia'));

    await act(() => changeLanguage('zh-CN', false));
    await waitFor(() => expect(document.title).toBe('社区论坛 · Symposia'));

    await act(() => i18n.changeLanguage('en'));
    await waitFor(() => expect(document.title).toBe('Community Forum · Symposia'));
  });
});
