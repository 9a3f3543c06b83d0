import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { makeCurrentUser } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { installFakeXhr, lastXhr, type FakeXhr } from '../api/fake-xhr';
import { UploadForm } from './upload-form';

let FakeXhrClass: typeof FakeXhr;

beforeEach(() => {
  FakeXhrClass = installFakeXhr();
  authStore.signIn('tok', makeCurrentUser());
});

async function fillIn(doi: string) {
  const user = userEvent.setup();
  renderWithProviders(<UploadForm />);
  await user.upload(screen.getByLabelText('Choose files'), new File(['x'], 'paper.pdf'));
  await user.click(screen.getByRole('button', { name: 'Add Metadata' }));
  const field = screen.getByRole('textbox', { name: /^DOI/ });
  if (doi) await user.type(field, doi);
  return { user, field };
}

describe('UploadForm: DOI', () => {
  it('refuses a malformed DOI next to the field and sends nothing until it is fixed', async () => {
    const { user, field } = await fillIn('10.12/too-short');
    await user.click(screen.getByRole('button', { name: 'Upload Files' }));
    expect(FakeXhrClass.sent).toHaveLength(0);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining('must be a DOI such as 10.1000/xyz123'),
    );

    await user.clear(field);
    await user.type(field, 'https://doi.org/10.1038/nphys1170');
    expect(field).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Upload Files' }));
    const body = lastXhr().body as FormData;
    // Sent as typed; the server stores it without the resolver prefix.
    expect(body.get('doi')).toBe('https://doi.org/10.1038/nphys1170');
  });

  it('sends no doi field when none is typed', async () => {
    const { user } = await fillIn('');
    await user.click(screen.getByRole('button', { name: 'Upload Files' }));
    expect((lastXhr().body as FormData).has('doi')).toBe(false);
  });
});
