import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_TIMEOUT_MS, MESSAGES, currentUserSchema } from '@symposia/shared';
import { z } from 'zod';
import { jsonResponse, mockFetch, neverAnswer } from '@/testing/fetch-mock';
import { makeCurrentUser } from '@/testing/fixtures';
import { contract } from './answer-schema';
import { ApiError, InvalidResponseError, api, jsonBody, multipartBody } from './api-client';
import { authStore } from './auth-store';
import { STORAGE_KEYS } from './storage';

function signInAs(token = 'token-123') {
  authStore.signIn(token, makeCurrentUser());
}

afterEach(() => {
  vi.useRealTimers();
});

describe('api-client requests', () => {
  it('calls /api/v1 with JSON accepted and resolves with the parsed body', async () => {
    const { requests } = mockFetch(() => jsonResponse({ hello: 'world' }));

    await expect(
      api.get('/things', { params: { skip: 0, search: 'a b', none: undefined } }),
    ).resolves.toEqual({ hello: 'world' });

    expect(requests[0]?.url).toBe('/api/v1/things?skip=0&search=a+b');
    expect(requests[0]?.headers.get('Accept')).toBe('application/json');
    expect(requests[0]?.headers.has('Authorization')).toBe(false);
  });

  it('says the language the reader chose (<html lang>), so what the server writes speaks it', async () => {
    const { requests } = mockFetch(() => jsonResponse({}));
    const before = document.documentElement.lang;
    document.documentElement.lang = 'zh-CN';
    try {
      await api.post('/auth/password_reset/request', { username_or_email: 'ada' });
      await api.get('/things', { headers: { 'Accept-Language': 'en' } });
    } finally {
      document.documentElement.lang = before;
    }
    expect(requests.map((r) => r.headers.get('Accept-Language'))).toEqual(['zh-CN', 'en']);
  });

  it('attaches the stored bearer token to every call', async () => {
    signInAs('secret-token');
    const { requests } = mockFetch(() => jsonResponse({}));

    await api.get('/a');
    await api.post('/b', { x: '1' });

    expect(requests.map((r) => r.headers.get('Authorization'))).toEqual([
      'Bearer secret-token',
      'Bearer secret-token',
    ]);
  });

  it('form-encodes bodies by default, leaving out absent fields', async () => {
    const { requests } = mockFetch(() => jsonResponse({}));

    await api.post('/auth/register', { username: 'ada', email: undefined, tags: ['a', 'b'] });

    const [request] = requests;
    expect(request?.headers.get('Content-Type')).toContain('application/x-www-form-urlencoded');
    expect(String(request?.body)).toBe('username=ada&tags=a&tags=b');
  });

  it('sends JSON and multipart bodies when asked to', async () => {
    const { requests } = mockFetch(() => jsonResponse({}));

    await api.post('/comments/create', jsonBody({ postId: 'p1', content: 'Hi' }));
    const file = new File(['x'], 'a.txt', { type: 'text/plain' });
    await api.post('/media/upload', multipartBody({ files: [file, file], title: 'T', none: null }));

    expect(requests[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(requests[0]?.body).toBe('{"postId":"p1","content":"Hi"}');
    const form = requests[1]?.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.getAll('files')).toHaveLength(2);
    expect(form.get('title')).toBe('T');
    expect(form.has('none')).toBe(false);
    // The browser must set the multipart boundary itself.
    expect(requests[1]?.headers.has('Content-Type')).toBe(false);
  });
});

describe('api-client errors', () => {
  it("throws an ApiError carrying the status and the server's detail", async () => {
    mockFetch(() => jsonResponse({ detail: MESSAGES.usernameTaken }, 409));

    const error = await api.post('/auth/register', { username: 'ada' }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, kind: 'http', detail: MESSAGES.usernameTaken });
  });

  it('keeps the field errors of a 422 answer', async () => {
    mockFetch(() =>
      jsonResponse(
        { detail: 'Invalid input', errors: [{ field: 'password', message: 'too short' }] },
        422,
      ),
    );

    const error = (await api.post('/auth/register', {}).catch((e: unknown) => e)) as ApiError;

    expect(error.errors).toEqual([{ field: 'password', message: 'too short' }]);
  });

  it('falls back to the status text when the error body has no detail', async () => {
    mockFetch(() => new Response('oops', { status: 502, statusText: 'Bad Gateway' }));

    await expect(api.get('/x')).rejects.toMatchObject({ status: 502, detail: 'Bad Gateway' });
  });

  it('turns an unreachable server into an ApiError without status', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));

    await expect(api.get('/x')).rejects.toMatchObject({
      status: 0,
      kind: 'network',
      detail: MESSAGES.networkError,
    });
  });

  it(`gives up after ${API_TIMEOUT_MS} ms`, async () => {
    vi.useFakeTimers();
    const { requests } = mockFetch(neverAnswer);

    const outcome = api.get('/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS - 1);
    expect(requests[0]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);

    await expect(outcome).resolves.toMatchObject({
      status: 0,
      kind: 'timeout',
      detail: MESSAGES.requestTimedOut,
    });
  });

  it('passes a caller cancellation through untouched', async () => {
    mockFetch(neverAnswer);
    const controller = new AbortController();

    const outcome = api.get('/x', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();

    const error = await outcome;
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as DOMException).name).toBe('AbortError');
  });
});

describe('api-client on 401', () => {
  it('removes the stored token and cached user and asks for the login overlay', async () => {
    signInAs();
    expect(window.localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('token-123');
    mockFetch(() => jsonResponse({ detail: MESSAGES.notAuthenticated }, 401));

    await expect(api.get('/auth/me')).rejects.toMatchObject({ status: 401 });

    for (const key of Object.values(STORAGE_KEYS)) {
      expect(window.localStorage.getItem(key)).toBeNull();
    }
    expect(authStore.getState()).toMatchObject({
      token: null,
      user: null,
      loginPrompt: { message: MESSAGES.sessionExpired },
    });
  });

  it('leaves a session started in the meantime alone', async () => {
    signInAs('old-token');
    let answer!: (response: Response) => void;
    mockFetch(() => new Promise<Response>((resolve) => (answer = resolve)));

    const outcome = api.get('/auth/me').catch(() => {});
    signInAs('new-token');
    answer(jsonResponse({ detail: MESSAGES.notAuthenticated }, 401));
    await outcome;

    expect(authStore.getState().token).toBe('new-token');
    expect(window.localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('new-token');
  });

  it("uses the caller's reason for the login overlay", async () => {
    mockFetch(() => jsonResponse({ detail: MESSAGES.notAuthenticated }, 401));

    await api
      .post('/comments/create', {}, { loginPrompt: MESSAGES.loginToComment })
      .catch(() => {});

    expect(authStore.getState().loginPrompt).toEqual({ message: MESSAGES.loginToComment });
  });

  it('can end the session without asking to sign in again', async () => {
    signInAs();
    mockFetch(() => jsonResponse({ detail: MESSAGES.notAuthenticated }, 401));

    await api.post('/auth/logout', undefined, { loginPrompt: false }).catch(() => {});

    expect(authStore.getState()).toMatchObject({ token: null, loginPrompt: null });
  });
});

describe('api-client answers', () => {
  it('validates answers against a schema', async () => {
    const user = makeCurrentUser();
    mockFetch(() => jsonResponse(user));

    await expect(api.get('/auth/me', { schema: currentUserSchema })).resolves.toEqual(user);
  });

  it('throws InvalidResponseError when an answer breaks the contract', async () => {
    mockFetch(() => jsonResponse({ username: 42 }));

    const error = await api.get('/auth/me', { schema: currentUserSchema }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(InvalidResponseError);
    expect((error as InvalidResponseError).message).toBe(
      MESSAGES.invalidResponse('GET', '/auth/me'),
    );
    expect((error as InvalidResponseError).details).toContain('username');
  });

  it('checks an answer against the shared schema it names, the one the server declares', async () => {
    const user = makeCurrentUser();
    mockFetch(() => jsonResponse(user));
    await expect(api.get('/auth/me', { schema: contract('currentUserSchema') })).resolves.toEqual(
      user,
    );

    mockFetch(() => jsonResponse({ ...user, id: 7 }));
    const error = await api
      .get('/auth/me', { schema: contract('currentUserSchema') })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect((error as InvalidResponseError).details).toContain('id');
  });

  it('checks every item of a list against the shared schema it names', async () => {
    const revision = {
      revision: 1,
      edited_at: '2026-01-15T08:30:00.000Z',
      title: 'First',
      summary: '',
      content: '',
      tags: [],
    };
    mockFetch(() => jsonResponse([revision]));
    const schema = { item: contract('postRevisionSchema') };
    await expect(api.getList('/media/p/revisions', schema)).resolves.toEqual([revision]);

    mockFetch(() => jsonResponse([revision, { ...revision, revision: 0 }]));
    await expect(api.getList('/media/p/revisions', schema)).rejects.toBeInstanceOf(
      InvalidResponseError,
    );
  });

  it('treats a list answer that is not an array as empty, and says so', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockFetch(() => jsonResponse({ items: [1, 2] }));

    await expect(api.getList('/media/list')).resolves.toEqual([]);
    expect(warn).toHaveBeenCalledOnce();
  });

  it('checks every item of a list against its schema', async () => {
    mockFetch(() => jsonResponse([{ id: 'a' }, { id: 7 }]));

    await expect(
      api.getList('/media/list', { item: z.object({ id: z.string() }) }),
    ).rejects.toBeInstanceOf(InvalidResponseError);
  });

  it('resolves with undefined for an empty answer', async () => {
    mockFetch(() => new Response(null, { status: 204 }));

    await expect(api.post('/x')).resolves.toBeUndefined();
  });
});
