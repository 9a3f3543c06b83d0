export {
  ContentStore,
  CHUNK_SIZE,
  MAX_CHILDREN_PER_NODE,
  kuboImporterOptions,
} from './content-store.js';
export type {
  ByteSource,
  CarOptions,
  CatOptions,
  ContentStat,
  ContentStoreOptions,
  ImportOptions,
  ImportedContent,
} from './content-store.js';
export { parseCid } from './cid.js';
export {
  ContentNotFoundError,
  CorruptContentError,
  FileTooLargeError,
  InvalidCidError,
  InvalidRangeError,
  UnsupportedContentError,
} from './errors.js';
