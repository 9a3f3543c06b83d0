import type { NotificationPreferences } from '@symposia/shared';
import type { FastifyInstance } from 'fastify';
import type { ParsedMail } from 'mailparser';
import { expect } from 'vitest';
import type { AppDatabase } from '../src/db/index.js';
import { createRepositories } from '../src/repositories/index.js';
import { notificationEmailsFrom } from '../src/services/index.js';
import { loginAs, TEST_PASSWORD, uniqueUsername, type TestApp } from './helpers.js';
import { until } from './server-process.js';
import { linkIn, type SmtpSink } from './smtp-sink.js';

/** Helpers of the notification email suites (issue 30): members, preferences, the worker. */

export const SITE = 'https://symposia.test';

/** An app that sends through the sink, its in-process worker polling often. */
export const mailEnv = (sink: SmtpSink, extra: Record<string, string> = {}) => ({
  SMTP_URL: sink.url,
  PUBLIC_ORIGIN: SITE,
  WORKER_CONCURRENCY: '1',
  WORKER_POLL_MS: '20',
  ...extra,
});

export interface VerifiedMember {
  id: string;
  username: string;
  email: string;
  headers: { authorization: string };
}

/**
 * A member who registered with an address and opened the verification link that arrived (in
 * `language`, which the site also remembers as theirs), signed in.
 */
export async function verifiedMember(
  app: FastifyInstance,
  sink: SmtpSink,
  language = 'en',
): Promise<VerifiedMember> {
  const username = uniqueUsername('m');
  const email = `${username}@example.org`;
  const registered = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    headers: { 'accept-language': language },
    payload: { username, password: TEST_PASSWORD, email },
  });
  expect(registered.statusCode, registered.body).toBe(201);
  const [message] = await sink.waitFor(email);
  const verified = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/verify_email',
    payload: { token: linkIn(message!).token },
  });
  expect(verified.statusCode, verified.body).toBe(200);
  const headers = await loginAs(app, { username, password: TEST_PASSWORD });
  const me = await app.inject({
    url: '/api/v1/auth/me',
    headers: { ...headers, 'accept-language': language },
  });
  return { id: me.json<{ id: string }>().id, username, email, headers };
}

/**
 * Waits until the worker ran every job due by the test clock: none running, none queued to run
 * at or before now (an immediate email waiting for its time stays queued, later).
 */
export async function jobsIdle(testApp: TestApp): Promise<void> {
  await until(
    async () => {
      const now = testApp.clock.now().toISOString();
      const busy = await testApp.app.db
        .selectFrom('jobs')
        .select(['kind', 'subject_id'])
        .where((eb) =>
          eb.or([
            eb('status', '=', 'running'),
            eb.and([eb('status', '=', 'queued'), eb('run_after', '<=', now)]),
          ]),
        )
        .execute();
      return busy.length === 0 ? true : undefined;
    },
    30_000,
    'the jobs due to run',
  );
}

/**
 * A header of the message as it was written (mailparser folds the List-* headers into one parsed
 * `list` entry, so they are read from its raw lines); undefined when absent.
 */
export function rawHeader(mail: ParsedMail, name: string): string | undefined {
  const line = mail.headerLines.find((header) => header.key === name.toLowerCase())?.line;
  // Unfolded (RFC 5322 §2.2.3): a long header may go on over several lines.
  return line
    ?.slice(line.indexOf(':') + 1)
    .replace(/\r?\n[ \t]+/g, ' ')
    .trim();
}

/** The notification emails and digests that reached `address` (they carry List-Unsubscribe). */
export function notificationMailsTo(sink: SmtpSink, address: string): ParsedMail[] {
  return sink.to(address).filter((mail) => rawHeader(mail, 'List-Unsubscribe') !== undefined);
}

/** The one-click link of a message's List-Unsubscribe header. */
export function unsubscribeLinkOf(mail: ParsedMail): URL {
  const header = rawHeader(mail, 'List-Unsubscribe');
  const match = /^<([^>]+)>$/.exec(header ?? '');
  if (!match) throw new Error(`no List-Unsubscribe link: ${String(header)}`);
  return new URL(match[1]!);
}

export async function preferencesOf(
  app: FastifyInstance,
  headers: { authorization: string },
): Promise<NotificationPreferences> {
  const response = await app.inject({ url: '/api/v1/notifications/preferences', headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<NotificationPreferences>();
}

export function putPreferences(
  app: FastifyInstance,
  headers: { authorization: string },
  body: unknown,
) {
  return app.inject({
    method: 'PUT',
    url: '/api/v1/notifications/preferences',
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

/** Changes some kinds (and the digest) of the member's preferences, saved as a whole. */
export async function changePreferences(
  app: FastifyInstance,
  headers: { authorization: string },
  change: (preferences: NotificationPreferences) => void,
): Promise<NotificationPreferences> {
  const preferences = await preferencesOf(app, headers);
  change(preferences);
  const response = await putPreferences(app, headers, preferences);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<NotificationPreferences>();
}

/** Waits for `count` notification emails (or digests) to `address`; answers them all. */
export async function notificationMailsArrived(
  sink: SmtpSink,
  address: string,
  count = 1,
): Promise<ParsedMail[]> {
  return until(
    () => {
      const found = notificationMailsTo(sink, address);
      return found.length >= count ? found : undefined;
    },
    30_000,
    `${count} notification email(s) to ${address}`,
  );
}

/**
 * The digest as a worker runs it (processing/index.ts `notificationEmailsFrom`): its clock's look
 * and its job, on the app's database or `db` (another process's).
 */
export function digestsOf(testApp: TestApp, db: AppDatabase = testApp.app.db) {
  const repositories = createRepositories(db, testApp.config.database.dialect);
  return notificationEmailsFrom(repositories, testApp.config, testApp.clock.now).digests;
}
