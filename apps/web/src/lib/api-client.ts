import { API_BASE_PATH, API_TIMEOUT_MS, MESSAGES } from '@symposia/shared';
import type { ZodType } from 'zod';
import { isAnswerSchema, type AnswerSchema } from './answer-schema';
import { authStore } from './auth-store';

/** The values filled into a coded message (message-codes.ts in packages/shared). */
export type MessageValues = Record<string, string>;

/**
 * A field-level problem of a 422 answer; `code` and `values` name its message so that it can be
 * shown in the reader's language (lib/localize-message.ts).
 */
export type FieldError = { field: string; message: string; code?: string; values?: MessageValues };

type ApiErrorKind = 'http' | 'timeout' | 'network';

/** A call that did not succeed: an HTTP error answer, or no answer at all (status 0). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly kind: ApiErrorKind;
  /**
   * The server's `detail` (English), or our own explanation when no answer arrived. For the
   * reader's language use `localizedDetail(error)` from lib/localize-message.ts.
   */
  readonly detail: string;
  /** The code of the server's `detail` and the values filled into it, when it has one. */
  readonly code: string | undefined;
  readonly values: MessageValues | undefined;
  /** Field-level problems of a 422 answer. */
  readonly errors: FieldError[];
  readonly body: unknown;

  constructor(init: {
    status: number;
    kind: ApiErrorKind;
    detail: string;
    code?: string;
    values?: MessageValues;
    errors?: FieldError[];
    body?: unknown;
    cause?: unknown;
  }) {
    super(init.detail, { cause: init.cause });
    this.status = init.status;
    this.kind = init.kind;
    this.detail = init.detail;
    this.code = init.code;
    this.values = init.values;
    this.errors = init.errors ?? [];
    this.body = init.body;
  }
}

/**
 * A successful answer whose body breaks the API contract. This is a defect, not a condition a
 * person can act on, so callers let it reach the global error screen.
 */
export class InvalidResponseError extends Error {
  override readonly name = 'InvalidResponseError';
  readonly details: string;

  constructor(message: string, details: string) {
    super(message);
    this.details = details;
  }
}

type Scalar = string | number | boolean | null | undefined;
export type FormFields = Record<string, Scalar | readonly Scalar[]>;
export type MultipartFields = Record<string, Scalar | Blob | readonly (Scalar | Blob)[]>;

class JsonPayload {
  constructor(readonly value: unknown) {}
}

/** Marks a body to be sent as JSON instead of the default form encoding. */
export const jsonBody = (value: unknown) => new JsonPayload(value);

/** Builds a multipart body; repeated keys come from arrays, absent values are left out. */
export function multipartBody(fields: MultipartFields): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values as (Scalar | Blob)[]) {
      if (item === undefined || item === null) continue;
      if (item instanceof Blob) form.append(key, item);
      else form.append(key, String(item));
    }
  }
  return form;
}

function formEncode(fields: FormFields): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    const values: readonly Scalar[] = Array.isArray(value) ? value : [value as Scalar];
    for (const item of values) {
      if (item !== undefined && item !== null) params.append(key, String(item));
    }
  }
  return params;
}

export type RequestBody = FormFields | FormData | JsonPayload;

export type RequestOptions<T = unknown> = {
  body?: RequestBody;
  params?: Record<string, Scalar>;
  /**
   * Validates the answer; a mismatch throws InvalidResponseError. A shared contract schema is
   * named with `contract('…Schema')` (lib/answer-schema.ts) so that zod loads only when an answer
   * is checked, not with the page.
   */
  schema?: ZodType<T> | AnswerSchema<T>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * What the login overlay says when this call answers 401, or `false` to end the session without
   * asking to sign in again (e.g. logging out with an already expired token).
   */
  loginPrompt?: string | false;
  timeoutMs?: number;
};

function buildUrl(path: string, params?: Record<string, Scalar>): string {
  const url = `${API_BASE_PATH}${path}`;
  if (!params) return url;
  const query = formEncode(params).toString();
  return query ? `${url}?${query}` : url;
}

function encodeBody(body: RequestBody | undefined, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (body instanceof FormData) return body; // the browser sets the multipart boundary
  if (body instanceof JsonPayload) {
    headers.set('Content-Type', 'application/json');
    return JSON.stringify(body.value);
  }
  headers.set('Content-Type', 'application/x-www-form-urlencoded;charset=UTF-8');
  return formEncode(body);
}

/** An answer's body: parsed JSON when it says it is JSON and parses, else the text itself. */
export function parseAnswerBody(
  text: string,
  contentType: string | null,
): { data: unknown; isJson: boolean } {
  if (!text) return { data: undefined, isJson: false };
  if (!/[/+]json\b/i.test(contentType ?? '')) return { data: text, isJson: false };
  try {
    return { data: JSON.parse(text) as unknown, isJson: true };
  } catch {
    return { data: text, isJson: false };
  }
}

async function readBody(response: Response): Promise<{ data: unknown; isJson: boolean }> {
  return parseAnswerBody(await response.text(), response.headers.get('Content-Type'));
}

/** The `code` and `values` of a message in an error body, when they are well formed. */
function messageCodeOf(item: Record<string, unknown>): { code?: string; values?: MessageValues } {
  if (typeof item.code !== 'string') return {};
  const values = item.values;
  const wellFormed =
    typeof values === 'object' &&
    values !== null &&
    Object.values(values).every((value) => typeof value === 'string');
  return wellFormed ? { code: item.code, values: values as MessageValues } : { code: item.code };
}

/** The ApiError of an error answer: the server's `detail` and its code, field errors, the body. */
export function errorFromAnswer(
  response: { status: number; statusText: string },
  data: unknown,
): ApiError {
  const body = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  const detail =
    typeof body.detail === 'string'
      ? body.detail
      : typeof body.error_description === 'string'
        ? body.error_description
        : response.statusText || `Request failed with status ${response.status}`;
  // The code belongs to `detail`: an answer without one (an OAuth error, a proxy's page) has none.
  const code = typeof body.detail === 'string' ? messageCodeOf(body) : {};
  const errors = Array.isArray(body.errors)
    ? body.errors
        .filter(
          (item): item is Record<string, unknown> & FieldError =>
            typeof item === 'object' &&
            item !== null &&
            typeof (item as FieldError).field === 'string' &&
            typeof (item as FieldError).message === 'string',
        )
        .map((item) => ({ field: item.field, message: item.message, ...messageCodeOf(item) }))
    : [];
  return new ApiError({
    status: response.status,
    kind: 'http',
    detail,
    ...code,
    errors,
    body: data,
  });
}

/**
 * The stored token was refused: forget the session and ask to sign in again. Only the token that
 * was actually sent is forgotten, so a late 401 cannot end a session started in the meantime.
 */
export function endSessionAfter401(sentToken: string | null, loginPrompt?: string | false): void {
  if (sentToken !== null && authStore.getState().token === sentToken) authStore.clear();
  if (loginPrompt === false) return;
  authStore.requestLogin(loginPrompt ?? (sentToken ? MESSAGES.sessionExpired : undefined));
}

type AnyAnswerSchema<T> = ZodType<T> | AnswerSchema<T>;

/** Loads zod and the shared contract once, on the first answer that is checked. */
const loadAnswerContract = () => import('./answer-contract');

async function validate<T>(
  schema: AnyAnswerSchema<T>,
  data: unknown,
  method: string,
  path: string,
  list = false,
): Promise<T> {
  const { checkAnswer } = await loadAnswerContract();
  const checked = checkAnswer(isAnswerSchema(schema) ? schema.contractSchema : schema, data, {
    list,
  });
  if (checked.ok) return checked.data as T;
  throw new InvalidResponseError(MESSAGES.invalidResponse(method, path), checked.details);
}

async function send(method: string, path: string, options: RequestOptions<unknown>) {
  const headers = new Headers({ Accept: 'application/json', ...options.headers });
  // The language the reader chose (<html lang>, lib/i18n.ts), not only the browser's: what the
  // server writes for them, such as an email, speaks it.
  const language = typeof document === 'undefined' ? '' : document.documentElement.lang;
  if (language && !headers.has('Accept-Language')) headers.set('Accept-Language', language);
  // An explicit Authorization header wins: signing in checks a new token before storing it.
  const storedToken = headers.has('Authorization') ? null : authStore.getState().token;
  if (storedToken) headers.set('Authorization', `Bearer ${storedToken}`);
  const body = encodeBody(options.body, headers);

  // One controller carries both our timeout and the caller's cancellation (e.g. TanStack Query).
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? API_TIMEOUT_MS);
  const forwardAbort = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) forwardAbort();
  options.signal?.addEventListener('abort', forwardAbort, { once: true });

  try {
    const response = await fetch(buildUrl(path, options.params), {
      method,
      headers,
      body,
      signal: controller.signal,
    });
    const { data } = await readBody(response);
    return { response, data, sentToken: storedToken };
  } catch (error) {
    if (timedOut) {
      throw new ApiError({
        status: 0,
        kind: 'timeout',
        detail: MESSAGES.requestTimedOut,
        cause: error,
      });
    }
    if (options.signal?.aborted) throw error;
    throw new ApiError({ status: 0, kind: 'network', detail: MESSAGES.networkError, cause: error });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
  }
}

/**
 * Calls `/api/v1{path}` (spec §7): JSON accepted, bearer token attached when signed in, body
 * form-encoded unless marked JSON or multipart, answer unwrapped to its parsed body.
 */
export async function request<T = unknown>(
  method: string,
  path: string,
  options: RequestOptions<T> = {},
): Promise<T> {
  const { response, data, sentToken } = await send(
    method,
    path,
    options as RequestOptions<unknown>,
  );
  if (!response.ok) {
    if (response.status === 401) endSessionAfter401(sentToken, options.loginPrompt);
    throw errorFromAnswer(response, data);
  }
  return options.schema ? validate(options.schema, data, method, path) : (data as T);
}

type ListOptions<T> = Omit<RequestOptions, 'schema' | 'body'> & { item?: AnyAnswerSchema<T> };

/** A list call: an answer that is not an array is logged and read as empty (spec §7). */
async function getList<T = unknown>(path: string, options: ListOptions<T> = {}): Promise<T[]> {
  const { item, ...rest } = options;
  const data = await request<unknown>('GET', path, rest);
  if (!Array.isArray(data)) {
    console.warn(`GET ${path} answered with something other than a list; showing none.`, data);
    return [];
  }
  return item
    ? validate<T[]>(item as AnyAnswerSchema<T[]>, data, 'GET', path, true)
    : (data as T[]);
}

export const api = {
  request,
  get: <T = unknown>(path: string, options?: Omit<RequestOptions<T>, 'body'>) =>
    request<T>('GET', path, options),
  post: <T = unknown>(path: string, body?: RequestBody, options?: RequestOptions<T>) =>
    request<T>('POST', path, { ...options, body }),
  getList,
};
