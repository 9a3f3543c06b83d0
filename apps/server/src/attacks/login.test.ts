import { expect, it } from 'vitest';
import {
  describeEachServerDatabase,
  registerMember,
  ServerProcess,
} from '../../test/server-process.js';

/**
 * Password guessing against one account, in parallel and from several addresses: the
 * per-account slot is taken before the password is checked, so no burst gets
 * more guesses checked than the limit.
 */

const ACCOUNT_MAX = 10;
const GUESSES = 40;
const ADDRESSES = 8;

describeEachServerDatabase('password guessing over HTTP', (open, dialect) => {
  it('40 concurrent wrong passwords for one account: at most the limit checked', async () => {
    const server = await ServerProcess.start(await open(), {
      // One proxy in front: X-Forwarded-For names the client (TRUST_PROXY=true is refused).
      TRUST_PROXY: '1',
      LOGIN_RATE_LIMIT_ACCOUNT_MAX: String(ACCOUNT_MAX),
      WORKER_CONCURRENCY: '0',
    });
    const victim = await registerMember(server, 'victim');

    const answers = await Promise.all(
      Array.from({ length: GUESSES }, async (_, index) => {
        const response = await fetch(server.url('/api/v1/auth/token'), {
          method: 'POST',
          // 5 guesses per address: each address stays far below the per-address limit.
          headers: { 'x-forwarded-for': `203.0.113.${(index % ADDRESSES) + 1}` },
          body: new URLSearchParams({
            grant_type: 'password',
            username: victim.username,
            password: `wrong-guess-${index}`,
          }),
        });
        const body = (await response.json()) as { error?: string };
        return { status: response.status, error: body.error };
      }),
    );
    const checked = answers.filter((answer) => answer.status === 400);
    const refused = answers.filter((answer) => answer.status === 429);
    console.log(
      `[attack ${dialect}] ${GUESSES} concurrent wrong passwords: ${checked.length} checked ` +
        `(invalid_grant), ${refused.length} refused (429), limit ${ACCOUNT_MAX}`,
    );

    expect(checked.every((answer) => answer.error === 'invalid_grant')).toBe(true);
    expect(checked.length).toBeGreaterThan(0);
    expect(checked.length).toBeLessThanOrEqual(ACCOUNT_MAX);
    expect(checked.length + refused.length).toBe(GUESSES);
  }, 120_000);
});
