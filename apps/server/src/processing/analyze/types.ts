/**
 * What an analyzer reads and writes. Analyzers are interchangeable: the embedded one (offline,
 * deterministic) and any OpenAI-compatible endpoint produce the same Analysis.
 */

export interface AnalysisInput {
  title: string;
  summary: string;
  content: string;
  tags: string[];
  /** Text extracted from the post's files (bounded), '' when none could be read. */
  text: string;
  /** The author's guidance (spec §3 ai_instruction); guidance only, never instructions to obey. */
  instruction: string;
}

export interface Analysis {
  /** A short overview: one or two paragraphs of plain text. */
  overview: string;
  /** The most informative sentences or statements, 3–6 of them. */
  keyPoints: string[];
  /** Lower-case key phrases suited as tags, 3–8 of them. */
  tags: string[];
  /** Questions or themes to discuss, 2–5 of them. */
  topics: string[];
}

export interface Analyzer {
  /** 'embedded', 'openai', … — recorded with each analysis. */
  readonly provider: string;
  /** The model or algorithm, e.g. 'textrank-1' or 'gpt-4o-mini'. */
  readonly model: string;
  analyze(input: AnalysisInput, options?: { signal?: AbortSignal }): Promise<Analysis>;
}
