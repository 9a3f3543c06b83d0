import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

/** One message as it leaves: every part written, addresses and headers final. */
export interface OutgoingMail {
  /** The Message-ID header, the same on every try, so a receiver can tell a repeat. */
  messageId: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers: Content-Language, Auto-Submitted, List-Unsubscribe… */
  headers: Record<string, string>;
  /** The outbox row's id: names the file the outbox transport writes. */
  outboxId: string;
}

/**
 * Where messages go: an SMTP server (SMTP_URL) or files in DATA_DIR/outbox. `send` resolves once
 * the message is accepted (by the SMTP server, or written to disk) and throws otherwise: the
 * send-email job then tries again later.
 */
export interface MailTransport {
  /** What it is, for the log line at start-up (never the URL, which holds credentials). */
  readonly description: string;
  send(mail: OutgoingMail): Promise<void>;
}

/** What the transports log: one line per message written to the outbox. */
export interface MailLog {
  info: (message: string) => void;
}

// A server that takes no connection or answers nothing must fail this try, not hold the job's
// lease: the job retries with backoff (processing/worker.ts).
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

const composed = (mail: OutgoingMail) => ({
  messageId: mail.messageId,
  from: mail.from,
  to: mail.to,
  subject: mail.subject,
  text: mail.text,
  html: mail.html,
  headers: mail.headers,
});

/** Sends through the SMTP server of `url` (smtp:// with STARTTLS when offered, or smtps://). */
export function smtpTransport(url: string): MailTransport {
  const parsed = new URL(url);
  const transporter = nodemailer.createTransport({
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : undefined,
    secure: parsed.protocol === 'smtps:',
    auth: parsed.username
      ? {
          user: decodeURIComponent(parsed.username),
          pass: decodeURIComponent(parsed.password),
        }
      : undefined,
    ...SMTP_TIMEOUTS,
  });
  return {
    description: `SMTP server ${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}`,
    async send(mail) {
      await transporter.sendMail(composed(mail));
    },
  };
}

/**
 * Writes each message as an .eml file under `dir` (SMTP_URL unset): a fresh machine sends what
 * it must, and the operator reads it there. The file is named by the outbox id (which sorts by
 * time), written whole before it appears, and rewritten, not duplicated, if a try is repeated.
 */
export function outboxTransport(dir: string, log: MailLog): MailTransport {
  const builder = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    description: `files in ${dir}`,
    async send(mail) {
      const info = await builder.sendMail(composed(mail));
      await mkdir(dir, { recursive: true });
      const file = join(dir, `${mail.outboxId}.eml`);
      const partial = `${file}.partial`;
      await writeFile(partial, info.message as Buffer);
      await rename(partial, file);
      log.info(`email "${mail.subject}" written to ${file} (SMTP_URL is unset)`);
    },
  };
}

/** The transport SMTP_URL says: an SMTP server, or the outbox folder of the data directory. */
export function createMailTransport(
  settings: { smtpUrl: string | null },
  dataDir: string,
  log: MailLog,
): MailTransport {
  return settings.smtpUrl
    ? smtpTransport(settings.smtpUrl)
    : outboxTransport(join(dataDir, MAIL_OUTBOX_DIR), log);
}

/** Where messages go without SMTP_URL, inside DATA_DIR. */
export const MAIL_OUTBOX_DIR = 'outbox';
