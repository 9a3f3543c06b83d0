import { setTimeout as sleep } from 'node:timers/promises';
import OpenAI, { APIConnectionError, APIError } from 'openai';
import type { Analysis, AnalysisInput, Analyzer } from '../types.js';
import { MalformedAnswerError, parseAnswer } from './answer.js';
import { buildMessages } from './prompt.js';

export interface OpenAiAnalyzerOptions {
  /** The endpoint's base URL including the version path, e.g. http://localhost:11434/v1. */
  baseUrl: string;
  /** Sent as a Bearer token; '' for local servers that need none (then no Authorization header). */
  apiKey: string;
  model: string;
  /** The longest one request may take, from sending to the last byte of the answer. */
  timeoutMs: number;
  /** Requests per analysis, the first included (at least 1). */
  maxAttempts: number;
  fetch?: typeof fetch;
  /** The first pause between attempts; it doubles after each (default 500 ms). */
  retryBaseDelayMs?: number;
  /** The longest pause between attempts (default 8 s; a server's Retry-After may ask for up to 30 s). */
  retryMaxDelayMs?: number;
}

const RETRY_AFTER_MAX_MS = 30_000;

/** A request that took longer than timeoutMs (our own clock, covering the body as well). */
class AttemptTimeoutError extends Error {
  override readonly name = 'AttemptTimeoutError';
}

/** The endpoint answered with an error that another attempt would not change (401, 404, 422, …). */
function isRetryable(error: unknown): boolean {
  if (error instanceof MalformedAnswerError || error instanceof AttemptTimeoutError) return true;
  if (error instanceof APIConnectionError) return true; // refused, reset, DNS, SDK timeout
  if (error instanceof APIError) {
    const status = error.status ?? 0;
    return status === 408 || status === 409 || status === 425 || status === 429 || status >= 500;
  }
  return true; // an unexpected failure (e.g. a body that is not a completion): worth another try
}

function retryAfterMs(error: unknown): number {
  if (!(error instanceof APIError) || !error.headers) return 0;
  const header = error.headers.get('retry-after-ms') ?? error.headers.get('retry-after');
  if (!header) return 0;
  const ms = error.headers.has('retry-after-ms')
    ? Number(header)
    : Number.isFinite(Number(header))
      ? Number(header) * 1000
      : Date.parse(header) - Date.now();
  return Number.isFinite(ms) && ms > 0 ? Math.min(ms, RETRY_AFTER_MAX_MS) : 0;
}

function describe(error: unknown): string {
  if (error instanceof AttemptTimeoutError) return error.message;
  if (error instanceof APIError && error.status) return `HTTP ${error.status}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

/**
 * An Analyzer backed by any OpenAI-compatible Chat Completions endpoint (OpenAI, Azure-style
 * gateways, Ollama, vLLM, llama.cpp, LM Studio, …), through the official `openai` SDK.
 *
 * The SDK's own retries are off: this analyzer retries itself, so that an answer that is not the
 * JSON we asked for is retried as well as network errors, timeouts, 408/409/429 and 5xx, with
 * exponential backoff, up to maxAttempts requests. Other 4xx fail at once. A server that rejects
 * `response_format` with a 400 is asked once more without it, and from then on never with it.
 * The abort signal stops a request in flight and any pause between attempts.
 */
export function createOpenAiAnalyzer(options: OpenAiAnalyzerOptions): Analyzer {
  const maxAttempts = Math.max(1, Math.floor(options.maxAttempts));
  const baseDelay = options.retryBaseDelayMs ?? 500;
  const maxDelay = options.retryMaxDelayMs ?? 8_000;
  const client = new OpenAI({
    baseURL: options.baseUrl,
    // The SDK insists on a key; with none we send a placeholder and then drop the header.
    apiKey: options.apiKey || 'none',
    ...(options.apiKey ? {} : { defaultHeaders: { Authorization: null } }),
    // Never pick up OPENAI_ORG_ID / OPENAI_PROJECT_ID from the environment.
    organization: null,
    project: null,
    timeout: options.timeoutMs,
    maxRetries: 0,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  let useResponseFormat = true;

  async function request(
    input: AnalysisInput,
    withResponseFormat: boolean,
    signal: AbortSignal | undefined,
  ): Promise<Analysis> {
    const attempt = new AbortController();
    const timer = setTimeout(
      () => attempt.abort(new AttemptTimeoutError(`No answer within ${options.timeoutMs} ms`)),
      options.timeoutMs,
    );
    const onAbort = () => attempt.abort(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const completion = await client.chat.completions.create(
        {
          model: options.model,
          messages: buildMessages(input),
          ...(withResponseFormat ? { response_format: { type: 'json_object' as const } } : {}),
        },
        { signal: attempt.signal },
      );
      const choice = completion.choices?.[0];
      if (choice?.finish_reason === 'length') {
        throw new MalformedAnswerError('The answer was cut off at the token limit');
      }
      return parseAnswer(choice?.message?.content);
    } catch (error) {
      signal?.throwIfAborted();
      // Our timer aborted the request: the SDK reports that as a user abort; say what it was.
      const reason: unknown = attempt.signal.reason;
      if (reason instanceof AttemptTimeoutError) throw reason;
      throw error;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  /**
   * One attempt. A server that rejects response_format with a 400 is asked again without it, once,
   * within the same attempt; when that request gets through, the server is remembered as one that
   * does not know response_format.
   */
  async function attemptOnce(
    input: AnalysisInput,
    signal: AbortSignal | undefined,
    state: { responseFormat: boolean },
  ): Promise<Analysis> {
    if (state.responseFormat) {
      try {
        return await request(input, true, signal);
      } catch (error) {
        if (!(error instanceof APIError && error.status === 400)) throw error;
      }
      state.responseFormat = false;
    }
    try {
      const analysis = await request(input, false, signal);
      useResponseFormat = false;
      return analysis;
    } catch (error) {
      if (error instanceof MalformedAnswerError) useResponseFormat = false;
      throw error;
    }
  }

  async function analyze(
    input: AnalysisInput,
    { signal }: { signal?: AbortSignal } = {},
  ): Promise<Analysis> {
    const failures: string[] = [];
    let lastError: unknown;
    const state = { responseFormat: useResponseFormat };
    for (let attempt = 0; attempt < maxAttempts; attempt += 1) {
      signal?.throwIfAborted();
      try {
        return await attemptOnce(input, signal, state);
      } catch (error) {
        signal?.throwIfAborted();
        lastError = error;
        failures.push(`attempt ${attempt + 1}: ${describe(error)}`);
        if (!isRetryable(error) || attempt + 1 >= maxAttempts) break;
        const backoff = Math.min(maxDelay, baseDelay * 2 ** attempt);
        try {
          await sleep(Math.max(backoff, retryAfterMs(error)), undefined, signal ? { signal } : {});
        } catch {
          signal?.throwIfAborted();
        }
      }
    }
    throw new Error(
      `The OpenAI-compatible endpoint at ${options.baseUrl} (model ${options.model}) failed: ${failures.join('; ')}`,
      { cause: lastError },
    );
  }

  return { provider: 'openai', model: options.model, analyze };
}
