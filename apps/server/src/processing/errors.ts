/**
 * Failures of processing as the author sees them (the job's last error, shown as the post's
 * `processing_error`, and the notes of its analysis) and whether trying again can help.
 */

/**
 * A failure that the same input will always cause again — a decompression bomb, a file that needs
 * more time or memory than a reader may take — so the job fails at once instead of retrying.
 */
export class PermanentJobError extends Error {
  override readonly name: string = 'PermanentJobError';
}

export type ResourceLimit = 'time' | 'memory' | 'inflate' | 'crash';

/** A reader ran into one of its limits (or died): permanent, since the input stays the same. */
export class ResourceLimitError extends PermanentJobError {
  override readonly name = 'ResourceLimitError';
  constructor(
    readonly limit: ResourceLimit,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The server could not give a file to its reader (no scratch space, no process): not the file's
 * fault, so the job fails and is retried later instead of the file being noted as unreadable.
 */
export class ReaderUnavailableError extends Error {
  override readonly name = 'ReaderUnavailableError';
}

/** Longest message kept for people; the full error goes to the log. */
const MAX_PUBLIC_MESSAGE_CHARS = 300;

// `Command failed: ffmpeg -v error -i /data/tmp/…` is how child_process reports a failed tool: the
// command line names the scratch files and every option, none of which the author should see.
const COMMAND_LINE = /\bCommand failed:[^\n]*/g;
// Absolute POSIX paths (at least one segment after a slash that does not follow a word, so
// "MB/s" and "and/or" stay), Windows paths and file: URLs.
const FILE_URL = /\bfile:\/[^\s'"()<>:]*/gi;
const POSIX_PATH = /(?<![\w.:/~-])~?\/(?:[\w.@%+=,~-]+\/)*[\w.@%+=,~-]+\/?/g;
const WINDOWS_PATH = /\b[A-Za-z]:\\(?:[^\s\\:*?"'<>|()]+\\)*[^\s\\:*?"'<>|()]*/g;

/**
 * A message safe to show the author: no stack, no command lines, no file-system paths, one line,
 * bounded. Whatever is left still says what went wrong ("[path]: Invalid data found").
 */
export function sanitizeErrorText(text: string): string {
  const withoutStack = text.split(/\n\s+at\s/)[0] ?? '';
  const cleaned = withoutStack
    .replace(COMMAND_LINE, 'a command failed')
    .replace(FILE_URL, '[path]')
    .replace(WINDOWS_PATH, '[path]')
    .replace(POSIX_PATH, '[path]')
    .replace(/\s+/g, ' ')
    .trim();
  const bounded =
    cleaned.length > MAX_PUBLIC_MESSAGE_CHARS
      ? `${cleaned.slice(0, MAX_PUBLIC_MESSAGE_CHARS - 1).trimEnd()}…`
      : cleaned;
  return bounded || 'processing failed';
}

/** The sanitized message of anything thrown. */
export function publicErrorMessage(error: unknown): string {
  return sanitizeErrorText(error instanceof Error ? error.message : String(error));
}
