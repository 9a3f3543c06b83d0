import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  MESSAGES,
  UPLOAD_FALLBACK_SUCCESS_MS,
  UPLOAD_PROGRESS_TICK_MS,
  UPLOAD_RESET_AFTER_MS,
} from '@symposia/shared';
import { ApiError } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';
import { makeCurrentUser } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { installFakeXhr, lastXhr, type FakeXhr } from '../api/fake-xhr';
import { uploadErrorMessage } from '../hooks/use-upload';
import { UploadScreen } from './upload-screen';

const MB = 1024 * 1024;

function makeFile(name: string, size = 1024, type = 'application/octet-stream'): File {
  const file = new File(['x'], name, { type, lastModified: 1 });
  // A real 51 MB buffer is not needed to test a size rule.
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

const fileInput = () => screen.getByLabelText<HTMLInputElement>('Choose files');
const uploadButton = () => screen.getByRole('button', { name: /Upload Files|Uploading/ });
const selectedNames = () =>
  screen
    .queryAllByRole('listitem')
    .map((item) => item.querySelector('span')?.textContent)
    .filter(Boolean);

/**
 * Picks files synchronously. The fake-timer tests cannot use user-event: Testing Library waits on
 * a real setTimeout between its steps when it does not recognise the fake clock (Vitest, not Jest).
 */
function pick(files: File[]) {
  fireEvent.change(fileInput(), { target: { files } });
}

function renderUpload() {
  return renderWithProviders(<UploadScreen />);
}

/** Lets fake time pass and React (and TanStack Query's scheduler) catch up. */
async function wait(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

let FakeXhrClass: typeof FakeXhr;

beforeEach(() => {
  FakeXhrClass = installFakeXhr();
  authStore.signIn('tok', makeCurrentUser());
});

afterEach(() => {
  vi.useRealTimers();
});

describe('Upload screen: selection (spec §5)', () => {
  it('shows the title and a labelled multiple-file picker', () => {
    renderUpload();
    expect(
      screen.getByRole('heading', { name: 'Decentralized Storage on IPFS', level: 1 }),
    ).toBeInTheDocument();
    const input = fileInput();
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('multiple');
  });

  it('lists picked files with name and size, and removes one', async () => {
    const user = userEvent.setup();
    renderUpload();
    await user.upload(fileInput(), [makeFile('paper.pdf', 2 * MB), makeFile('figure.png', 1536)]);

    const list = screen.getByRole('list', { name: /Selected files \(2\/5\)/ });
    expect(within(list).getByText('paper.pdf')).toBeInTheDocument();
    expect(within(list).getByText('2 MB')).toBeInTheDocument();
    expect(within(list).getByText('1.5 KB')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove paper.pdf' }));
    expect(selectedNames()).toEqual(['figure.png']);
  });

  it(`rejects a selection that would exceed 5 files: '${MESSAGES.uploadMaxFiles}'`, async () => {
    const user = userEvent.setup();
    renderUpload();
    await user.upload(fileInput(), [makeFile('a'), makeFile('b')]);
    await user.upload(
      fileInput(),
      ['c', 'd', 'e', 'f'].map((name) => makeFile(name)),
    );

    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.uploadMaxFiles);
    expect(selectedNames()).toEqual(['a', 'b']);
  });

  it('skips a file over 50 MB with its message and keeps the others', async () => {
    const user = userEvent.setup();
    renderUpload();
    await user.upload(fileInput(), [makeFile('big.bin', 51 * MB), makeFile('ok.txt')]);

    expect(screen.getByRole('alert')).toHaveTextContent('File big.bin exceeds 50MB limit');
    expect(selectedNames()).toEqual(['ok.txt']);
  });

  it(`says '${MESSAGES.uploadNoFiles}' when uploading nothing`, async () => {
    const user = userEvent.setup();
    renderUpload();
    await user.click(uploadButton());

    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.uploadNoFiles);
    expect(FakeXhrClass.sent).toHaveLength(0);
  });

  it('accepts files dropped on the drop zone', () => {
    renderUpload();
    const files = [makeFile('dropped.pdf')];
    fireEvent.drop(screen.getByTestId('drop-zone'), {
      dataTransfer: { files, types: ['Files'] },
    });
    expect(selectedNames()).toEqual(['dropped.pdf']);
  });

  it('toggles the metadata fields, public by default', async () => {
    const user = userEvent.setup();
    renderUpload();
    expect(screen.getByLabelText(/^Title/)).not.toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Add Metadata' }));
    const toggle = screen.getByRole('button', { name: 'Hide Metadata' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    for (const label of [/^Title/, /^Summary/, /^Content/, /^Tags/, /^AI instruction/]) {
      expect(screen.getByLabelText(label)).toBeVisible();
    }
    expect(screen.getByRole('radio', { name: /Public/ })).toBeChecked();
    expect(screen.getByLabelText(/^Title/)).toHaveAttribute('maxLength', '200');

    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Add Metadata' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });
});

describe('Upload screen: sending (spec §4 Upload)', () => {
  it('sends the files and the filled-in metadata, then shows the result and resets the form', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T04:05:00Z') });
    renderUpload();
    pick([makeFile('figure.png', 2048, 'image/png'), makeFile('n.txt')]);
    fireEvent.click(screen.getByRole('button', { name: 'Add Metadata' }));
    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: 'Graph study' } });
    fireEvent.change(screen.getByLabelText(/^Tags/), { target: { value: 'graphs, AI' } });
    fireEvent.click(screen.getByRole('radio', { name: /Private/ }));
    fireEvent.click(uploadButton());
    await wait(0);

    const xhr = lastXhr();
    const body = xhr.body as FormData;
    expect(body.getAll('files').map((f) => (f as File).name)).toEqual(['figure.png', 'n.txt']);
    expect(body.get('title')).toBe('Graph study');
    expect(body.get('tags')).toBe('graphs, AI');
    expect(body.get('visibility')).toBe('private');
    expect(body.has('summary')).toBe(false);
    expect(uploadButton()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Remove n.txt' })).toBeDisabled();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');

    await act(async () => {
      xhr.progress(50, 100);
      xhr.respond(201, { post_id: 'p1', message: MESSAGES.uploadProcessing, status: 'processing' });
      await vi.advanceTimersByTimeAsync(0);
    });

    const success = screen.getByRole('status', { name: 'Upload successful' });
    expect(within(success).getByText('processing')).toBeInTheDocument();
    expect(within(success).getByText(MESSAGES.uploadProcessing)).toBeInTheDocument();
    // 04:05 UTC is 12:05 in Shanghai.
    expect(within(success).getByText('2026-03-01 12:05')).toBeInTheDocument();
    expect(within(success).getByRole('link', { name: 'View post' })).toHaveAttribute(
      'href',
      '/forum/detail/p1',
    );
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(uploadButton()).toBeEnabled();

    // A file picked before the reset is not swept away with the uploaded ones.
    pick([makeFile('next.pdf')]);
    await wait(UPLOAD_RESET_AFTER_MS - 1);
    expect(selectedNames()).toEqual(['figure.png', 'n.txt', 'next.pdf']);
    await wait(1);
    expect(selectedNames()).toEqual(['next.pdf']);
    expect(screen.getByLabelText(/^Title/)).toHaveValue('');
    expect(screen.getByRole('radio', { name: /Public/ })).toBeChecked();
    // The success box stays.
    expect(screen.getByRole('status', { name: 'Upload successful' })).toBeInTheDocument();
  });

  it('progress rises 20 points a second; after 5 s the upload shows as accepted, then the real answer replaces it', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T04:05:00Z') });
    renderUpload();
    pick([makeFile('slow.mp4', 10 * MB)]);
    fireEvent.click(uploadButton());
    await wait(0);
    const bar = () => screen.getByRole('progressbar', { name: 'Upload progress' });
    const xhr = lastXhr();

    await wait(UPLOAD_PROGRESS_TICK_MS);
    expect(bar()).toHaveAttribute('aria-valuenow', '20');
    await wait(UPLOAD_PROGRESS_TICK_MS * 2);
    expect(bar()).toHaveAttribute('aria-valuenow', '60');
    expect(screen.queryByRole('status', { name: /Upload/ })).not.toBeInTheDocument();

    await wait(UPLOAD_FALLBACK_SUCCESS_MS - UPLOAD_PROGRESS_TICK_MS * 3);
    const pending = screen.getByRole('status', { name: 'Upload accepted' });
    expect(within(pending).getByText('processing')).toBeInTheDocument();
    expect(within(pending).getByText(MESSAGES.uploadPending)).toBeInTheDocument();
    expect(within(pending).getByText('2026-03-01 12:05')).toBeInTheDocument();
    expect(within(pending).queryByRole('link')).not.toBeInTheDocument();
    expect(bar()).toHaveAttribute('aria-valuenow', '100');
    // Still sending: nothing can be started twice.
    expect(uploadButton()).toBeDisabled();

    await wait(UPLOAD_RESET_AFTER_MS);
    expect(selectedNames()).toHaveLength(0);

    await wait(20_000 - UPLOAD_FALLBACK_SUCCESS_MS - UPLOAD_RESET_AFTER_MS);
    await act(async () => {
      xhr.respond(201, { post_id: 'p9', message: MESSAGES.uploadProcessing, status: 'processing' });
      await vi.advanceTimersByTimeAsync(0);
    });
    const real = screen.getByRole('status', { name: 'Upload successful' });
    expect(within(real).getByText(MESSAGES.uploadProcessing)).toBeInTheDocument();
    expect(within(real).getByText('2026-03-01 12:05')).toBeInTheDocument();
    expect(within(real).getByRole('link', { name: 'View post' })).toHaveAttribute(
      'href',
      '/forum/detail/p9',
    );
    expect(screen.queryByRole('status', { name: 'Upload accepted' })).not.toBeInTheDocument();
    expect(uploadButton()).toBeEnabled();
  });

  it('a failure that arrives after the fallback replaces the accepted box with the error', async () => {
    vi.useFakeTimers();
    renderUpload();
    pick([makeFile('slow.mp4', 10 * MB)]);
    fireEvent.click(uploadButton());
    await wait(UPLOAD_FALLBACK_SUCCESS_MS);
    expect(screen.getByRole('status', { name: 'Upload accepted' })).toBeInTheDocument();

    await act(async () => {
      lastXhr().respond(500, { detail: 'The IPFS store is unavailable' });
      await vi.advanceTimersByTimeAsync(0);
    });

    expect(screen.getByRole('alert')).toHaveTextContent('The IPFS store is unavailable');
    expect(screen.queryByRole('status', { name: 'Upload accepted' })).not.toBeInTheDocument();
    expect(uploadButton()).toBeEnabled();
  });

  it("shows the server's detail when the upload fails and keeps the selection", async () => {
    const user = userEvent.setup();
    renderUpload();
    await user.upload(fileInput(), [makeFile('a.txt')]);
    await user.click(uploadButton());
    await act(async () => {
      lastXhr().respond(500, { detail: 'The IPFS store is unavailable' });
      await Promise.resolve();
    });

    expect(await screen.findByRole('alert')).toHaveTextContent('The IPFS store is unavailable');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(selectedNames()).toEqual(['a.txt']);
    expect(uploadButton()).toBeEnabled();
  });

  it('picking files again hides the previous failure', async () => {
    const user = userEvent.setup();
    renderUpload();
    await user.upload(fileInput(), [makeFile('a.txt')]);
    await user.click(uploadButton());
    await act(async () => {
      lastXhr().fail();
      await Promise.resolve();
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.networkError);

    await user.upload(fileInput(), [makeFile('b.txt')]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('uploadErrorMessage (spec §8 Upload failure)', () => {
  it("prefers the server's message, then the error text, then 'upload failed'", () => {
    expect(uploadErrorMessage(new ApiError({ status: 400, kind: 'http', detail: 'bad' }))).toBe(
      'bad',
    );
    expect(uploadErrorMessage(new Error('socket closed'))).toBe('socket closed');
    expect(uploadErrorMessage(new Error(''))).toBe(MESSAGES.uploadFailed);
    expect(uploadErrorMessage('weird')).toBe('upload failed');
  });
});
