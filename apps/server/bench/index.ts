import autocannon from 'autocannon';
import { scenarios } from './scenarios/index.js';
import type { Target } from './scenarios/types.js';
import { describeDatabase } from '../src/config.js';
import { HELLO_PATH, startBenchServer } from './server.js';

/**
 * Load-tests the real server against a hello-world route of the same server, so the numbers
 * say what our code costs on this machine rather than what the machine can do.
 *
 *   npm run bench                 every scenario
 *   npm run bench -- auth         only the named ones
 *   BENCH_DURATION=3 npm run bench   seconds per target (default 10)
 *   BENCH_CONNECTIONS=100         concurrent connections (default 50), no pipelining
 */

interface Measurement {
  name: string;
  requestsPerSecond: number;
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

async function measure(baseUrl: string, target: Target): Promise<Measurement> {
  const result = await autocannon({
    url: `${baseUrl}${target.path}`,
    method: target.method ?? 'GET',
    headers: target.headers,
    body: target.body,
    connections,
    pipelining: 1,
    duration,
    // The load generator runs in its own thread, so it does not steal the server's event loop.
    workers: 1,
  });
  return {
    name: target.name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

function printTable(title: string, baseline: Measurement, rows: Measurement[]): void {
  const header = ['target', 'req/s', 'p50 ms', 'p99 ms', 'vs hello', 'failed'];
  const lines = [baseline, ...rows].map((row) => [
    row.name,
    row.requestsPerSecond.toFixed(0),
    row.p50.toFixed(1),
    row.p99.toFixed(1),
    `${((row.requestsPerSecond / baseline.requestsPerSecond) * 100).toFixed(0)}%`,
    String(row.failures),
  ]);
  const widths = header.map((cell, column) =>
    Math.max(cell.length, ...lines.map((line) => (line[column] ?? '').length)),
  );
  const format = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[0] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ');
  console.log(`\n${title}`);
  console.log(format(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const line of lines) console.log(format(line));
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

  for (const scenario of selected) {
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
          `  ${describeDatabase(server.config.database)}, ${connections} connections, ` +
          `no pipelining, ${duration} s per target, Node ${process.version}`,
      );
      const baseline = await measure(server.baseUrl, {
        name: `GET ${HELLO_PATH}`,
        path: HELLO_PATH,
      });
      const rows: Measurement[] = [];
      for (const target of targets) rows.push(await measure(server.baseUrl, target));
      printTable(scenario.name, baseline, rows);
      if (rows.some((row) => row.failures > 0)) process.exitCode = 1;
    } finally {
      await server.close();
    }
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
