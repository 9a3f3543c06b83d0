/**
 * Test helper (imported by tests only): an XMLHttpRequest the test drives by hand, so upload
 * progress, answers, network failures and timeouts happen exactly when the test says.
 */
import { vi } from 'vitest';

type Handler = (() => void) | null;

export class FakeXhr {
  static sent: FakeXhr[] = [];

  method = '';
  url = '';
  readonly requestHeaders = new Map<string, string>();
  body: Document | XMLHttpRequestBodyInit | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  aborted = false;
  private responseHeaders: Record<string, string> = {};

  readonly upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: Handler = null;
  onerror: Handler = null;
  onabort: Handler = null;

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.requestHeaders.set(name.toLowerCase(), value);
  }

  getResponseHeader(name: string): string | null {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }

  send(body: Document | XMLHttpRequestBodyInit | null = null): void {
    this.body = body;
    FakeXhr.sent.push(this);
  }

  abort(): void {
    this.aborted = true;
    this.onabort?.();
  }

  /** The browser reports that `loaded` of `total` request bytes went out. */
  progress(loaded: number, total: number): void {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }

  /** The server answers; objects are sent as JSON. */
  respond(status: number, body: unknown, statusText = ''): void {
    this.status = status;
    this.statusText = statusText;
    if (typeof body === 'string') {
      this.responseText = body;
      this.responseHeaders = { 'content-type': 'text/plain' };
    } else {
      this.responseText = body === undefined ? '' : JSON.stringify(body);
      this.responseHeaders = { 'content-type': 'application/json; charset=utf-8' };
    }
    this.onload?.();
  }

  /** The connection broke without an answer. */
  fail(): void {
    this.onerror?.();
  }
}

/** Replaces XMLHttpRequest for the current test (vitest's unstubGlobals restores it). */
export function installFakeXhr(): typeof FakeXhr {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return FakeXhr;
}

/** The last request sent. */
export function lastXhr(): FakeXhr {
  const xhr = FakeXhr.sent.at(-1);
  if (!xhr) throw new Error('No upload was sent');
  return xhr;
}
