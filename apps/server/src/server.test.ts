import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, Socket, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The real entry point in a child process, as an operator starts it.
const SERVER_ENTRY = fileURLToPath(new URL('./server.ts', import.meta.url));
const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
// Lets tsx resolve @symposia/shared to its sources, so no build is needed first.
const TSCONFIG = fileURLToPath(new URL('../tsconfig.test.json', import.meta.url));

interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
}

interface Running {
  /** Resolves with the base URL once the server logs that it listens. */
  listening: Promise<string>;
  exited: Promise<Exit>;
  kill: (signal: NodeJS.Signals) => void;
  pid: number | undefined;
}

function startServer(env: Record<string, string>): Running {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    cwd: PACKAGE_DIR,
    env: {
      PATH: process.env.PATH,
      TSX_TSCONFIG_PATH: TSCONFIG,
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let announce: (url: string) => void = () => {};
  const listening = new Promise<string>((resolve) => {
    announce = resolve;
  });
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    const url = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout)?.[1];
    if (url) announce(url);
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<Exit>((resolve) => {
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
  return { listening, exited, kill: (signal) => child.kill(signal), pid: child.pid };
}

// Each test starts a real server process (TypeScript compiled on the fly); on a loaded two-core
// machine that alone can take many seconds.
describe.concurrent('server start-up and shutdown', { timeout: 60_000 }, () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'symposia-start-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses an invalid setting with one clear line', async () => {
    const { exited } = startServer({ PORT: 'abc', DATA_DIR: join(dir, 'invalid') });
    const { code, stderr } = await exited;
    expect(code).toBe(1);
    expect(stderr).toBe('Invalid setting PORT="abc": must be a whole number from 0 to 65535\n');
  });

  it('reports a port in use with one clear line', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as AddressInfo;
    try {
      const { exited } = startServer({ PORT: String(port), DATA_DIR: join(dir, 'busy') });
      const { code, stderr } = await exited;
      expect(code).toBe(1);
      expect(stderr).toBe(`Port ${port} is already in use; set PORT to another port\n`);
    } finally {
      blocker.close();
    }
  });

  it('reports an unusable data directory with one clear line', async () => {
    const file = join(dir, 'a-file');
    await writeFile(file, '');
    const { exited } = startServer({ PORT: '0', DATA_DIR: join(file, 'data') });
    const { code, stderr } = await exited;
    expect(code).toBe(1);
    expect(stderr).toBe(
      `DATA_DIR ${join(file, 'data')} cannot be created: part of the path is a file, not a directory\n`,
    );
  });

  it('reports an unreachable database with one clear line', async () => {
    const { exited } = startServer({
      PORT: '0',
      DATA_DIR: join(dir, 'unreachable'),
      DATABASE_URL: 'postgres://postgres:secret@127.0.0.1:1/test',
    });
    const { code, stderr } = await exited;
    expect(code).toBe(1);
    expect(stderr).toBe(
      'Cannot reach the database (PostgreSQL at postgres://postgres@127.0.0.1:1/test): ' +
        'connect ECONNREFUSED 127.0.0.1:1\n',
    );
  });

  it('starts without an image library, serves the API without a web build, finishes an in-flight request on SIGTERM, exits 0', async () => {
    const webDistDir = join(dir, 'no-web-build');
    const server = startServer({
      PORT: '0',
      DATA_DIR: join(dir, 'graceful'),
      WEB_DIST_DIR: webDistDir,
    });
    const baseUrl = await server.listening;
    expect((await fetch(`${baseUrl}/healthz`)).status).toBe(200);
    // libvips is loaded by the first avatar or image, in the process that reads it, not at start
    // (a quarter of a second of every start and restart).
    const libraries = await readFile(`/proc/${server.pid}/maps`, 'utf8');
    expect(libraries).not.toMatch(/sharp|libvips/);

    // Send half a request, signal, then the rest: the server must still answer it.
    const body = 'username=graceful&password=correct%20horse%20battery';
    const socket = new Socket();
    const { port } = new URL(baseUrl);
    await new Promise<void>((resolve) => socket.connect(Number(port), '127.0.0.1', resolve));
    let response = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => {
      response += chunk;
    });
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write(
      'POST /api/v1/auth/register HTTP/1.1\r\nHost: localhost\r\n' +
        `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n` +
        body.slice(0, 10),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    server.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.write(body.slice(10));
    await closed;

    expect(response).toMatch(/^HTTP\/1\.1 201 Created\r\n/);
    const { code, stdout, stderr } = await server.exited;
    expect(code).toBe(0);
    expect(stderr).toBe('');
    const warnings = stdout.split('\n').filter((line) => line.includes('serving the API only'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`no built web app in ${webDistDir}`);
    expect(stdout).toContain('SIGTERM received');
    expect(stdout).toContain('server closed');
  });
});
