import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { ResourceLimitError, sanitizeErrorText } from '../errors.js';

/** What one reader of an untrusted file may take: wall-clock time and resident memory. */
export interface ProcessLimits {
  timeoutMs: number;
  memoryMb: number;
  /** A sandbox child's time to load before it is ready (child-start.ts; 30 s unless set). */
  startTimeoutMs?: number;
}

/** How often a reader's resident memory is looked at. */
const MEMORY_POLL_MS = 25;

/**
 * Resident memory of a process in bytes, from /proc (Linux); undefined where there is no /proc or
 * once the process is gone. Resident memory counts what a heap limit does not: buffers, native
 * libraries (libvips, ffmpeg), typed arrays.
 */
export function residentBytes(pid: number): number | undefined {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

export function limitMessage(limit: 'time' | 'memory', limits: ProcessLimits): string {
  return limit === 'time'
    ? `reading it took longer than ${Math.round(limits.timeoutMs / 1000)} s`
    : `reading it needed more than ${limits.memoryMb} MB of memory`;
}

/**
 * Kills `child` with SIGKILL once it has run for `timeoutMs` or its resident memory passes
 * `memoryMb`, after telling `onLimit` which. Returns the function that stops watching; call it
 * when the child exits.
 */
export function watchProcess(
  child: ChildProcess,
  limits: ProcessLimits,
  onLimit: (limit: 'time' | 'memory') => void,
): () => void {
  const maxBytes = limits.memoryMb * 1024 * 1024;
  let tripped = false;
  const stop = () => {
    clearTimeout(timer);
    clearInterval(poll);
  };
  const trip = (limit: 'time' | 'memory') => {
    if (tripped) return;
    tripped = true;
    stop();
    onLimit(limit);
    child.kill('SIGKILL');
  };
  const timer = setTimeout(() => trip('time'), limits.timeoutMs);
  const poll = setInterval(() => {
    const rss = child.pid === undefined ? undefined : residentBytes(child.pid);
    if (rss !== undefined && rss > maxBytes) trip('memory');
  }, MEMORY_POLL_MS);
  return stop;
}

/** The last line a tool wrote on stderr that says something, without paths. */
function lastLine(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return sanitizeErrorText(lines[lines.length - 1] ?? '').slice(0, 160);
}

/**
 * Runs a tool (ffmpeg, ffprobe) on an untrusted file within `limits`, collecting at most
 * `maxOutputBytes` of its standard output. Failures say what went wrong without the command line
 * or any path; a limit reached is a ResourceLimitError.
 */
export function runLimitedCommand(
  command: string,
  args: string[],
  options: ProcessLimits & { maxOutputBytes: number; signal?: AbortSignal },
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // No secrets in the environment of a tool that reads untrusted input.
    const child = spawn(command, args, {
      env: { PATH: process.env.PATH ?? '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const chunks: Buffer[] = [];
    let outputBytes = 0;
    let stderr = '';
    let failure: Error | undefined;
    const fail = (error: Error) => {
      failure ??= error;
      child.kill('SIGKILL');
    };
    const stopWatching = watchProcess(child, options, (limit) => {
      failure ??= new ResourceLimitError(limit, limitMessage(limit, options));
    });
    const onAbort = () => fail(new Error(`${command} was stopped`));
    options.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => {
      outputBytes += chunk.length;
      if (outputBytes > options.maxOutputBytes) fail(new Error(`${command} wrote too much output`));
      else chunks.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      // Only the end says why it stopped; keep a bounded tail.
      stderr = (stderr + chunk.toString('utf8')).slice(-4096);
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      failure ??= new Error(
        error.code === 'ENOENT' ? `${command} is not installed` : `${command} could not be run`,
      );
    });
    child.on('close', (code) => {
      stopWatching();
      options.signal?.removeEventListener('abort', onAbort);
      if (failure) reject(failure);
      else if (code !== 0) {
        const reason = lastLine(stderr);
        reject(new Error(`${command} could not read the file${reason ? `: ${reason}` : ''}`));
      } else resolve(Buffer.concat(chunks));
    });
  });
}
