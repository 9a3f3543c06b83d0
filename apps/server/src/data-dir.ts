import { chmod, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { StartupError } from './startup-error.js';

const REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
  ENOTDIR: 'part of the path is a file, not a directory',
  EEXIST: 'a file with that name already exists',
};

function reason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return (code && REASONS[code]) ?? (error instanceof Error ? error.message : String(error));
}

/** Only the server's own user may enter the data directory: it holds the database and keys. */
export const DATA_DIR_MODE = 0o700;

/**
 * Creates the data directory when missing (mode 0700 whatever the umask) and proves it is
 * writable by writing to it, because permission bits alone say nothing for root or for read-only
 * mounts. A directory that already exists keeps the mode its operator gave it.
 */
export async function prepareDataDir(dir: string): Promise<void> {
  try {
    // mkdir's mode is filtered through the umask; chmod makes it exact.
    const created = await mkdir(dir, { recursive: true, mode: DATA_DIR_MODE });
    if (created !== undefined) await chmod(dir, DATA_DIR_MODE);
  } catch (error) {
    throw new StartupError(`DATA_DIR ${dir} cannot be created: ${reason(error)}`);
  }
  const probe = join(dir, `.write-check-${process.pid}`);
  try {
    await writeFile(probe, '');
    await rm(probe);
  } catch (error) {
    throw new StartupError(`DATA_DIR ${dir} is not writable: ${reason(error)}`);
  }
}
