import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_TIMEOUT_MS, MESSAGES } from '@symposia/shared';
import { ApiError, InvalidResponseError } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';
import { makeCurrentUser } from '@/testing/fixtures';
import { installFakeXhr, lastXhr } from './fake-xhr';
import { buildUploadBody, uploadFiles } from './upload-files';

const png = () =>
  new File([new Uint8Array([137, 80, 78, 71])], 'figure.png', { type: 'image/png' });
const txt = () => new File(['notes'], 'notes.txt', { type: 'text/plain' });
const RESULT = { post_id: 'p1', message: MESSAGES.uploadProcessing, status: 'processing' };

beforeEach(() => {
  installFakeXhr();
  authStore.signIn('tok', makeCurrentUser());
});

afterEach(() => {
  vi.useRealTimers();
});

describe('buildUploadBody', () => {
  it('sends the files as repeated `files` and leaves empty metadata out', () => {
    const body = buildUploadBody([png(), txt()], {
      title: 'Graphs',
      summary: '  ',
      content: '',
      tags: 'AI, graphs',
      visibility: 'private',
    });
    expect(body.getAll('files').map((f) => (f as File).name)).toEqual(['figure.png', 'notes.txt']);
    expect(body.get('title')).toBe('Graphs');
    expect(body.get('tags')).toBe('AI, graphs');
    expect(body.get('visibility')).toBe('private');
    expect(body.has('summary')).toBe(false);
    expect(body.has('content')).toBe(false);
    expect(body.has('ai_instruction')).toBe(false);
    expect(body.has('file')).toBe(false);
  });

  it('puts the metadata before the files', () => {
    const keys = [...buildUploadBody([png()], { title: 'T', visibility: 'public' }).keys()];
    expect(keys).toEqual(['title', 'visibility', 'files']);
  });
});

describe('uploadFiles', () => {
  it('POSTs multipart to /api/v1/media/upload with the bearer token and resolves the result', async () => {
    const promise = uploadFiles({ files: [png()], metadata: { title: 'T', visibility: 'public' } });
    const xhr = lastXhr();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/v1/media/upload');
    expect(xhr.requestHeaders.get('authorization')).toBe('Bearer tok');
    expect(xhr.requestHeaders.get('accept')).toBe('application/json');
    expect(xhr.body).toBeInstanceOf(FormData);
    // The browser sets the multipart boundary itself.
    expect(xhr.requestHeaders.has('content-type')).toBe(false);

    xhr.respond(201, RESULT);
    await expect(promise).resolves.toEqual(RESULT);
  });

  it('reports upload progress in percent', async () => {
    const onProgress = vi.fn();
    const promise = uploadFiles({ files: [png()], onProgress });
    lastXhr().progress(25, 100);
    lastXhr().progress(100, 100);
    lastXhr().respond(201, RESULT);
    await promise;
    expect(onProgress.mock.calls).toEqual([[25], [100]]);
  });

  it("rejects with an ApiError carrying the server's detail", async () => {
    const promise = uploadFiles({ files: [png()] });
    lastXhr().respond(413, { detail: MESSAGES.uploadFileTooLarge('figure.png') });
    const error = await promise.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 413,
      kind: 'http',
      detail: 'File figure.png exceeds 50MB limit',
    });
  });

  it('keeps the field errors of a 422', async () => {
    const promise = uploadFiles({ files: [png()] });
    lastXhr().respond(422, {
      detail: 'Invalid upload',
      errors: [{ field: 'title', message: 'too long' }],
    });
    await expect(promise).rejects.toMatchObject({
      detail: 'Invalid upload',
      errors: [{ field: 'title', message: 'too long' }],
    });
  });

  it('falls back to the status text when the answer has no detail', async () => {
    const promise = uploadFiles({ files: [png()] });
    lastXhr().respond(502, '<html>bad gateway</html>', 'Bad Gateway');
    await expect(promise).rejects.toMatchObject({ status: 502, detail: 'Bad Gateway' });
  });

  it('a 401 ends the session and asks to sign in again, like the api-client', async () => {
    const promise = uploadFiles({ files: [png()] });
    lastXhr().respond(401, { detail: MESSAGES.notAuthenticated });
    await expect(promise).rejects.toMatchObject({ status: 401 });
    expect(authStore.getState().token).toBeNull();
    expect(window.localStorage.getItem('access_token')).toBeNull();
    expect(authStore.getState().loginPrompt).toEqual({ message: MESSAGES.sessionExpired });
  });

  it('a late 401 does not end a session started in the meantime', async () => {
    const promise = uploadFiles({ files: [png()] });
    authStore.signIn('newer', makeCurrentUser());
    lastXhr().respond(401, { detail: MESSAGES.notAuthenticated });
    await expect(promise).rejects.toMatchObject({ status: 401 });
    expect(authStore.getState().token).toBe('newer');
  });

  it('a broken connection is a network ApiError', async () => {
    const promise = uploadFiles({ files: [png()] });
    lastXhr().fail();
    await expect(promise).rejects.toMatchObject({
      status: 0,
      kind: 'network',
      detail: MESSAGES.networkError,
    });
  });

  it(`gives up after ${API_TIMEOUT_MS} ms without progress or answer, with the timeout message`, async () => {
    vi.useFakeTimers();
    const promise = uploadFiles({ files: [png()] });
    const outcome = promise.catch((e: unknown) => e);
    const xhr = lastXhr();
    vi.advanceTimersByTime(API_TIMEOUT_MS - 1000);
    // Progress restarts the clock: a slow but moving upload is not cut off.
    xhr.progress(10, 100);
    vi.advanceTimersByTime(API_TIMEOUT_MS - 1);
    expect(xhr.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(xhr.aborted).toBe(true);
    await expect(outcome).resolves.toMatchObject({
      kind: 'timeout',
      detail: MESSAGES.requestTimedOut,
    });
  });

  it('an answer that breaks the contract throws InvalidResponseError', async () => {
    const promise = uploadFiles({ files: [png()] });
    lastXhr().respond(201, { post_id: 7 });
    const error = await promise.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect((error as Error).message).toBe(MESSAGES.invalidResponse('POST', '/media/upload'));
  });

  it('sends no Authorization header without a session', async () => {
    authStore.clear();
    const promise = uploadFiles({ files: [png()] });
    expect(lastXhr().requestHeaders.has('authorization')).toBe(false);
    lastXhr().respond(401, { detail: MESSAGES.notAuthenticated });
    await expect(promise).rejects.toBeInstanceOf(ApiError);
    expect(authStore.getState().loginPrompt).toEqual({});
  });

  it('can be cancelled with an AbortSignal', async () => {
    const controller = new AbortController();
    const promise = uploadFiles({ files: [png()], signal: controller.signal });
    controller.abort();
    await expect(promise).rejects.toMatchObject({ name: 'AbortError' });
    expect(lastXhr().aborted).toBe(true);
  });
});
