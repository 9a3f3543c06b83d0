import {
  MESSAGES,
  PASSWORD_RESET_TTL_SECONDS,
  EMAIL_VERIFICATION_TTL_SECONDS,
  type CurrentUser,
} from '@symposia/shared';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, expect, it } from 'vitest';
import {
  describeEachDatabase,
  describePostgres,
  errorBody,
  loginAs,
  registerUser,
  requestToken,
  TEST_PASSWORD,
  uniqueUsername,
  validationErrorBody,
  type TestApp,
} from '../../../test/helpers.js';
import { until } from '../../../test/server-process.js';
import { linkIn, startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.js';
import { anotherApp } from '../../../test/two-apps.js';

/**
 * Issue 30 through the HTTP API and a real SMTP server (smtp-server on 127.0.0.1, each message
 * parsed with mailparser): the verification link of a registered or changed address, "Forgot
 * password?", and the outbox's durability while the mail server is down.
 */

const SITE = 'https://symposia.test';
const NEW_PASSWORD = 'a brand new passphrase';

let sink: SmtpSink;
beforeEach(async () => {
  sink = await startSmtpSink();
});
afterEach(async () => {
  await sink.close();
});

/** The settings of an app that sends through the sink, its worker polling often. */
const mailEnv = (extra: Record<string, string> = {}) => ({
  SMTP_URL: sink.url,
  PUBLIC_ORIGIN: SITE,
  WORKER_CONCURRENCY: '1',
  WORKER_POLL_MS: '20',
  ...extra,
});

const json = (body: unknown) => ({
  headers: { 'content-type': 'application/json' },
  payload: JSON.stringify(body),
});

const post = (
  app: FastifyInstance,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
  remoteAddress = '127.0.0.1',
) => {
  const request = json(body);
  return app.inject({
    method: 'POST',
    url,
    headers: { ...request.headers, ...headers },
    payload: request.payload,
    remoteAddress,
  });
};

const verify = (app: FastifyInstance, token: string) =>
  post(app, '/api/v1/auth/verify_email', { token });
const requestReset = (
  app: FastifyInstance,
  login: string,
  headers: Record<string, string> = {},
  remoteAddress?: string,
) =>
  post(
    app,
    '/api/v1/auth/password_reset/request',
    { username_or_email: login },
    headers,
    remoteAddress,
  );
const confirmReset = (app: FastifyInstance, token: string, password = NEW_PASSWORD) =>
  post(app, '/api/v1/auth/password_reset/confirm', { token, new_password: password });

async function me(app: FastifyInstance, headers: { authorization: string }) {
  return app.inject({ method: 'GET', url: '/api/v1/auth/me', headers });
}

/** Every job the worker runs is done (or given up): nothing queued or running. */
async function jobsSettled(app: FastifyInstance, kinds = ['send-email', 'resolve-password-reset']) {
  await until(
    async () => {
      const open = await app.db
        .selectFrom('jobs')
        .select('id')
        .where('kind', 'in', kinds)
        .where('status', 'in', ['queued', 'running'])
        .execute();
      return open.length === 0 ? true : undefined;
    },
    30_000,
    'the mail jobs to finish',
  );
}

const unique = () => uniqueUsername('m');

describeEachDatabase('verified email addresses', (db) => {
  it("registering with an address sends a link through SMTP in the reader's language; it verifies the address once", async () => {
    const { app } = await db.buildApp({ env: mailEnv() });
    const username = unique();
    const email = `${username}@example.org`;
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      headers: { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.5' },
      payload: { username, password: TEST_PASSWORD, email },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<CurrentUser>().email_verified).toBe(false);

    const [message] = await sink.waitFor(email);
    expect(message!.from?.value).toEqual([{ name: 'Symposia', address: 'no-reply@symposia.test' }]);
    expect(message!.subject).toBe('验证你在 Symposia 的电子邮件地址');
    expect(message!.headers.get('content-language')).toBe('zh-CN');
    expect(message!.headers.get('auto-submitted')).toBe('auto-generated');
    expect(message!.messageId).toMatch(/@symposia\.test>$/);
    // A text and an HTML part, both with the link.
    const { url, token } = linkIn(message!);
    expect(`${url.origin}${url.pathname}`).toBe(`${SITE}/verify-email`);
    expect(message!.text).toContain(username);
    expect(message!.html).toContain(url.toString());
    expect(message!.html).toContain('<html lang="zh-CN">');

    // Only the token's digest is stored; the outbox holds no secret.
    const stored = JSON.stringify([
      await app.db.selectFrom('mail_outbox').selectAll().execute(),
      await app.db.selectFrom('email_tokens').selectAll().execute(),
    ]);
    expect(stored).not.toContain(token);
    await jobsSettled(app);
    const [outbox] = await app.db.selectFrom('mail_outbox').selectAll().execute();
    expect(outbox).toMatchObject({ status: 'sent', template: 'verify-email', recipient: email });

    // Signed in and cached before: /auth/me shows the verification on the next request.
    const headers = await loginAs(app, { username, password: TEST_PASSWORD });
    expect((await me(app, headers)).json<CurrentUser>().email_verified).toBe(false);
    const verified = await verify(app, token);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toEqual({ status: 'success', email });
    expect((await me(app, headers)).json<CurrentUser>().email_verified).toBe(true);

    // Single use.
    const again = await verify(app, token);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual(
      validationErrorBody(`token: ${MESSAGES.emailLinkUsed}`, [
        { field: 'token', message: MESSAGES.emailLinkUsed },
      ]),
    );
    // Nothing more was sent: a registration without an address sends nothing either.
    await registerUser(app, { username: unique() });
    await jobsSettled(app);
    expect(sink.arrived).toHaveLength(1);
  });

  it('a new address is unverified and gets its own link; an old link, an expired one or a made-up one is refused', async () => {
    const { app, clock } = await db.buildApp({
      env: mailEnv({ EMAIL_VERIFICATION_RATE_LIMIT_MAX: '2' }),
    });
    const username = unique();
    const first = `${username}@example.org`;
    await registerUser(app, { username, email: first });
    const headers = await loginAs(app, { username, password: TEST_PASSWORD });
    const firstLink = linkIn((await sink.waitFor(first))[0]!);

    // "Resend verification": another link, in English for an English reader.
    const resend = () =>
      app.inject({
        method: 'POST',
        url: '/api/v1/auth/verify_email/resend',
        headers: { ...headers, 'accept-language': 'en-GB' },
      });
    const resent = await resend();
    expect(resent.statusCode, resent.body).toBe(202);
    expect(resent.json()).toEqual({ status: 'accepted' });
    const second = (await sink.waitFor(first, 2))[1]!;
    expect(second.subject).toBe('Verify your email address for Symposia');
    // Two links, both good until used (each is its own).
    expect(linkIn(second).token).not.toBe(firstLink.token);

    // The limit: two resends per window (the first was above).
    expect((await resend()).statusCode).toBe(202);
    const limited = await resend();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(errorBody(MESSAGES.tooManyVerificationEmails));
    await sink.waitFor(first, 3);

    // The address changes: unverified, and a link goes to the new one.
    const changedTo = `${username}.new@example.org`;
    const changed = await app.inject({
      method: 'POST',
      url: '/api/v1/modify/modify_email',
      headers,
      payload: { new_email: changedTo },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<CurrentUser>().email_verified).toBe(false);
    const newLink = linkIn((await sink.waitFor(changedTo))[0]!);

    // The old address's link no longer verifies anything.
    const outdated = await verify(app, firstLink.token);
    expect(outdated.statusCode).toBe(422);
    expect(outdated.json().errors).toEqual([
      expect.objectContaining({ field: 'token', message: MESSAGES.emailLinkOutdated }),
    ]);
    // A made-up token, and one that is not even shaped like one.
    for (const token of ['A'.repeat(43), 'not a token']) {
      const made = await verify(app, token);
      expect(made.statusCode).toBe(422);
      expect(made.json().errors[0].message).toBe(MESSAGES.emailLinkInvalid);
    }
    // 24 hours later the new link has expired.
    clock.advance(EMAIL_VERIFICATION_TTL_SECONDS);
    const expired = await verify(app, newLink.token);
    expect(expired.statusCode).toBe(422);
    expect(expired.json().errors[0].message).toBe(MESSAGES.emailLinkExpired);
    expect((await me(app, headers)).json<CurrentUser>().email_verified).toBe(false);

    // A window later the member may ask again.
    expect((await resend()).statusCode).toBe(202);
    const last = (await sink.waitFor(changedTo, 2))[1]!;
    expect((await verify(app, linkIn(last).token)).statusCode).toBe(200);
    // Verified: asking again is refused.
    const done = await resend();
    expect(done.statusCode).toBe(409);
    expect(done.json()).toEqual(errorBody(MESSAGES.emailAlreadyVerified));
    // Changing to the same address keeps the verification.
    await app.inject({
      method: 'POST',
      url: '/api/v1/modify/modify_email',
      headers,
      payload: { new_email: changedTo },
    });
    expect((await me(app, headers)).json<CurrentUser>().email_verified).toBe(true);
  });

  it('resend needs a member with an address; bad tokens are a 422 that changes nothing', async () => {
    const { app } = await db.buildApp({ env: mailEnv() });
    const anonymous = await app.inject({ method: 'POST', url: '/api/v1/auth/verify_email/resend' });
    expect(anonymous.statusCode).toBe(401);
    const { username } = await registerUser(app);
    const headers = await loginAs(app, { username, password: TEST_PASSWORD });
    const none = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify_email/resend',
      headers,
    });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual([
      expect.objectContaining({ field: 'email', message: MESSAGES.noEmailToVerify }),
    ]);
    for (const body of [{}, { token: '' }, { token: 'x'.repeat(129) }, { token: 42 }]) {
      expect((await verify(app, body.token as string)).statusCode).toBe(422);
      expect((await post(app, '/api/v1/auth/verify_email', body)).statusCode).toBe(422);
      const confirm = await post(app, '/api/v1/auth/password_reset/confirm', {
        ...body,
        new_password: NEW_PASSWORD,
      });
      expect(confirm.statusCode).toBe(422);
    }
    for (const body of [{}, { username_or_email: '  ' }, { username_or_email: 'x'.repeat(255) }]) {
      expect((await post(app, '/api/v1/auth/password_reset/request', body)).statusCode).toBe(422);
    }
    const mailJobs = await app.db
      .selectFrom('jobs')
      .select('id')
      .where('kind', 'in', ['send-email', 'resolve-password-reset'])
      .execute();
    expect(mailJobs).toEqual([]);
    expect(await app.db.selectFrom('password_reset_requests').select('id').execute()).toEqual([]);
  });
});

describeEachDatabase('password reset', (db) => {
  it('by username or address: a link (single use, one hour) that sets the password and ends every session at once', async () => {
    const { app, clock } = await db.buildApp({
      env: mailEnv({ SESSION_CACHE_TTL_MS: '60000' }),
    });
    const username = unique();
    const email = `${username}@Example.org`;
    await registerUser(app, { username, email });
    await sink.waitFor(email);
    const phone = await loginAs(app, { username, password: TEST_PASSWORD });
    const laptop = await loginAs(app, { username, password: TEST_PASSWORD });
    // Both sessions cached (SESSION_CACHE_TTL_MS of a minute).
    expect((await me(app, phone)).statusCode).toBe(200);
    expect((await me(app, laptop)).statusCode).toBe(200);

    const byName = await requestReset(app, username.toUpperCase());
    expect(byName.statusCode, byName.body).toBe(202);
    expect(byName.json()).toEqual({ status: 'accepted' });
    const [, first] = await sink.waitFor(email, 2);
    expect(first!.subject).toBe('Reset your Symposia password');
    expect(first!.text).toContain(username);
    const firstLink = linkIn(first!);
    expect(`${firstLink.url.origin}${firstLink.url.pathname}`).toBe(`${SITE}/reset-password`);
    expect(first!.html).toContain(firstLink.url.toString());

    // By address, in any letter case, in Chinese.
    expect(
      (await requestReset(app, email.toLowerCase(), { 'accept-language': 'zh' })).statusCode,
    ).toBe(202);
    const second = (await sink.waitFor(email, 3))[2]!;
    expect(second.subject).toBe('重置你的 Symposia 密码');
    const secondLink = linkIn(second);

    // A common password is refused; the link still works after.
    const common = await confirmReset(app, firstLink.token, 'password123');
    expect(common.statusCode).toBe(422);
    expect(common.json().errors[0].field).toBe('new_password');

    const done = await confirmReset(app, firstLink.token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ status: 'success', signed_out_sessions: 2 });
    // Every session ended at once, cached or not.
    expect((await me(app, phone)).statusCode).toBe(401);
    expect((await me(app, laptop)).statusCode).toBe(401);
    const old = await requestToken(app, {
      grant_type: 'password',
      username,
      password: TEST_PASSWORD,
    });
    expect(old.statusCode).toBe(400);
    const fresh = await loginAs(app, { username, password: NEW_PASSWORD });
    // The link reached the address: it is verified now.
    expect((await me(app, fresh)).json<CurrentUser>().email_verified).toBe(true);

    // Used; and the account's other reset link died with it.
    for (const token of [firstLink.token, secondLink.token]) {
      const reused = await confirmReset(app, token, 'yet another passphrase');
      expect(reused.statusCode).toBe(422);
      expect(reused.json().errors).toEqual([
        expect.objectContaining({ field: 'token', message: MESSAGES.emailLinkUsed }),
      ]);
    }
    // A link an hour old has expired.
    await requestReset(app, username);
    const third = linkIn((await sink.waitFor(email, 4))[3]!);
    clock.advance(PASSWORD_RESET_TTL_SECONDS);
    const expired = await confirmReset(app, third.token, 'yet another passphrase');
    expect(expired.statusCode).toBe(422);
    expect(expired.json().errors[0].message).toBe(MESSAGES.emailLinkExpired);
    expect((await me(app, fresh)).statusCode).toBe(200);
    // A verification link is no reset link.
    const [verification] = sink.to(email);
    const wrongKind = await confirmReset(app, linkIn(verification!).token);
    expect(wrongKind.json().errors[0].message).toBe(MESSAGES.emailLinkInvalid);
  });

  it('answers the same for unknown names; an account gets at most its limit; an address is limited', async () => {
    const { app } = await db.buildApp({
      env: mailEnv({
        PASSWORD_RESET_RATE_LIMIT_ACCOUNT_MAX: '2',
        PASSWORD_RESET_RATE_LIMIT_IP_MAX: '6',
      }),
    });
    const username = unique();
    const email = `${username}@example.org`;
    await registerUser(app, { username, email });
    // An account without an address can get no link.
    const silent = await registerUser(app);
    const answers = [];
    for (const login of [
      username,
      email,
      username,
      'nobody-here',
      'nobody@example.org',
      silent.username,
    ]) {
      const response = await requestReset(app, login);
      answers.push({ status: response.statusCode, body: response.body });
    }
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(answers[0]).toEqual({ status: 202, body: '{"status":"accepted"}' });
    const limited = await requestReset(app, username);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(errorBody(MESSAGES.tooManyPasswordResets));
    // Another address is not limited by this one's requests.
    expect((await requestReset(app, username, {}, '192.0.2.7')).statusCode).toBe(202);

    await jobsSettled(app);
    // The verification, then two resets: the account's limit, whoever asked.
    const arrived = sink.to(email);
    expect(arrived.map((mail) => mail.subject)).toEqual([
      'Verify your email address for Symposia',
      'Reset your Symposia password',
      'Reset your Symposia password',
    ]);
    expect(sink.arrived).toHaveLength(3);
    // Every request was resolved and forgotten.
    expect(await app.db.selectFrom('password_reset_requests').select('id').execute()).toEqual([]);
  });

  it('request timing and answers are the same for known and unknown names', async () => {
    // No worker: the requests are timed alone, as an attacker would time them.
    const { app } = await db.buildApp({
      env: { PASSWORD_RESET_RATE_LIMIT_IP_MAX: '100000', SMTP_URL: sink.url },
    });
    const known: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      const username = unique();
      await registerUser(app, { username, email: `${username}@example.org` });
      known.push(username, `${username}@example.org`);
    }
    const PAIRS = 60;
    const timed = async (login: string) => {
      const started = process.hrtime.bigint();
      const response = await requestReset(app, login);
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      return { ms, status: response.statusCode, body: response.body };
    };
    const bodies = new Set<string>();
    /**
     * One comparison: PAIRS pairs of a known and an unknown name asked back to back (in turns
     * first), each pair's difference known − unknown. What loads the machine loads both requests
     * of a pair alike, so the differences centre on 0 unless one path does more work.
     */
    const compare = async (round: number) => {
      const differences: number[] = [];
      const all: number[] = [];
      for (let i = 0; i < PAIRS; i += 1) {
        const ghost = i % 2 ? `ghost${round}-${i}@example.org` : `ghost${round}-${i}`;
        const knownLogin = known[i % known.length]!;
        const first = await timed(i % 2 ? ghost : knownLogin);
        const second = await timed(i % 2 ? knownLogin : ghost);
        const [k, u] = i % 2 ? [second, first] : [first, second];
        differences.push(k.ms - u.ms);
        all.push(k.ms, u.ms);
        bodies.add(`${k.status} ${k.body}`).add(`${u.status} ${u.body}`);
      }
      const shift = median(differences);
      const typical = median(all);
      const positive = differences.filter((d) => d > 0).length;
      const negative = differences.filter((d) => d < 0).length;
      return {
        // A password hash (60 ms and more here) or a lookup on one path alone shifts every pair:
        // the median difference leaves this bound and the sign test sees one side win nearly
        // every pair.
        equal:
          Math.abs(shift) < Math.max(2, 0.25 * typical) && signTestP(positive, negative) > 0.001,
        said: `median difference ${shift.toFixed(2)} ms of ${typical.toFixed(2)} ms, known slower in ${positive} of ${PAIRS} pairs`,
      };
    };
    // Warm both paths.
    for (let i = 0; i < 6; i += 1) await timed(i % 2 ? known[i]! : `ghost${i}`);
    // A burst of load from elsewhere can tilt one comparison; a real difference tilts both.
    const rounds = [await compare(1)];
    if (!rounds[0]!.equal) rounds.push(await compare(2));
    expect([...bodies]).toEqual(['202 {"status":"accepted"}']);
    expect(
      rounds.some((round) => round.equal),
      rounds.map((round) => round.said).join('; '),
    ).toBe(true);
  });

  it('a mail server that is down loses nothing: the messages arrive once it is back, none twice', async () => {
    const { app, clock } = await db.buildApp({ env: mailEnv() });
    await sink.stop();
    const username = unique();
    const email = `${username}@example.org`;
    await registerUser(app, { username, email });
    expect((await requestReset(app, username)).statusCode).toBe(202);
    // Each message fails a few times, backing off; the clock moves the retries along.
    const failures = async () =>
      app.db
        .selectFrom('jobs')
        .select(['attempts', 'status', 'last_error'])
        .where('kind', '=', 'send-email')
        .execute();
    for (const attempts of [1, 2, 3]) {
      await until(
        async () => {
          const jobs = await failures();
          const failed =
            jobs.length === 2 &&
            jobs.every((job) => Number(job.attempts) >= attempts && job.status === 'queued');
          return failed ? true : undefined;
        },
        30_000,
        `both messages to fail ${attempts} time(s)`,
      );
      clock.advance(60);
    }
    expect((await failures())[0]!.last_error).toBeTruthy();
    expect(sink.arrived).toHaveLength(0);
    const outbox = await app.db.selectFrom('mail_outbox').select('status').execute();
    expect(outbox.map((row) => row.status)).toEqual(['queued', 'queued']);

    await sink.start();
    clock.advance(600);
    const both = await sink.waitFor(email, 2);
    expect(both.map((mail) => mail.subject).sort()).toEqual([
      'Reset your Symposia password',
      'Verify your email address for Symposia',
    ]);
    // The link of the reset that waited works: it was made when the message left.
    const reset = both.find((mail) => mail.subject?.startsWith('Reset'))!;
    expect((await confirmReset(app, linkIn(reset).token)).statusCode).toBe(200);
    await jobsSettled(app);
    const sent = await app.db.selectFrom('mail_outbox').select('status').execute();
    expect(sent.map((row) => row.status)).toEqual(['sent', 'sent']);
    // Later polls find nothing due: nothing arrives twice.
    clock.advance(3600);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.arrived).toHaveLength(2);
  });
});

describePostgres('password reset across server processes', (db) => {
  it("ends the account's sessions at once in the other processes' caches too", async () => {
    const first: TestApp = await db.buildApp({
      env: mailEnv({ SESSION_CACHE_TTL_MS: '60000' }),
    });
    const other = await anotherApp(first, {
      processing: { ...first.config.processing, workerConcurrency: 0 },
    });
    try {
      const username = unique();
      const email = `${username}@example.org`;
      await registerUser(first.app, { username, email });
      const headers = await loginAs(other.app, { username, password: TEST_PASSWORD });
      expect((await me(other.app, headers)).statusCode).toBe(200);
      await requestReset(first.app, username);
      const [, reset] = await sink.waitFor(email, 2);
      expect((await confirmReset(first.app, linkIn(reset!).token)).statusCode).toBe(200);
      expect((await me(other.app, headers)).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });
});

/** The middle value (the mean of the two middle ones for an even count). */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The two-sided p-value of the sign test: how likely one side wins at least this many of the
 * pairs if each pair is a coin toss (exact binomial; ties left out).
 */
function signTestP(positive: number, negative: number): number {
  const n = positive + negative;
  const k = Math.max(positive, negative);
  let tail = 0;
  for (let i = k; i <= n; i += 1) tail += binomial(n, i) / 2 ** n;
  return Math.min(1, 2 * tail);
}

function binomial(n: number, k: number): number {
  let result = 1;
  for (let i = 1; i <= k; i += 1) result = (result * (n - k + i)) / i;
  return result;
}
