import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { until } from './server-process.js';

/** A message as it arrived: what the client said in SMTP, and the message parsed (MIME). */
export interface ArrivedMail {
  envelopeTo: string[];
  mail: ParsedMail;
}

/** Whether a message went to `address` (compared in lower case, as mail servers may write it). */
const addressedTo = (entry: ArrivedMail, address: string) =>
  entry.envelopeTo.some((to) => to.toLowerCase() === address.toLowerCase());

/** The credentials the sink accepts: SMTP_URL must carry them (smtp://user:password@…). */
export const SINK_USER = 'symposia';
export const SINK_PASSWORD = 'p@ss word';

/**
 * A real SMTP server on 127.0.0.1 for the tests (smtp-server, the library mail servers are built
 * on): it asks for the credentials above, takes every message, parses it with mailparser and
 * keeps it. It can be stopped and started again on the same port, as a mail server that was down
 * for a while.
 */
export async function startSmtpSink() {
  const arrived: ArrivedMail[] = [];
  let port = 0;
  let server: SMTPServer | null = null;

  const listen = async () => {
    const instance = new SMTPServer({
      // Plain SMTP on loopback: no STARTTLS, so no certificate; AUTH is still asked for.
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      authOptional: false,
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === SINK_USER && auth.password === SINK_PASSWORD) {
          callback(null, { user: auth.username });
        } else {
          callback(new Error('Invalid username or password'));
        }
      },
      onData(stream, session, callback) {
        simpleParser(stream).then(
          (mail) => {
            arrived.push({
              envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              mail,
            });
            callback();
          },
          (error: Error) => callback(error),
        );
      },
    });
    await new Promise<void>((resolve, reject) => {
      instance.once('error', reject);
      instance.listen(port, '127.0.0.1', () => resolve());
    });
    port = (instance.server.address() as AddressInfo).port;
    server = instance;
  };

  const close = async () => {
    const instance = server;
    server = null;
    if (instance) await new Promise<void>((resolve) => instance.close(() => resolve()));
  };

  await listen();
  return {
    arrived,
    get url() {
      return `smtp://${SINK_USER}:${encodeURIComponent(SINK_PASSWORD)}@127.0.0.1:${port}`;
    },
    /** The mail server goes down: connections to its port are refused. */
    stop: close,
    /** …and comes back on the same port. */
    start: listen,
    close,
    /** The messages to `address` once there are at least `count` of them. */
    async waitFor(address: string, count = 1, timeoutMs = 30_000): Promise<ParsedMail[]> {
      return until(
        () => {
          const found = arrived.filter((entry) => addressedTo(entry, address));
          return found.length >= count ? found.map((entry) => entry.mail) : undefined;
        },
        timeoutMs,
        `${count} message(s) to ${address}`,
      );
    },
    /** The messages that arrived for `address` so far. */
    to(address: string): ParsedMail[] {
      return arrived.filter((entry) => addressedTo(entry, address)).map((entry) => entry.mail);
    },
  };
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

/** The link of a message (its plain-text part), and the token it carries. */
export function linkIn(mail: ParsedMail): { url: URL; token: string } {
  const match = /https?:\/\/\S+\?token=[A-Za-z0-9_-]+/.exec(mail.text ?? '');
  if (!match) throw new Error(`no link in: ${mail.text}`);
  const url = new URL(match[0]);
  return { url, token: url.searchParams.get('token') ?? '' };
}
