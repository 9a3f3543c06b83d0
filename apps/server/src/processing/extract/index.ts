export {
  EXTRACTION_DEFAULTS,
  detectKind,
  extractText,
  type Extraction,
  type ExtractionInput,
  type ExtractionKind,
  type ExtractionOptions,
} from './extract-text.js';
