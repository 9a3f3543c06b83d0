import type { Analysis, AnalysisInput, Analyzer } from './types.js';

/** An analysis together with the analyzer that actually produced it. */
export interface SourcedAnalysis {
  analysis: Analysis;
  /** Provider of the analyzer that produced `analysis`, e.g. 'openai' or 'embedded'. */
  provider: string;
  /** Model of the analyzer that produced `analysis`. */
  model: string;
  /** Set when the primary analyzer failed and the fallback produced `analysis`. */
  fallbackFrom?: { provider: string; model: string; error: string };
}

/**
 * An Analyzer that also says who produced each analysis. The pipeline calls analyzeWithSource and
 * records `provider`/`model` from its result; `analyze` (the plain Analyzer contract) returns the
 * same analysis without that record. The readonly `provider`/`model` name the preferred analyzer.
 */
export interface SourcedAnalyzer extends Analyzer {
  analyzeWithSource(
    input: AnalysisInput,
    options?: { signal?: AbortSignal },
  ): Promise<SourcedAnalysis>;
}

export type AnalyzerLog = (message: string, error?: unknown) => void;

/** Wraps a single analyzer: its analyses always come from itself. */
export function withSource(analyzer: Analyzer): SourcedAnalyzer {
  return {
    provider: analyzer.provider,
    model: analyzer.model,
    analyze: (input, options) => analyzer.analyze(input, options),
    async analyzeWithSource(input, options) {
      const analysis = await analyzer.analyze(input, options);
      return { analysis, provider: analyzer.provider, model: analyzer.model };
    },
  };
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Tries `primary`; when it fails (after its own retries), logs why and returns `fallback`'s analysis
 * instead, marked as coming from the fallback. An aborted signal is not a failure of the primary:
 * it is passed on as is and the fallback is not tried. When the fallback fails too, its error is
 * thrown (the primary's is in the log).
 */
export function withFallback(
  primary: Analyzer,
  fallback: Analyzer,
  log: AnalyzerLog = () => {},
): SourcedAnalyzer {
  async function analyzeWithSource(
    input: AnalysisInput,
    options: { signal?: AbortSignal } = {},
  ): Promise<SourcedAnalysis> {
    try {
      const analysis = await primary.analyze(input, options);
      return { analysis, provider: primary.provider, model: primary.model };
    } catch (error) {
      options.signal?.throwIfAborted();
      log(
        `Analyzer ${primary.provider}/${primary.model} failed; using ${fallback.provider}/${fallback.model} instead`,
        error,
      );
      const analysis = await fallback.analyze(input, options);
      return {
        analysis,
        provider: fallback.provider,
        model: fallback.model,
        fallbackFrom: { provider: primary.provider, model: primary.model, error: message(error) },
      };
    }
  }

  return {
    provider: primary.provider,
    model: primary.model,
    analyzeWithSource,
    analyze: async (input, options) => (await analyzeWithSource(input, options)).analysis,
  };
}
