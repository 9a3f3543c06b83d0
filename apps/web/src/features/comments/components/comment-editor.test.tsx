import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PREVIEW_EMPTY } from '@/components/ui/rich-text/preview';
import { CommentEditor } from './comment-editor';

function renderEditor(onSubmit = vi.fn()) {
  render(
    <CommentEditor
      label="Your comment"
      draftKey={`draft-${Math.random()}`}
      onSubmit={onSubmit}
      onCancel={vi.fn()}
    />,
  );
  return { onSubmit };
}

const toggle = () => screen.getByRole('button', { name: 'Preview' });

describe('CommentEditor: Preview', () => {
  it('switches between the text area and the rendered text, keeping the text', async () => {
    const user = userEvent.setup();
    renderEditor();
    await user.type(screen.getByRole('textbox', { name: 'Your comment' }), '**Bold** and $x^2$');
    expect(toggle()).toHaveAttribute('aria-pressed', 'false');

    await user.click(toggle());
    expect(toggle()).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('textbox', { name: 'Your comment' })).toBeNull();
    const preview = screen.getByRole('region', { name: 'Your comment (preview)' });
    expect(toggle()).toHaveAttribute('aria-controls', preview.id);
    // The Markdown and KaTeX code loads on first use: on a busy machine that takes over a second.
    await waitFor(() => expect(within(preview).getByText('Bold').tagName).toBe('STRONG'), {
      timeout: 5_000,
    });
    expect(preview.querySelector('.katex')).not.toBeNull();

    await user.click(toggle());
    expect(toggle()).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('textbox', { name: 'Your comment' })).toHaveValue('**Bold** and $x^2$');
  });

  it('is a keyboard toggle, and sends from the preview as from the text area', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderEditor();
    await user.type(screen.getByRole('textbox', { name: 'Your comment' }), 'Plain words');
    toggle().focus();
    await user.keyboard('{Enter}');
    expect(toggle()).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('region', { name: 'Your comment (preview)' })).toHaveTextContent(
      'Plain words',
    );
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledWith('Plain words');
    toggle().focus();
    await user.keyboard(' ');
    expect(toggle()).toHaveAttribute('aria-pressed', 'false');
  });

  it('says when there is nothing to preview', async () => {
    const user = userEvent.setup();
    renderEditor();
    await user.click(toggle());
    expect(screen.getByRole('region', { name: 'Your comment (preview)' })).toHaveTextContent(
      PREVIEW_EMPTY,
    );
  });
});
