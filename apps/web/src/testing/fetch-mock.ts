import { vi } from 'vitest';

export type RecordedRequest = {
  url: string;
  method: string;
  headers: Headers;
  body: BodyInit | null | undefined;
  signal: AbortSignal | null | undefined;
};

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * Replaces fetch with a handler and records every request. The handler sees the request the way
 * the server would: URL, method, headers and body.
 */
export function mockFetch(handler: Handler) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request: RecordedRequest = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: init.body,
      signal: init.signal,
    };
    requests.push(request);
    return handler(request);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, requests };
}

/** Routes requests by "METHOD /path" (path without the /api/v1 base and query). */
export function routeFetch(routes: Record<string, Handler>) {
  return mockFetch((request) => {
    const path = new URL(request.url, 'http://localhost').pathname.replace(/^\/api\/v1/, '');
    const handler = routes[`${request.method} ${path}`];
    if (!handler) throw new Error(`Unexpected request ${request.method} ${path}`);
    return handler(request);
  });
}

/** A server that never answers: the request only ends when its signal aborts, as with fetch. */
export function neverAnswer(request: RecordedRequest): Promise<Response> {
  return new Promise<Response>((_resolve, reject) => {
    request.signal?.addEventListener('abort', () =>
      reject(new DOMException('The operation was aborted.', 'AbortError')),
    );
  });
}
