import type { AnalyzerLog, SourcedAnalyzer } from './fallback.js';
import { withFallback, withSource } from './fallback.js';
import { createOpenAiAnalyzer } from './openai/openai-analyzer.js';
import type { Analyzer } from './types.js';
import {
  AnalyzerConfigError,
  resolveOpenAiSettings,
  type AnalyzerConfig,
} from '../../settings/analyzer.js';

export {
  ANALYZER_DEFAULTS,
  AnalyzerConfigError,
  resolveOpenAiSettings,
  type AnalyzerConfig,
  type OpenAiSettings,
} from '../../settings/analyzer.js';

/**
 * The analyzer the pipeline uses. `embedded` is always needed: it is the analyzer of
 * AI_PROVIDER=embedded and the fallback of AI_PROVIDER=openai when the endpoint keeps failing.
 * Either way the result has analyzeWithSource, which says who produced each analysis.
 */
export function createAnalyzer(
  config: AnalyzerConfig,
  embedded: Analyzer,
  log?: AnalyzerLog,
): SourcedAnalyzer {
  switch (config.provider) {
    case 'embedded':
      return withSource(embedded);
    case 'openai':
      return withFallback(createOpenAiAnalyzer(resolveOpenAiSettings(config)), embedded, log);
    default: {
      const provider: never = config.provider;
      throw new AnalyzerConfigError(
        `AI_PROVIDER must be "embedded" or "openai", got "${String(provider)}"`,
      );
    }
  }
}
