/**
 * `npm run seed`: fills the data directory of the normal configuration (DATA_DIR, default
 * ./data, or DATABASE_URL) with a demo research community, so `npm start` shows a living forum.
 *
 *   npm run seed              seeds a fresh data directory; does nothing if it holds posts
 *   npm run seed -- --force   seeds even if other people's posts are there
 */
import { loadConfig } from '../src/config.js';
import { usernameKey } from '../src/services/auth/usernames.js';
import { StartupError } from '../src/startup-error.js';
import { SEED_PASSWORD } from './content.js';
import { SeedError, seedCommunity, startOverHint } from './seed.js';

const USAGE = `Usage: npm run seed [-- --force]

Fills the data directory (DATA_DIR, default ./data, or DATABASE_URL) with demo members,
posts, files, conversations, likes, a moderator and an open report, all through the
server's own API.

  --force   seed even though the database already holds posts (not a second time, though:
            to seed again, delete the data directory first)
`;

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(USAGE);
    return 0;
  }
  const unknown = args.filter((arg) => arg !== '--force');
  if (unknown.length > 0) {
    process.stderr.write(`Unknown argument ${unknown.join(' ')}\n\n${USAGE}`);
    return 2;
  }
  // npm runs workspace scripts inside the workspace; INIT_CWD is where the command was typed,
  // so a relative DATA_DIR (and the default ./data) means the same directory as for `npm start`.
  const cwd = process.env.INIT_CWD || process.cwd();
  // The server's request log would drown the summary; LOG_LEVEL still wins when set.
  const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL || 'error' }, cwd);
  const started = Date.now();
  const result = await seedCommunity({
    config,
    force: args.includes('--force'),
    log: (line) => process.stdout.write(`${line}\n`),
  });
  if (result.status === 'skipped') {
    const holds =
      result.seedAuthors > 0 ? 'the demo community' : `${result.posts} posts of its own`;
    process.stdout.write(
      `${result.database} already holds ${holds}: nothing changed.\n` +
        `To start from scratch: ${startOverHint(config)} and run npm run seed again` +
        `${result.seedAuthors > 0 ? '' : ', or add --force to seed next to the existing posts'}.\n`,
    );
    return 0;
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  process.stdout.write(
    [
      '',
      `Seeded in ${seconds} s:`,
      `  data directory  ${result.dataDir}`,
      `  database        ${result.database}`,
      `  ${result.authors} members, ${result.posts} posts (${result.privatePosts} private), ` +
        `${result.files} files, ${result.likes} likes`,
      `  ${result.comments} comments (${result.mentions} with an @mention), ` +
        `${result.commentLikes} comment likes, ${result.reports} open report`,
      '',
      `Sign in as any of them with the password "${SEED_PASSWORD}":`,
      `  ${result.usernames.join(', ')}`,
      '',
      `Moderator: ${result.moderator} (same password). A report on a comment by ` +
        `${result.spammer} waits in the moderation queue.`,
      ...moderatorHint(config.adminUsernames, result.moderator),
      '',
      'Run ' +
        startCommand(config.adminUsernames, result.moderator) +
        ' and open ' +
        `http://localhost:${config.port} to see the forum.`,
      '',
    ].join('\n'),
  );
  return 0;
}

/**
 * The seeded moderator's role is stored, and a start with ADMIN_USERNAMES unset keeps it; a start
 * with ADMIN_USERNAMES set makes exactly those accounts moderators, so then it must name them.
 */
function keepsModerator(adminUsernames: string[] | null, moderator: string): boolean {
  return (
    adminUsernames === null ||
    adminUsernames.some((name) => usernameKey(name) === usernameKey(moderator))
  );
}

function moderatorHint(adminUsernames: string[] | null, moderator: string): string[] {
  if (keepsModerator(adminUsernames, moderator)) return [];
  return [
    `ADMIN_USERNAMES is set, and it decides who is a moderator at every start: name ${moderator}`,
    `there (as below) or ${moderator} is a member again after the next start.`,
  ];
}

function startCommand(adminUsernames: string[] | null, moderator: string): string {
  if (keepsModerator(adminUsernames, moderator)) return 'npm start';
  return `ADMIN_USERNAMES=${[...(adminUsernames ?? []), moderator].join(',')} npm start`;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof StartupError || error instanceof SeedError) {
      process.stderr.write(`Seeding failed: ${error.message}\n`);
    } else {
      process.stderr.write(
        `Seeding failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
    }
    process.exit(1);
  },
);
