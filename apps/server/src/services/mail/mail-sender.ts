import type { UnsubscribeTopic } from '@symposia/shared';
import type { EmailTokenRepository, MailRepository } from '../../repositories/index.js';
import { generateAccessToken, hashAccessToken } from '../auth/tokens.js';
import type { Clock } from '../clock.js';
import { NOTIFICATION_MAIL_TEMPLATES } from './notification-templates.js';
import { MAIL_TEMPLATES, type MailTemplate } from './templates.js';
import type { MailTransport } from './transport.js';

export type MailSender = ReturnType<typeof createMailSender>;

/**
 * Sends the outbox's messages: the `send-email` job of each (processing/index.ts runs it in every
 * process that runs jobs). A message that did not leave throws, and its job tries again later
 * with backoff (processing/worker.ts), so a mail server that is down loses nothing; one that left
 * is marked sent and never sent again. Only a try whose message left but whose mark did not land
 * (the process died between the two) sends it twice; both copies carry the same Message-ID.
 */
export function createMailSender(deps: {
  mail: MailRepository;
  tokens: EmailTokenRepository;
  transport: MailTransport;
  /** SMTP_FROM. */
  from: string;
  /** PUBLIC_ORIGIN: links and the footer start with it. */
  site: string;
  now: Clock;
  templates?: Readonly<Record<string, MailTemplate>>;
  /**
   * The signed one-click unsubscribe link of a member's messages on `topic`
   * (services/notifications/unsubscribe-links.ts): made as each message leaves, so the outbox
   * holds no link that works.
   */
  unsubscribeUrl?: (userId: string, topic: UnsubscribeTopic) => Promise<string>;
}) {
  const { mail, tokens, transport, from, site, now } = deps;
  const templates = deps.templates ?? { ...MAIL_TEMPLATES, ...NOTIFICATION_MAIL_TEMPLATES };
  const host = new URL(site).hostname;

  /**
   * A fresh single-use token for the message's link, stored as its digest only. Each try makes
   * its own (the token itself is never stored, so a retry cannot reuse one); a link from a try
   * whose message never left was never seen by anyone.
   */
  async function linkFor(
    message: { id: string; userId: string | null; recipient: string },
    link: NonNullable<MailTemplate['link']>,
  ): Promise<string> {
    if (message.userId === null) throw new Error('a message with a link must name its member');
    const token = generateAccessToken();
    const at = now();
    await tokens.add({
      hash: hashAccessToken(token),
      purpose: link.purpose,
      userId: message.userId,
      email: message.recipient,
      messageId: message.id,
      createdAt: at.toISOString(),
      expiresAt: new Date(at.getTime() + link.ttlSeconds * 1000).toISOString(),
    });
    const url = new URL(link.path, site);
    url.searchParams.set('token', token);
    return url.toString();
  }

  /** The message's unsubscribe link, for a template that has one. */
  async function unsubscribeFor(
    message: { userId: string | null; params: Readonly<Record<string, string>> },
    template: MailTemplate,
  ): Promise<string | null> {
    if (!template.unsubscribe) return null;
    if (message.userId === null || !deps.unsubscribeUrl) {
      throw new Error('a message with an unsubscribe link must name its member');
    }
    return deps.unsubscribeUrl(message.userId, template.unsubscribe(message.params));
  }

  return {
    /** Sends one message of the outbox (the job's subject), unless it left already. */
    async send(messageId: string): Promise<void> {
      const message = await mail.message(messageId);
      if (!message || message.status !== 'queued') return;
      const template = templates[message.template];
      if (!template) throw new Error(`no email template "${message.template}"`);
      const link = template.link ? await linkFor(message, template.link) : null;
      const unsubscribe = await unsubscribeFor(message, template);
      const rendered = template.render(message.params, {
        language: message.language,
        site,
        link,
        unsubscribe,
      });
      await transport.send({
        outboxId: message.id,
        messageId: `<${message.id}@${host}>`,
        from,
        to: message.recipient,
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
        headers: {
          'Content-Language': message.language,
          // RFC 3834: an automatic message, to which no autoresponder should answer.
          'Auto-Submitted': 'auto-generated',
          ...(unsubscribe && {
            // RFC 2369 and RFC 8058: one click in the mail client unsubscribes, by a POST.
            'List-Unsubscribe': `<${unsubscribe}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          }),
          ...rendered.headers,
          ...message.headers,
        },
      });
      await mail.markSent(message.id, now().toISOString());
    },

    /** The job gave up (MAIL_MAX_ATTEMPTS): the message stays in the outbox, marked failed. */
    async giveUp(messageId: string, reason: string): Promise<void> {
      await mail.markFailed(messageId, reason);
    },

    /** Where messages go, for the log line at start-up. */
    describe: () => transport.description,
  };
}
