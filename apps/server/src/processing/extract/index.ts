export { detectKind } from './detect-kind.js';
export {
  EXTRACTION_DEFAULTS,
  extractText,
  type Extraction,
  type ExtractionInput,
  type ExtractionKind,
  type ExtractionOptions,
} from './extract-text.js';
