import { MESSAGES } from '@symposia/shared';

export type ErrorSource = 'render' | 'window';

export type ErrorDescription = { message: string; details?: string };

function hasText(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/**
 * What the global error screen says about an error: its own message when it has one, else the
 * spec's fallback for where it came from (spec §4, §8); details are the most specific thing known.
 */
export function describeError(error: unknown, source: ErrorSource): ErrorDescription {
  const fallback = source === 'window' ? MESSAGES.windowErrorFallback : MESSAGES.unexpectedError;
  if (error instanceof Error) {
    const own = (error as Error & { details?: unknown }).details;
    const details = hasText(own) ? own : error.stack?.split('\n').slice(1).join('\n').trim();
    return {
      message: hasText(error.message) ? error.message : fallback,
      details: details || undefined,
    };
  }
  // A bare string from the window (e.g. "Script error." of another origin) says too little alone.
  if (hasText(error))
    return source === 'window' ? { message: fallback, details: error } : { message: error };
  return { message: fallback, details: error === undefined ? undefined : String(error) };
}

/** Browser noise that is not a failure of the app and must not replace it. */
export function isIgnorableWindowError(event: ErrorEvent): boolean {
  return typeof event.message === 'string' && event.message.startsWith('ResizeObserver loop');
}

export function isIgnorableRejection(reason: unknown): boolean {
  // A cancelled request (navigation, unmount) is intended, not an error.
  return reason instanceof DOMException && reason.name === 'AbortError';
}
