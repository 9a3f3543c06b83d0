import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { scenarios } from './scenarios/index.js';
import type { Target } from './scenarios/types.js';
import { describeDatabase } from '../src/config.js';
import { buildServer, startHelloWorld, type OwnProcess } from './processes.js';
import { startBenchServer } from './server.js';

/**
 * Load-tests the server against a bare Fastify hello-world in a process of its own, on the same
 * machine and in the same run, so the ratios say what our code costs on this machine rather than
 * what the machine can do. hello-world is measured before and after each table; the ratio uses
 * the mean of the two, and both are printed, so a machine that got busier shows.
 *
 * A target held to its floor (`targetOfFloor`) is measured in rounds alternating with that floor
 * (floor, target, target, floor, ...): on a machine whose speed drifts by a fifth within minutes,
 * a ratio of two figures taken ten seconds apart said more about the drift than about the code.
 * Its verdict is the median of the rounds' ratios, each of a floor and a target measured
 * back to back.
 *
 *   npm run bench                 every scenario
 *   npm run bench -- production   only the named ones
 *   BENCH_DURATION=3 npm run bench   seconds per target (default 10)
 *   BENCH_ROUNDS=6                rounds of a target against its floor (default 4), each lasting
 *                                 BENCH_DURATION / rounds seconds (at least 2) per side
 *   BENCH_CONNECTIONS=100         concurrent connections (default 50), no pipelining
 *   BENCH_CPU_PROF=dir            the production server writes a V8 CPU profile there on exit
 *   BENCH_ACCESS_LOG=/dev/null    where the production server's access log goes (default a file)
 */

interface Measurement {
  name: string;
  requestsPerSecond: number;
  /** CPU time (user + system) the answering process spent per request, when its pid is known. */
  cpuMicrosPerRequest?: number;
  p50: number;
  p99: number;
  failures: number;
  target?: number;
  floor?: boolean;
  targetOfFloor?: number;
  /** Against its floor: each round's ratio of rates, and of CPU time per request. */
  rounds?: { rate: number; cpu?: number }[];
}

/** What one load test counted: added up over rounds. */
interface Counted {
  requests: number;
  seconds: number;
  cpuSeconds?: number;
  p50: number;
  p99: number;
  failures: number;
}

function positiveInteger(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    throw new Error(`${name} must be a whole number of at least 1, got "${raw}"`);
  }
  return value;
}

const duration = positiveInteger('BENCH_DURATION', 10);
const connections = positiveInteger('BENCH_CONNECTIONS', 50);
const rounds = positiveInteger('BENCH_ROUNDS', 4);
const roundDuration = Math.max(2, Math.ceil(duration / rounds));

// Clock ticks per second of /proc/<pid>/stat's CPU times (100 on Linux nearly always).
const clockTicks = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/**
 * The CPU seconds (user + system) `pid` has used, or undefined off Linux. On a machine shared with
 * other work, a rate falls with the share of the cores the process gets; its CPU time per request
 * does much less, so both are printed.
 */
function cpuSeconds(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces), from field 3 on: utime is 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / clockTicks;
  } catch {
    return undefined;
  }
}

// What each measured process spends with no load at all (timers, its worker's polling), in CPU
// seconds per second: taken off its CPU time under load, so the figure is the requests' own.
const idleCpu = new Map<number, number>();

async function measureIdle(pid: number | undefined): Promise<void> {
  const before = cpuSeconds(pid);
  if (pid === undefined || before === undefined || idleCpu.has(pid)) return;
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const after = cpuSeconds(pid) ?? before;
  idleCpu.set(pid, (after - before) / ((performance.now() - started) / 1000));
}

/** Loads `target` for `seconds` and counts what it answered and what its process spent. */
async function load(baseUrl: string, target: Target, seconds: number): Promise<Counted> {
  const cpuBefore = cpuSeconds(target.pid);
  const started = performance.now();
  const result = await autocannon({
    url: `${baseUrl}${target.path}`,
    method: target.method ?? 'GET',
    headers: target.headers,
    body: target.body,
    connections,
    pipelining: 1,
    duration: seconds,
    // The load generator runs in its own thread, so it does not steal the server's event loop.
    workers: 1,
  });
  const cpuAfter = cpuSeconds(target.pid);
  const elapsed = (performance.now() - started) / 1000;
  const idle = elapsed * (idleCpu.get(target.pid ?? 0) ?? 0);
  return {
    requests: result.requests.total,
    // The rate autocannon reports is per second of load, its start-up excluded.
    seconds: result.requests.average > 0 ? result.requests.total / result.requests.average : 0,
    ...(cpuBefore !== undefined &&
      cpuAfter !== undefined && { cpuSeconds: Math.max(0, cpuAfter - cpuBefore - idle) }),
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

/** One row of the table from one or more loads of `target`. */
function measurement(target: Target, counts: Counted[]): Measurement {
  const requests = sum(counts.map((count) => count.requests));
  const seconds = sum(counts.map((count) => count.seconds));
  const cpu = counts.every((count) => count.cpuSeconds !== undefined)
    ? sum(counts.map((count) => count.cpuSeconds ?? 0))
    : undefined;
  return {
    name: target.name,
    requestsPerSecond: seconds > 0 ? requests / seconds : 0,
    ...(cpu !== undefined && requests > 0 && { cpuMicrosPerRequest: (cpu * 1e6) / requests }),
    p50: median(counts.map((count) => count.p50)),
    p99: Math.max(...counts.map((count) => count.p99)),
    failures: sum(counts.map((count) => count.failures)),
    ...(target.target !== undefined && { target: target.target }),
    ...(target.floor && { floor: true }),
    ...(target.targetOfFloor !== undefined && { targetOfFloor: target.targetOfFloor }),
  };
}

async function measure(baseUrl: string, target: Target): Promise<Measurement> {
  return measurement(target, [await load(baseUrl, target, duration)]);
}

/**
 * A target and its floor in alternating rounds (floor then target, then target then floor, so a
 * steady drift favours neither): both rows, the target's carrying each round's ratios.
 */
async function measureAgainstFloor(
  floor: { baseUrl: string; target: Target },
  measured: { baseUrl: string; target: Target },
): Promise<[Measurement, Measurement]> {
  const floorCounts: Counted[] = [];
  const counts: Counted[] = [];
  for (let round = 0; round < rounds; round++) {
    const loadFloor = async () =>
      floorCounts.push(await load(floor.baseUrl, floor.target, roundDuration));
    const loadTarget = async () =>
      counts.push(await load(measured.baseUrl, measured.target, roundDuration));
    if (round % 2 === 0) {
      await loadFloor();
      await loadTarget();
    } else {
      await loadTarget();
      await loadFloor();
    }
  }
  const row = measurement(measured.target, counts);
  row.rounds = counts.map((count, round) => {
    const of = floorCounts[round] as Counted;
    const rate = count.requests / count.seconds / (of.requests / of.seconds);
    const cpu =
      count.cpuSeconds && of.cpuSeconds
        ? of.cpuSeconds / of.requests / (count.cpuSeconds / count.requests)
        : undefined;
    return { rate, ...(cpu !== undefined && { cpu }) };
  });
  return [measurement(floor.target, floorCounts), row];
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

const percent = (fraction: number) => `${(fraction * 100).toFixed(0)}%`;

function printTable(title: string, hello: Measurement[], rows: Measurement[]): void {
  const baseline = hello.reduce((sum, row) => sum + row.requestsPerSecond, 0) / hello.length;
  const header = [
    'target',
    'req/s',
    'p50 ms',
    'p99 ms',
    'CPU µs/req',
    'vs hello',
    'target',
    'failed',
  ];
  const verdict = (share: number, target: number, of = '') =>
    `≥ ${percent(target)}${of} ${share >= target ? 'met' : 'MISSED'}`;
  let floor: Measurement | undefined;
  const lines = [...hello, ...rows].map((row) => {
    if (row.floor) floor = row;
    const ratio = row.requestsPerSecond / baseline;
    // The same share by CPU time per request: what the figure would be on cores of its own.
    const byCpu =
      floor?.cpuMicrosPerRequest && row.cpuMicrosPerRequest
        ? `; by CPU per request ${percent(floor.cpuMicrosPerRequest / row.cpuMicrosPerRequest)}`
        : '';
    const verdicts = [
      row.target === undefined ? '' : verdict(ratio, row.target),
      row.targetOfFloor === undefined || !floor ? '' : floorVerdict(row, floor, byCpu),
    ];
    return [
      row.name,
      row.requestsPerSecond.toFixed(0),
      row.p50.toFixed(1),
      row.p99.toFixed(1),
      row.cpuMicrosPerRequest === undefined ? '' : row.cpuMicrosPerRequest.toFixed(0),
      percent(ratio),
      verdicts.filter(Boolean).join(', '),
      String(row.failures),
    ];
  });
  const widths = header.map((cell, column) =>
    Math.max(cell.length, ...lines.map((line) => (line[column] ?? '').length)),
  );
  const format = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 0 || column === 6
          ? cell.padEnd(widths[column] ?? 0)
          : cell.padStart(widths[column] ?? 0),
      )
      .join('  ');
  console.log(
    `\n${title} (vs hello: against the mean of hello-world before and after, ${baseline.toFixed(0)} req/s;` +
      ` CPU µs/req: the answering process's user + system time per request, its idle use taken off)`,
  );
  console.log(format(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const line of lines) console.log(format(line));
}

/**
 * The verdict of a row against its floor: the median of its rounds' ratios where it was measured
 * in rounds against it (each round's ratio printed), else the ratio of the two rows.
 */
function floorVerdict(row: Measurement, floor: Measurement, byCpu: string): string {
  const target = row.targetOfFloor ?? 0;
  const met = (share: number) =>
    `≥ ${percent(target)} of floor ${share >= target ? 'met' : 'MISSED'}`;
  if (!row.rounds?.length) {
    const share = row.requestsPerSecond / floor.requestsPerSecond;
    return `${met(share)} (${percent(share)}${byCpu})`;
  }
  const share = median(row.rounds.map((round) => round.rate));
  const each = row.rounds.map((round) => (round.rate * 100).toFixed(0)).join(' ');
  const cpus = row.rounds.flatMap((round) => (round.cpu === undefined ? [] : [round.cpu]));
  const cpu =
    cpus.length === row.rounds.length ? `; by CPU per request ${percent(median(cpus))}` : '';
  return `${met(share)} (median of ${row.rounds.length} rounds ${percent(share)}: ${each}${cpu})`;
}

/** Measures hello-world, the targets, and hello-world again; prints them as one table. */
async function measureTable(
  title: string,
  hello: OwnProcess,
  baseUrl: string,
  targets: Target[],
  serverPid?: number,
): Promise<void> {
  const helloTarget = (when: string): Target => ({
    name: `hello-world, own process (${when})`,
    path: '/',
    pid: hello.pid,
  });
  const pids = new Set([hello.pid, serverPid, ...targets.map((target) => target.pid)]);
  for (const pid of pids) await measureIdle(pid);
  const before = await measure(hello.baseUrl, helloTarget('before'));
  const rows: Measurement[] = [];
  // The scenario's own server, unless the target names another process.
  const located = (target: Target) => ({
    baseUrl: target.baseUrl ?? baseUrl,
    target: {
      ...target,
      pid: target.pid ?? (target.baseUrl === undefined ? serverPid : undefined),
    },
  });
  for (let index = 0; index < targets.length; index++) {
    const target = targets[index] as Target;
    const next = targets[index + 1];
    if (target.floor && next?.targetOfFloor !== undefined) {
      rows.push(...(await measureAgainstFloor(located(target), located(next))));
      index += 1;
      continue;
    }
    const { baseUrl: url, target: where } = located(target);
    rows.push(await measure(url, where));
  }
  const after = await measure(hello.baseUrl, helloTarget('after'));
  printTable(title, [before, after], rows);
  if ([before, after, ...rows].some((row) => row.failures > 0)) process.exitCode = 1;
}

async function main(): Promise<void> {
  const requested = process.argv.slice(2);
  const unknown = requested.filter((name) => !scenarios.some((scenario) => scenario.name === name));
  if (unknown.length > 0) {
    const known = scenarios.map((scenario) => scenario.name).join(', ');
    throw new Error(`unknown scenario ${unknown.join(', ')}; known: ${known}`);
  }
  const selected = requested.length
    ? scenarios.filter((scenario) => requested.includes(scenario.name))
    : scenarios;

  let hello: OwnProcess | undefined;
  const helloWorld = async () => (hello ??= await startHelloWorld());
  if (selected.some((scenario) => scenario.start)) buildServer();
  const settings = `${connections} connections, no pipelining, ${duration} s per target, Node ${process.version}`;
  try {
    for (const scenario of selected) {
      if (scenario.start) {
        const own = await scenario.start();
        try {
          console.log(
            `${scenario.name}: ${scenario.description}\n  ${own.describe}\n  ${settings}`,
          );
          await measureTable(scenario.name, await helloWorld(), own.baseUrl, own.targets, own.pid);
          for (const line of own.after?.() ?? []) console.log(line);
        } finally {
          await own.close();
        }
        continue;
      }
      const server = await startBenchServer();
      try {
        if (scenario.run) {
          console.log(`${scenario.name}: ${scenario.description}`);
          await scenario.run(server);
          continue;
        }
        const targets = await scenario.prepare(server);
        console.log(
          `${scenario.name}: ${scenario.description}\n` +
            `  server in the bench's own process (LOG_LEVEL ${server.config.logLevel}), ` +
            `${describeDatabase(server.config.database)}, ${settings}`,
        );
        await measureTable(scenario.name, await helloWorld(), server.baseUrl, targets, process.pid);
      } finally {
        await server.close();
      }
    }
  } finally {
    await hello?.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
