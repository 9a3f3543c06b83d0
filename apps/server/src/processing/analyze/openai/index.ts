export { createOpenAiAnalyzer } from './openai-analyzer.js';
export type { OpenAiAnalyzerOptions } from './openai-analyzer.js';
export { MalformedAnswerError, parseAnswer } from './answer.js';
