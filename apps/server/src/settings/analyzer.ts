/**
 * The AI_* settings (README configuration table): their shape, defaults and checks, here so that
 * config.ts can check them at start-up without loading the analyzers
 * (processing/analyze/create-analyzer.ts builds the analyzer from them).
 */

export interface AnalyzerConfig {
  /** AI_PROVIDER: 'embedded' (default) or 'openai'. */
  provider: 'embedded' | 'openai';
  /** AI_BASE_URL: the OpenAI-compatible endpoint, e.g. https://api.openai.com/v1. */
  baseUrl?: string;
  /** AI_API_KEY: may be empty for local servers. */
  apiKey?: string;
  /** AI_MODEL: e.g. gpt-4o-mini, llama3.1:8b. */
  model?: string;
  /** AI_TIMEOUT_MS: the longest one request may take. */
  timeoutMs?: number;
  /** AI_MAX_ATTEMPTS: requests per analysis before falling back to the embedded analyzer. */
  maxAttempts?: number;
}

export const ANALYZER_DEFAULTS = { timeoutMs: 60_000, maxAttempts: 3 } as const;

const LIMITS = { timeoutMs: { min: 100, max: 600_000 }, maxAttempts: { min: 1, max: 10 } } as const;

export class AnalyzerConfigError extends Error {
  override readonly name = 'AnalyzerConfigError';
}

export interface OpenAiSettings {
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
  maxAttempts: number;
}

function wholeNumber(name: string, value: number, { min, max }: { min: number; max: number }) {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new AnalyzerConfigError(`${name} must be a whole number from ${min} to ${max}`);
  }
  return value;
}

/**
 * Checks the settings AI_PROVIDER=openai needs and fills in defaults; throws AnalyzerConfigError
 * with a message naming the variable. config.ts may call it at start-up to fail early.
 */
export function resolveOpenAiSettings(config: AnalyzerConfig): OpenAiSettings {
  const baseUrl = config.baseUrl?.trim() ?? '';
  if (!baseUrl) {
    throw new AnalyzerConfigError(
      'AI_BASE_URL is required when AI_PROVIDER=openai (e.g. https://api.openai.com/v1 or http://localhost:11434/v1)',
    );
  }
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new AnalyzerConfigError(`AI_BASE_URL must be an http(s) URL, got "${baseUrl}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new AnalyzerConfigError(`AI_BASE_URL must be an http(s) URL, got "${baseUrl}"`);
  }
  const model = config.model?.trim() ?? '';
  if (!model) {
    throw new AnalyzerConfigError(
      'AI_MODEL is required when AI_PROVIDER=openai (e.g. gpt-4o-mini, or a model your server serves)',
    );
  }
  return {
    baseUrl,
    apiKey: config.apiKey?.trim() ?? '',
    model,
    timeoutMs: wholeNumber(
      'AI_TIMEOUT_MS',
      config.timeoutMs ?? ANALYZER_DEFAULTS.timeoutMs,
      LIMITS.timeoutMs,
    ),
    maxAttempts: wholeNumber(
      'AI_MAX_ATTEMPTS',
      config.maxAttempts ?? ANALYZER_DEFAULTS.maxAttempts,
      LIMITS.maxAttempts,
    ),
  };
}
