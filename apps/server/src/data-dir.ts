import { mkdir, rm, writeFile } from 'node:fs/promises';
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

/**
 * Creates the data directory when missing and proves it is writable by writing to it, because
 * permission bits alone say nothing for root or for read-only mounts.
 */
export async function prepareDataDir(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
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
