import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { makeCurrentUser } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { UploadForm } from './upload-form';

beforeEach(() => {
  authStore.signIn('tok', makeCurrentUser());
});

describe('UploadForm: content Preview', () => {
  it('shows the content as the post page will, and goes back to the text with it kept', async () => {
    const user = userEvent.setup();
    renderWithProviders(<UploadForm />);
    await user.click(screen.getByRole('button', { name: 'Add Metadata' }));
    const content = screen.getByRole('textbox', { name: /^Content/ });
    await user.type(content, '| n | $n^2$ |{enter}| --- | --- |{enter}| 3 | 9 |');

    const toggle = screen.getByRole('button', { name: 'Preview' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('textbox', { name: /^Content/ })).toBeNull();
    const preview = screen.getByRole('region', { name: 'Content (preview)' });
    // The Markdown and KaTeX code loads on first use (setup-tests.ts sizes the wait).
    await waitFor(() => expect(within(preview).getByRole('table')).toBeInTheDocument());
    expect(
      within(preview)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['3', '9']);
    expect(preview.querySelector('th .katex')).not.toBeNull();

    await user.click(toggle);
    expect(screen.getByRole('textbox', { name: /^Content/ })).toHaveValue(
      '| n | $n^2$ |\n| --- | --- |\n| 3 | 9 |',
    );
  });

  it('previews plain text line by line, as the post page shows it', async () => {
    const user = userEvent.setup();
    renderWithProviders(<UploadForm />);
    await user.click(screen.getByRole('button', { name: 'Add Metadata' }));
    await user.type(screen.getByRole('textbox', { name: /^Content/ }), 'One{enter}{enter}Two');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = screen.getByRole('region', { name: 'Content (preview)' });
    expect([...preview.querySelectorAll('p')].map((line) => line.textContent)).toEqual([
      'One',
      'Two',
    ]);
  });
});
