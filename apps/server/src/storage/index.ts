export {
  ContentStore,
  UploadSession,
  CHUNK_SIZE,
  MAX_CHILDREN_PER_NODE,
  kuboImporterOptions,
} from './content-store.js';
export type {
  ByteSource,
  CarOptions,
  CatOptions,
  CollectGarbageOptions,
  ContentStat,
  ContentStoreOptions,
  GarbageCollection,
  ImportOptions,
  ImportedContent,
  RecordedRoots,
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
