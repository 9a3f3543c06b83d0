// First, before anything else is loaded: the V8 flags this process runs with (v8-flags.ts).
import './v8-flags.js';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from './config.js';
import { StartupError } from './startup-error.js';

/** How long in-flight requests may take to finish after SIGTERM/SIGINT before we give up. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  // npm runs workspace scripts inside the workspace; INIT_CWD is where the command was typed, so
  // `npm start` at the repository root keeps its data in the root's ./data.
  const config = loadConfig(process.env, process.env.INIT_CWD || process.cwd());
  // Loaded after the settings are checked, so a typo is reported without loading the server.
  const { buildApp } = await import('./app.js');
  const app = await buildApp(config);
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    throw listenError(error, config);
  }
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => shutDown(app, signal));
  }
}

function listenError(error: unknown, config: Config): unknown {
  switch ((error as NodeJS.ErrnoException | undefined)?.code) {
    case 'EADDRINUSE':
      return new StartupError(`Port ${config.port} is already in use; set PORT to another port`);
    case 'EACCES':
      return new StartupError(
        `Port ${config.port} needs more privileges than this process has; set PORT to 1024 or above`,
      );
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      return new StartupError(
        `HOST ${config.host} is not an address of this machine; set HOST to 0.0.0.0 or 127.0.0.1`,
      );
    default:
      return error;
  }
}

/** Stops accepting connections, lets in-flight requests finish, closes the database, exits 0. */
function shutDown(app: FastifyInstance, signal: NodeJS.Signals): void {
  app.log.info(`${signal} received; finishing in-flight requests`);
  const deadline = setTimeout(() => {
    app.log.error(`requests still running after ${SHUTDOWN_GRACE_MS} ms; exiting anyway`);
    process.exit(1);
  }, SHUTDOWN_GRACE_MS);
  deadline.unref();
  app.close().then(
    () => {
      app.log.info('server closed');
      process.exit(0);
    },
    (error: unknown) => {
      app.log.error({ err: error }, 'closing the server failed');
      process.exit(1);
    },
  );
}

main().catch((error: unknown) => {
  // An operator needs one line saying what to fix, not a stack trace; a stack only helps with a
  // genuine bug, so it is shown when debugging.
  const line =
    error instanceof StartupError
      ? error.message
      : `Start-up failed: ${error instanceof Error ? error.message : String(error)}`;
  process.stderr.write(`${line}\n`);
  if (!(error instanceof StartupError) && /^(debug|trace)$/.test(process.env.LOG_LEVEL ?? '')) {
    process.stderr.write(`${error instanceof Error ? error.stack : ''}\n`);
  }
  process.exit(1);
});
