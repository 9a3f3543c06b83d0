import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { MESSAGES, type CurrentUser } from '@symposia/shared';
import { expect, it } from 'vitest';
import {
  describeEachDatabase,
  errorBody,
  form,
  loginAs,
  requestToken,
  signedInUser,
  TEST_PASSWORD,
  type TestApp,
} from '../test/helpers.js';
import { buildApp } from './app.js';

/**
 * ADMIN_USERNAMES cannot be squatted: a listed name no account holds is refused to everyone who
 * registers or renames, until the operator creates it with `npm run user -- create NAME`.
 */

const serverRoot = fileURLToPath(new URL('..', import.meta.url));
const RESERVED = 'Chief_Editor';

interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

type FastifyInstance = TestApp['app'];

/** `npm run user -- …` as the operator runs it (from the sources), the password on stdin. */
function runUserCli(testApp: TestApp, args: string[], stdin: string): Promise<CliRun> {
  const { database, dataDir } = testApp.config;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/user-cli.ts', ...args], {
    cwd: serverRoot,
    env: {
      ...process.env,
      TSX_TSCONFIG_PATH: 'tsconfig.test.json',
      INIT_CWD: '',
      DATA_DIR: dataDir,
      DATABASE_URL: database.dialect === 'postgres' ? database.url : '',
      ADMIN_USERNAMES: RESERVED,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdin.end(stdin);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

function register(app: FastifyInstance, username: string) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    ...form({ username, password: TEST_PASSWORD }),
  });
}

async function me(app: FastifyInstance, headers: Record<string, string>): Promise<CurrentUser> {
  const response = await app.inject({ method: 'GET', url: '/api/v1/auth/me', headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CurrentUser>();
}

/** The app on `first`'s database, started with RESERVED on ADMIN_USERNAMES; its log lines. */
async function withReservedName(first: TestApp) {
  const lines: string[] = [];
  const app = await buildApp(
    { ...first.config, adminUsernames: [RESERVED], logLevel: 'warn' },
    { now: first.clock.now, logStream: { write: (line: string) => void lines.push(line) } },
  );
  return { app, lines };
}

describeEachDatabase('reserved moderator names (ADMIN_USERNAMES)', (db) => {
  it('a listed name nobody holds: registration and renames get 409 and the start-up log says so', async () => {
    const first = await db.buildApp();
    const member = await signedInUser(first.app);
    await first.app.close();
    const { app, lines } = await withReservedName(first);
    try {
      const warning = lines.find((line) => line.includes('ADMIN_USERNAMES'));
      expect(warning).toContain(RESERVED);
      expect(warning).toContain('reserved');
      expect(warning).toContain('npm run user -- create NAME');

      // In any letter case and compatibility form, as sign-in matches names.
      for (const name of [RESERVED, RESERVED.toLowerCase(), 'ＣＨＩＥＦ_ＥＤＩＴＯＲ']) {
        const refused = await register(app, name);
        expect(refused.statusCode, name).toBe(409);
        expect(refused.json(), name).toEqual(errorBody(MESSAGES.usernameReserved));
      }
      const renamed = await app.inject({
        method: 'POST',
        url: '/api/v1/modify/modify_profile',
        headers: member.headers,
        payload: { username: RESERVED.toUpperCase() },
      });
      expect(renamed.statusCode, renamed.body).toBe(409);
      expect(renamed.json()).toEqual(errorBody(MESSAGES.usernameReserved));
      expect((await me(app, member.headers)).username).toBe(member.username);
      const count = await app.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(1);

      // Any other name registers as before.
      expect((await register(app, 'chief_reader')).statusCode).toBe(201);
    } finally {
      await app.close();
    }
  });

  it('the operator creates it from the command line: a moderator who signs in', async () => {
    const first = await db.buildApp();
    const { app } = await withReservedName(first);
    try {
      // Refusals change nothing: no command, a common password.
      const usage = await runUserCli(first, [], '');
      expect(usage.code, usage.stderr).toBe(2);
      expect(usage.stderr).toContain('npm run user -- create NAME');
      const common = await runUserCli(first, ['create', RESERVED], 'password123\n');
      expect(common.code, common.stderr).toBe(1);
      expect(common.stderr).toContain('most common passwords');
      expect((await register(app, RESERVED)).statusCode).toBe(409);

      const created = await runUserCli(first, ['create', RESERVED], `${TEST_PASSWORD}\n`);
      expect(created.code, created.stderr).toBe(0);
      expect(created.stdout).toContain(`Created moderator ${RESERVED}`);

      const headers = await loginAs(app, { username: RESERVED, password: TEST_PASSWORD });
      const account = await me(app, headers);
      expect(account.username).toBe(RESERVED);
      expect(account.role).toBe('moderator');
      const queue = await app.inject({ method: 'GET', url: '/api/v1/moderation/reports', headers });
      expect(queue.statusCode, queue.body).toBe(200);
      // A wrong password is still wrong: the password on stdin is the one stored, no more.
      const wrong = await requestToken(app, {
        grant_type: 'password',
        username: RESERVED,
        password: `${TEST_PASSWORD}\n`,
      });
      expect(wrong.statusCode).toBe(400);

      // Now the account holds the name: taken, for registration and for the command line.
      const taken = await register(app, RESERVED.toLowerCase());
      expect(taken.json()).toEqual(errorBody(MESSAGES.usernameTaken));
      const again = await runUserCli(first, ['create', RESERVED], `${TEST_PASSWORD}\n`);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain(MESSAGES.usernameTaken);
    } finally {
      await app.close();
    }
  }, 240_000);
});
