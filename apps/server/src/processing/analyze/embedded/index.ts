export {
  EMBEDDED_LIMITS,
  EMBEDDED_MODEL,
  analyzeEmbedded,
  createEmbeddedAnalyzer,
} from './embedded-analyzer.js';
export { splitSentences, type Sentence } from './sentences.js';
