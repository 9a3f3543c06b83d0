import type { ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { ReaderUnavailableError, ResourceLimitError } from '../errors.js';
import { forkSandboxChild, HEAP_EXHAUSTED, limitsWhile, notStarted } from './child-start.js';
import { isChildReady, type ChildReady, type PooledReply, type SandboxRequest } from './tasks.js';
import { limitMessage, residentBytes, watchProcess, type ProcessLimits } from './watchdog.js';

/**
 * A pool of long-lived sandbox children (issue 31): starting a child per file cost more than
 * parsing a small one. Each child is what sandbox.ts `runInChild` starts — its heap limit, an
 * environment of PATH alone, readers imported on first use — but it stays for the next file, one
 * at a time. Every task is watched exactly as a one-off child is: its wall-clock time from the
 * moment it is handed over to a child that is ready (a new child's start has its own allowance,
 * child-start.ts), the child's resident memory while it runs. A child that breaks a limit
 * or dies is killed (SIGKILL) and its task fails as it would in a child of its own; the next task
 * gets a fresh child. A child is also retired (and replaced when needed) after `maxTasksPerChild`
 * tasks, when a task leaves it holding more than half of its memory limit, and when it has been
 * idle for `idleMs` (all but the last one, which waits warm for the next upload), so memory a
 * parser kept, or anything a file did to it, does not outlive that.
 */
export interface ChildPool {
  readonly size: number;
  /** Runs one request in a child of the pool (waiting for a free one), within the limits. */
  run<T>(request: SandboxRequest, options: { cwd: string; signal?: AbortSignal }): Promise<T>;
  /** Children started so far, replacements included. */
  started(): number;
  /** Kills every child; tasks still waiting fail with a ReaderUnavailableError. */
  close(): Promise<void>;
}

export interface PoolSettings {
  /** Children at most, each running one task at a time. */
  size: number;
  limits: ProcessLimits;
  /** The child's entry (child.ts, or a test's). */
  entry: URL;
  /** Where children start (each task then works in its own directory). */
  cwd: string;
  /** Tasks one child runs before it is replaced. */
  maxTasksPerChild?: number;
  /** An idle child exits after this long. */
  idleMs?: number;
}

const DEFAULT_MAX_TASKS_PER_CHILD = 200;
const DEFAULT_IDLE_MS = 60_000;

interface Task {
  request: SandboxRequest;
  cwd: string;
  signal?: AbortSignal;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  onAbort?: () => void;
}

interface Member {
  child: ChildProcess;
  /** The task it runs, with what watches it. */
  running?: {
    id: number;
    task: Task;
    limit?: 'time' | 'memory';
    /** The limit was reached before the child was ready: the start's, not the file's. */
    limitWhileStarting?: boolean;
    stopWatching: () => void;
    aborted?: boolean;
  };
  /** It has loaded and listens (tasks.ts `ChildReady`). */
  ready: boolean;
  tasksDone: number;
  stderr: string;
  startError?: Error;
  idleTimer?: NodeJS.Timeout;
  retiring: boolean;
}

/** A child keeps this process alive only while it works for it. */
function holdOpen(child: ChildProcess, hold: boolean): void {
  const handles = [child, child.channel, child.stderr] as ({ ref(): void; unref(): void } | null)[];
  for (const handle of handles) {
    if (hold) handle?.ref();
    else handle?.unref();
  }
}

export function createChildPool(settings: PoolSettings): ChildPool {
  const { limits, entry } = settings;
  const size = Math.max(1, settings.size);
  const maxTasks = settings.maxTasksPerChild ?? DEFAULT_MAX_TASKS_PER_CHILD;
  const idleMs = settings.idleMs ?? DEFAULT_IDLE_MS;
  const members = new Set<Member>();
  const idle: Member[] = [];
  const waiting: Task[] = [];
  let started = 0;
  let nextId = 0;
  let closed = false;

  function start(): Member {
    mkdirSync(settings.cwd, { recursive: true });
    const child = forkSandboxChild(entry, settings.cwd, limits.memoryMb);
    started += 1;
    const member: Member = { child, ready: false, tasksDone: 0, stderr: '', retiring: false };
    members.add(member);
    child.stderr?.on('data', (chunk: Buffer) => {
      member.stderr = (member.stderr + chunk.toString('utf8')).slice(-4096);
    });
    child.on('message', (message: PooledReply | ChildReady) => {
      if (isChildReady(message)) becameReady(member);
      else answered(member, message);
    });
    child.on('error', (error) => {
      member.startError ??= error;
    });
    child.on('close', (code, signal) => gone(member, code, signal));
    return member;
  }

  /** Hands the next waiting task to a free child, starting one while the pool has room. */
  function dispatch(): void {
    while (waiting.length > 0 && !closed) {
      let member = idle.pop();
      if (!member) {
        if (members.size >= size) return;
        member = start();
      }
      const task = waiting.shift() as Task;
      give(member, task);
    }
  }

  function give(member: Member, task: Task): void {
    clearTimeout(member.idleTimer);
    holdOpen(member.child, true);
    const id = (nextId += 1);
    member.stderr = '';
    const running: NonNullable<Member['running']> = {
      id,
      task,
      stopWatching: () => undefined,
    };
    member.running = running;
    watch(member, running);
    if (task.signal) {
      task.signal.removeEventListener('abort', task.onAbort as () => void);
      task.onAbort = () => {
        running.aborted = true;
        member.child.kill('SIGKILL');
      };
      task.signal.addEventListener('abort', task.onAbort, { once: true });
    }
    member.child.send({ ...task.request, id, cwd: task.cwd }, (error) => {
      if (error) member.child.kill('SIGKILL');
    });
  }

  /** Watches the task's child by the limits of its state (starting, or ready and reading). */
  function watch(member: Member, running: NonNullable<Member['running']>): void {
    running.stopWatching();
    running.stopWatching = watchProcess(
      member.child,
      limitsWhile(member.ready, limits),
      (reached) => {
        running.limit = reached;
        running.limitWhileStarting = !member.ready;
      },
    );
  }

  /** A new child has loaded: the clock of the task handed to it starts now. */
  function becameReady(member: Member): void {
    member.ready = true;
    const running = member.running;
    if (running && !running.limit && !running.aborted) watch(member, running);
  }

  function settle(running: NonNullable<Member['running']>): Task {
    running.stopWatching();
    const { task } = running;
    if (task.onAbort) task.signal?.removeEventListener('abort', task.onAbort);
    return task;
  }

  function answered(member: Member, reply: PooledReply): void {
    const running = member.running;
    // A late answer (its task already failed, the child being killed) is nobody's.
    if (!running || reply.id !== running.id || running.limit || running.aborted) return;
    member.running = undefined;
    const task = settle(running);
    if (reply.ok) task.resolve(reply.value);
    else task.reject(new Error(reply.message));
    member.tasksDone += 1;
    const rss = member.child.pid === undefined ? undefined : residentBytes(member.child.pid);
    if (
      closed ||
      member.tasksDone >= maxTasks ||
      (rss !== undefined && rss > (limits.memoryMb * 1024 * 1024) / 2)
    ) {
      retire(member);
    } else {
      rest(member);
    }
    dispatch();
  }

  /** A free child waits for the next task, and leaves after `idleMs` without one. */
  function rest(member: Member): void {
    holdOpen(member.child, false);
    idle.push(member);
    member.idleTimer = setTimeout(() => {
      // The last child stays: a lone upload after a quiet hour is read at once too.
      if (members.size <= 1) return;
      const index = idle.indexOf(member);
      if (index >= 0) idle.splice(index, 1);
      retire(member);
    }, idleMs);
    member.idleTimer.unref();
  }

  function retire(member: Member): void {
    member.retiring = true;
    clearTimeout(member.idleTimer);
    member.child.kill('SIGKILL');
  }

  function gone(member: Member, code: number | null, signal: NodeJS.Signals | null): void {
    members.delete(member);
    clearTimeout(member.idleTimer);
    const index = idle.indexOf(member);
    if (index >= 0) idle.splice(index, 1);
    const running = member.running;
    member.running = undefined;
    if (running) {
      const task = settle(running);
      task.reject(failureOf(member, running, code, signal));
    }
    dispatch();
  }

  /** Why a child died while it ran a task: what runInChild says of a one-off child. */
  function failureOf(
    member: Member,
    running: NonNullable<Member['running']>,
    code: number | null,
    signal: NodeJS.Signals | null,
  ): unknown {
    if (running.limit === 'time' && running.limitWhileStarting) return notStarted(limits);
    if (running.limit) {
      return new ResourceLimitError(running.limit, limitMessage(running.limit, limits));
    }
    if (running.aborted) return running.task.signal?.reason;
    if (HEAP_EXHAUSTED.test(member.stderr)) {
      return new ResourceLimitError('memory', limitMessage('memory', limits));
    }
    if (member.startError) {
      return new ReaderUnavailableError(
        `the file reader could not be started: ${member.startError.message}`,
      );
    }
    if (closed) return new ReaderUnavailableError('the file readers were stopped');
    // Killed by the system, or a parser crashed the process: the same file will do it again.
    return new ResourceLimitError('crash', `reading it stopped the reader (${signal ?? code})`);
  }

  return {
    size,
    run<T>(request: SandboxRequest, options: { cwd: string; signal?: AbortSignal }) {
      const { signal } = options;
      if (signal?.aborted) return Promise.reject(signal.reason as Error);
      if (closed)
        return Promise.reject(new ReaderUnavailableError('the file readers were stopped'));
      return new Promise<T>((resolve, reject) => {
        const task: Task = {
          request,
          cwd: options.cwd,
          signal,
          resolve: resolve as (value: unknown) => void,
          reject,
        };
        if (signal) {
          // Aborted while it waits: it leaves the queue, no child is touched.
          task.onAbort = () => {
            const index = waiting.indexOf(task);
            if (index >= 0) waiting.splice(index, 1);
            reject(signal.reason as Error);
          };
          signal.addEventListener('abort', task.onAbort, { once: true });
        }
        waiting.push(task);
        dispatch();
      });
    },
    started: () => started,
    async close() {
      closed = true;
      for (const task of waiting.splice(0)) {
        if (task.onAbort) task.signal?.removeEventListener('abort', task.onAbort);
        task.reject(new ReaderUnavailableError('the file readers were stopped'));
      }
      const exits = [...members].map(
        (member) =>
          new Promise<void>((resolve) => {
            if (member.child.exitCode !== null || member.child.signalCode !== null) resolve();
            else member.child.once('close', () => resolve());
          }),
      );
      for (const member of members) {
        // Waited for: an idle child no longer holds this process open, its exit must.
        holdOpen(member.child, true);
        retire(member);
      }
      await Promise.all(exits);
    },
  };
}
