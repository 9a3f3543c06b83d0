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
    // The Markdown and KaTeX code loads on first use (setup-tests.ts sizes the wait).
    await waitFor(() => expect(within(preview).getByText('Bold').tagName).toBe('STRONG'));
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

describe('CommentEditor: one box for a new comment and an edit', () => {
  it('edits in place: starts with the text; Enter saves a change, Shift+Enter is a new line', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(
      <CommentEditor
        mode="edit"
        label="Edit comment"
        value="Frist"
        onSubmit={onSubmit}
        onCancel={vi.fn()}
      />,
    );
    const box = screen.getByRole('textbox', { name: 'Edit comment' });
    expect(box).toHaveValue('Frist');
    expect(box).toHaveAccessibleDescription(expect.stringContaining('Enter saves'));
    await user.clear(box);
    await user.type(box, 'First{Shift>}{Enter}{/Shift}line two');
    expect(onSubmit).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledWith('First\nline two');
    expect(screen.getByRole('button', { name: 'Save' })).toBeVisible();
  });

  it('an edit that changes nothing cancels rather than saves', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const onCancel = vi.fn();
    render(
      <CommentEditor
        mode="edit"
        label="Edit comment"
        value="Same"
        onSubmit={onSubmit}
        onCancel={onCancel}
      />,
    );
    await user.type(screen.getByRole('textbox', { name: 'Edit comment' }), ' {Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it.each([
    ['a new comment', { draftKey: `draft-${Math.random()}` }],
    ['an edit', { mode: 'edit' as const, value: 'Text' }],
  ])('Escape cancels %s, and no surrounding dialog with it', async (_name, props) => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    const dialogKeys = vi.fn();
    render(
      // A dialog that closes on Escape, as the modal does.
      <div role="dialog" onKeyDown={(event) => dialogKeys(event.key)}>
        <CommentEditor label="Comment" onSubmit={vi.fn()} onCancel={onCancel} {...props} />
      </div>,
    );
    await user.type(screen.getByRole('textbox', { name: 'Comment' }), 'x{Escape}');
    expect(onCancel).toHaveBeenCalledOnce();
    expect(dialogKeys).not.toHaveBeenCalledWith('Escape');
  });
});
