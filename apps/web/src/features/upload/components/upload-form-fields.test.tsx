import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES, POST_FIELD_MAX_LENGTH } from '@symposia/shared';
import { authStore } from '@/lib/auth-store';
import { makeCurrentUser } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { installFakeXhr, lastXhr } from '../api/fake-xhr';
import { UploadForm } from './upload-form';

beforeEach(() => {
  installFakeXhr();
  authStore.signIn('tok', makeCurrentUser());
});

describe('UploadForm: the same fields and checks as the edit dialog', () => {
  it("shows the server's 422 under the field it names, opening the post details", async () => {
    const user = userEvent.setup();
    renderWithProviders(<UploadForm />);
    await user.upload(screen.getByLabelText('Choose files'), new File(['x'], 'paper.pdf'));
    await user.click(screen.getByRole('button', { name: 'Upload Files' }));
    const message = MESSAGES.maxLength(POST_FIELD_MAX_LENGTH.aiInstruction);
    await act(async () => {
      lastXhr().respond(422, {
        detail: `ai_instruction: ${message}`,
        errors: [
          {
            field: 'ai_instruction',
            message,
            code: 'maxLength',
            values: { max: String(POST_FIELD_MAX_LENGTH.aiInstruction) },
          },
        ],
      });
      await Promise.resolve();
    });

    const instruction = await screen.findByRole('textbox', { name: /^AI instruction/ });
    expect(instruction).toBeVisible();
    expect(instruction).toHaveAttribute('aria-invalid', 'true');
    expect(instruction).toHaveAccessibleDescription(expect.stringContaining(message));
    // The box above the button still says what went wrong, once.
    expect(screen.getByRole('alert')).toHaveTextContent(`ai_instruction: ${message}`);

    // Typing in the field takes its message away.
    await user.type(instruction, 'Shorter');
    expect(instruction).not.toHaveAttribute('aria-invalid');
  });

  it('starts the title as optional, unlike the edit dialog', async () => {
    const user = userEvent.setup();
    renderWithProviders(<UploadForm />);
    await user.click(screen.getByRole('button', { name: 'Add Metadata' }));
    expect(screen.getByRole('textbox', { name: 'Title (optional)' })).not.toBeRequired();
  });
});
