import { MESSAGES, UPLOAD_MAX_FILES, UPLOAD_MAX_FILE_BYTES } from '@symposia/shared';

/** What the selection rules look at; a `File` fits. */
export type FileLike = { name: string; size: number; lastModified?: number };

export type SelectionResult<T extends FileLike> = {
  /** The selection after the change. */
  files: T[];
  /** Why (part of) the new files were not taken, in the spec's words; empty when all were. */
  errors: string[];
};

const sameFile = (a: FileLike, b: FileLike) =>
  a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

/**
 * Adds newly picked or dropped files to the selection (spec §5 Upload):
 * - more than UPLOAD_MAX_FILES in total rejects the whole new selection ('Maximum 5 files allowed');
 * - each file over UPLOAD_MAX_FILE_BYTES is skipped ('File {name} exceeds 50MB limit'), the others
 *   are kept.
 * A file that is already selected (same name, size and modification time) is not added twice.
 */
export function selectFiles<T extends FileLike>(
  current: readonly T[],
  incoming: readonly T[],
): SelectionResult<T> {
  const fresh: T[] = [];
  for (const file of incoming) {
    if (!current.some((kept) => sameFile(kept, file)) && !fresh.some((f) => sameFile(f, file))) {
      fresh.push(file);
    }
  }

  if (current.length + fresh.length > UPLOAD_MAX_FILES) {
    return { files: [...current], errors: [MESSAGES.uploadMaxFiles] };
  }

  const errors: string[] = [];
  const accepted: T[] = [];
  for (const file of fresh) {
    if (file.size > UPLOAD_MAX_FILE_BYTES) errors.push(MESSAGES.uploadFileTooLarge(file.name));
    else accepted.push(file);
  }
  return { files: [...current, ...accepted], errors };
}

const UNITS = ['KB', 'MB', 'GB'] as const;

/** A file size for people: "512 B", "1.5 KB", "48.2 MB" (binary multiples, as the 50MB limit). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 100 ? Math.round(value) : Number(value.toFixed(1))} ${UNITS[unit]}`;
}
