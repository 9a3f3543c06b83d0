import { registerBodySchema } from '@symposia/shared';
import { loadConfig, describeDatabase } from './config.js';
import { prepareDataDir } from './data-dir.js';
import { openDatabase } from './db/index.js';
import { createRepositories } from './repositories/index.js';
import { createAccountService } from './services/auth/account-service.js';
import { reservedUsernameKeys } from './services/auth/usernames.js';
import { systemClock } from './services/clock.js';
import { ConflictError, InvalidInputError } from './services/errors.js';
import { inMemoryRateLimiters } from './services/rate-limit/sliding-window-rate-limiter.js';
import { StartupError } from './startup-error.js';

const USAGE = `Usage: npm run user -- create NAME

Creates the account NAME in the server's database (DATA_DIR, default ./data, or DATABASE_URL),
asking for its password on the terminal (not shown; asked twice), or reading it from the first
line of standard input when that is not a terminal. A name ADMIN_USERNAMES lists is reserved:
nobody can register it, and this creates it as a moderator. Any other name becomes a member.
`;

/** A refusal to print as it is (exit 1): a bad name or password, a taken name. */
class CliError extends Error {}

/**
 * Asks each prompt in turn on the terminal and reads the answers without echoing them (raw
 * mode, once for all, so answers typed ahead are kept); Ctrl-C or Ctrl-D cancels.
 */
function askHidden(prompts: string[]): Promise<string[]> {
  const stdin = process.stdin;
  const answers: string[] = [];
  process.stderr.write(prompts[0] ?? '');
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  stdin.resume();
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') {
          answers.push(typed);
          typed = '';
          process.stderr.write('\n');
          if (answers.length === prompts.length) {
            finish();
            resolve(answers);
            return;
          }
          process.stderr.write(prompts[answers.length] ?? '');
        } else if (char === '\u0003' || char === '\u0004') {
          finish();
          process.stderr.write('\n');
          reject(new CliError('Cancelled: no account was created.'));
          return;
        } else if (char === '\u007f' || char === '\b') {
          // Backspace or delete takes back the last character typed.
          typed = [...typed].slice(0, -1).join('');
        } else {
          typed += char;
        }
      }
    };
    stdin.on('data', onData);
  });
}

/** The first line of standard input (a script's or a test's), without its line ending. */
async function firstLineOfStdin(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) {
    text += String(chunk);
    if (text.includes('\n')) break;
  }
  return text.split(/\r?\n/)[0] ?? '';
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) return firstLineOfStdin();
  const [password = '', again] = await askHidden(['Password: ', 'Password again: ']);
  if (again !== password) {
    throw new CliError('The two passwords differ: no account was created.');
  }
  return password;
}

async function create(name: string): Promise<void> {
  // The server's own settings, as `npm start` reads them (INIT_CWD: where the command was typed).
  const config = loadConfig(process.env, process.env.INIT_CWD || process.cwd());
  // The registration form's rules, with the same messages (packages/shared).
  const username = registerBodySchema.shape.username.safeParse(name);
  if (!username.success) throw new CliError(`NAME ${username.error.issues[0]?.message}.`);
  const typed = await readPassword();
  const password = registerBodySchema.shape.password.safeParse(typed);
  if (!password.success) throw new CliError(`Password ${password.error.issues[0]?.message}.`);

  await prepareDataDir(config.dataDir);
  const { db } = await openDatabase(config.database);
  try {
    const accounts = createAccountService({
      users: createRepositories(db, config.database.dialect).users,
      now: systemClock,
      // Registration's limit per address; an operator at the server is not counted.
      registrations: inMemoryRateLimiters()('register', config.registerRateLimit),
      reservedUsernames: reservedUsernameKeys(config.adminUsernames),
    });
    const user = await accounts.createByOperator({
      username: username.data,
      password: password.data,
    });
    const why =
      user.role === 'moderator'
        ? 'ADMIN_USERNAMES lists it'
        : 'ADMIN_USERNAMES does not list it; a server started with it listed makes it a moderator';
    process.stdout.write(
      `Created ${user.role} ${user.username} in ${describeDatabase(config.database)} (${why}).\n`,
    );
  } catch (error) {
    if (error instanceof ConflictError) throw new CliError(`${error.message}: nothing changed.`);
    if (error instanceof InvalidInputError) {
      throw new CliError(`Password ${error.errors[0]?.message ?? error.message}.`);
    }
    throw error;
  } finally {
    await db.destroy();
  }
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(USAGE);
    return 0;
  }
  const [command, name, ...rest] = args;
  if (command !== 'create' || name === undefined || rest.length > 0) {
    process.stderr.write(USAGE);
    return 2;
  }
  await create(name);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const message =
      error instanceof CliError || error instanceof StartupError
        ? error.message
        : `Creating the account failed: ${String(error)}`;
    process.stderr.write(`${message}\n`);
    process.exit(1);
  },
);
