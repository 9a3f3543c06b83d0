import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MAX_LENGTH, MESSAGES } from '@symposia/shared';
import { ToastHost } from '@/components/ui/toast/toast';
import { ApiError } from '@/lib/api-client';
import { EditableField } from './editable-field';

type SaveFn = (next: string) => Promise<unknown>;

/** Holds the value like the auth store does: it changes only when the save succeeds. */
function Harness({
  initial,
  save,
  multiline = false,
}: {
  initial: string;
  save: SaveFn;
  multiline?: boolean;
}) {
  const [value, setValue] = useState(initial);
  const label = multiline ? 'Bio' : 'Title';
  return (
    <>
      <EditableField
        label={label}
        value={value}
        maxLength={multiline ? MAX_LENGTH.bio : MAX_LENGTH.title}
        multiline={multiline}
        failureTitle={MESSAGES.updateFailed(label.toLowerCase())}
        onSave={async (next) => {
          await save(next);
          setValue(next);
        }}
        renderValue={(shown) => <p data-testid="value">{shown}</p>}
      />
      <ToastHost />
    </>
  );
}

function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((done, fail) => {
    resolve = done;
    reject = fail;
  });
  return { promise, resolve, reject };
}

describe('EditableField', () => {
  it('Enter saves the new value, shown at once', async () => {
    const user = userEvent.setup();
    const call = deferred();
    const save = vi.fn<SaveFn>(() => call.promise);
    render(<Harness initial="Researcher" save={save} />);

    await user.click(screen.getByRole('button', { name: 'Edit title' }));
    const input = screen.getByRole('textbox', { name: 'Title' });
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute('maxLength', String(MAX_LENGTH.title));
    await user.clear(input);
    await user.type(input, 'Professor{Enter}');

    expect(save).toHaveBeenCalledWith('Professor');
    expect(screen.getByTestId('value')).toHaveTextContent('Professor');
    expect(screen.getByRole('status')).toHaveTextContent('Saving…');

    call.resolve();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(''));
    expect(screen.getByTestId('value')).toHaveTextContent('Professor');
    expect(screen.getByRole('button', { name: 'Edit title' })).toHaveFocus();
  });

  it('Escape cancels without saving and keeps the old value', async () => {
    const user = userEvent.setup();
    const save = vi.fn<SaveFn>(() => Promise.resolve());
    render(<Harness initial="Researcher" save={save} />);

    await user.click(screen.getByRole('button', { name: 'Edit title' }));
    await user.type(screen.getByRole('textbox', { name: 'Title' }), ' and more{Escape}');

    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.getByTestId('value')).toHaveTextContent('Researcher');
    expect(save).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Edit title' })).toHaveFocus();
  });

  it('Cancel closes the editor; an unchanged value is not sent', async () => {
    const user = userEvent.setup();
    const save = vi.fn<SaveFn>(() => Promise.resolve());
    render(<Harness initial="Researcher" save={save} />);

    await user.click(screen.getByRole('button', { name: 'Edit title' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit title' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(save).not.toHaveBeenCalled();
  });

  it('in the bio, Enter is a new line and Ctrl+Enter saves', async () => {
    const user = userEvent.setup();
    const save = vi.fn<SaveFn>(() => Promise.resolve());
    render(<Harness initial="Old bio" save={save} multiline />);

    await user.click(screen.getByRole('button', { name: 'Edit bio' }));
    const textarea = screen.getByRole('textbox', { name: 'Bio' });
    expect(textarea.tagName).toBe('TEXTAREA');
    expect(textarea).toHaveAttribute('maxLength', String(MAX_LENGTH.bio));
    await user.clear(textarea);
    await user.type(textarea, 'Line one{Enter}Line two');
    expect(save).not.toHaveBeenCalled();
    expect(textarea).toHaveValue('Line one\nLine two');

    await user.keyboard('{Control>}{Enter}{/Control}');

    expect(save).toHaveBeenCalledWith('Line one\nLine two');
    await waitFor(() =>
      expect(screen.getByTestId('value')).toHaveTextContent(/Line one\s+Line two/),
    );
  });

  it('a refused save restores the previous value and shows the toast with the server detail', async () => {
    const user = userEvent.setup();
    const call = deferred();
    render(<Harness initial="Researcher" save={() => call.promise} />);

    await user.click(screen.getByRole('button', { name: 'Edit title' }));
    const input = screen.getByRole('textbox', { name: 'Title' });
    await user.clear(input);
    await user.type(input, 'Professor{Enter}');
    expect(screen.getByTestId('value')).toHaveTextContent('Professor');

    call.reject(
      new ApiError({
        status: 422,
        kind: 'http',
        detail: 'new_title: must be at most 40 characters',
      }),
    );

    expect(await screen.findByText(MESSAGES.updateFailed('title'))).toBeInTheDocument();
    expect(screen.getByText('new_title: must be at most 40 characters')).toBeInTheDocument();
    expect(screen.getByTestId('value')).toHaveTextContent('Researcher');
  });

  it("a failure without a server answer says 'please try again later'", async () => {
    const user = userEvent.setup();
    render(<Harness initial="Old bio" save={() => Promise.reject(new Error('boom'))} multiline />);

    await user.click(screen.getByRole('button', { name: 'Edit bio' }));
    await user.type(
      screen.getByRole('textbox', { name: 'Bio' }),
      ' plus{Control>}{Enter}{/Control}',
    );

    expect(await screen.findByText(MESSAGES.updateFailed('bio'))).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.updateDetailsFallback)).toBeInTheDocument();
    expect(screen.getByTestId('value')).toHaveTextContent('Old bio');
  });
});
