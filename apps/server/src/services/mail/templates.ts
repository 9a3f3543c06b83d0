import {
  EMAIL_LINK_PATHS,
  EMAIL_VERIFICATION_TTL_SECONDS,
  PASSWORD_RESET_TTL_SECONDS,
} from '@symposia/shared';
import type { UnsubscribeTopic } from '@symposia/shared';
import type { EmailTokenPurpose, MailLanguage } from '../../domain/mail.js';
import { htmlPart, textPart, type MailBody } from './layout.js';

/** A message ready to leave: both parts in the member's language, and its own extra headers. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

/** What a template is given besides its parameters. */
export interface MailContext {
  language: MailLanguage;
  /** The site's public origin (PUBLIC_ORIGIN). */
  site: string;
  /** The message's link with its fresh single-use token, for a template that has `link`. */
  link: string | null;
  /** The message's one-click unsubscribe link, for a template that has `unsubscribe`. */
  unsubscribe?: string | null;
}

/**
 * One kind of message. `link`: the message carries a single-use link, whose token is made when
 * the message is sent (services/mail/mail-sender.ts) and stored only as a digest, so the outbox
 * holds no secret; it opens `path` of the web app for `ttlSeconds`, doing `purpose`.
 */
export interface MailTemplate {
  link?: { purpose: EmailTokenPurpose; ttlSeconds: number; path: string };
  /**
   * What the message's one-click unsubscribe turns off (issue 30): its List-Unsubscribe and
   * List-Unsubscribe-Post headers (RFC 8058) and the footer's link are made when it is sent
   * (mail-sender.ts), signed for its member.
   */
  unsubscribe?: (params: Readonly<Record<string, string>>) => UnsubscribeTopic;
  render(params: Readonly<Record<string, string>>, context: MailContext): RenderedMail;
}

/** A message's subject and words, per language, and the layout around them. */
function localized(
  words: Record<
    MailLanguage,
    (params: Readonly<Record<string, string>>, link: string) => { subject: string; body: MailBody }
  >,
): MailTemplate['render'] {
  return (params, context) => {
    const { subject, body } = words[context.language](params, context.link ?? context.site);
    return {
      subject,
      text: textPart(body, context.language, context.site),
      html: htmlPart(body, context.language, context.site, subject),
    };
  };
}

const hours = (seconds: number) => Math.round(seconds / 3600);
const englishHours = (seconds: number) =>
  hours(seconds) === 1 ? 'one hour' : `${hours(seconds)} hours`;

export const VERIFY_EMAIL_TEMPLATE = 'verify-email';
export const PASSWORD_RESET_TEMPLATE = 'password-reset';

/**
 * The messages about the account the server sends, by the name the outbox stores; the
 * notification emails and the digest are notification-templates.ts's (the sender knows both).
 * Headers of a message's own come from its render or the outbox row; List-Unsubscribe from
 * `unsubscribe`.
 */
export const MAIL_TEMPLATES: Readonly<Record<string, MailTemplate>> = {
  /** Params: username, email. */
  [VERIFY_EMAIL_TEMPLATE]: {
    link: {
      purpose: 'verify-email',
      ttlSeconds: EMAIL_VERIFICATION_TTL_SECONDS,
      path: EMAIL_LINK_PATHS.verifyEmail,
    },
    render: localized({
      en: ({ username = '', email = '' }, link) => ({
        subject: 'Verify your email address for Symposia',
        body: {
          greeting: `Hello ${username},`,
          before: [`Please confirm that ${email} is your email address on Symposia.`],
          action: { label: 'Verify my email address', href: link },
          after: [
            `The link works once, for ${englishHours(EMAIL_VERIFICATION_TTL_SECONDS)}. If you did not add this address to a Symposia account, ignore this message: nothing changes.`,
          ],
        },
      }),
      'zh-CN': ({ username = '', email = '' }, link) => ({
        subject: '验证你在 Symposia 的电子邮件地址',
        body: {
          greeting: `${username}，你好：`,
          before: [`请确认 ${email} 是你在 Symposia 使用的电子邮件地址。`],
          action: { label: '验证我的电子邮件地址', href: link },
          after: [
            `该链接 ${hours(EMAIL_VERIFICATION_TTL_SECONDS)} 小时内有效，只能使用一次。如果你没有在 Symposia 账户中添加这个地址，请忽略本邮件，什么都不会改变。`,
          ],
        },
      }),
    }),
  },

  /** Params: username. */
  [PASSWORD_RESET_TEMPLATE]: {
    link: {
      purpose: 'password-reset',
      ttlSeconds: PASSWORD_RESET_TTL_SECONDS,
      path: EMAIL_LINK_PATHS.resetPassword,
    },
    render: localized({
      en: ({ username = '' }, link) => ({
        subject: 'Reset your Symposia password',
        body: {
          greeting: `Hello ${username},`,
          before: [
            `Someone, hopefully you, asked to reset the password of the Symposia account ${username}. To choose a new password, open this link:`,
          ],
          action: { label: 'Choose a new password', href: link },
          after: [
            `The link works once, for ${englishHours(PASSWORD_RESET_TTL_SECONDS)}. A new password signs the account out everywhere.`,
            'If you did not ask for this, ignore this message: your password stays as it is.',
          ],
        },
      }),
      'zh-CN': ({ username = '' }, link) => ({
        subject: '重置你的 Symposia 密码',
        body: {
          greeting: `${username}，你好：`,
          before: [
            `有人（希望是你）请求重置 Symposia 账户 ${username} 的密码。请打开下面的链接设置新密码：`,
          ],
          action: { label: '设置新密码', href: link },
          after: [
            `该链接 ${hours(PASSWORD_RESET_TTL_SECONDS)} 小时内有效，只能使用一次。设置新密码后，该账户在所有设备上都会退出登录。`,
            '如果这不是你本人的操作，请忽略本邮件，你的密码不会改变。',
          ],
        },
      }),
    }),
  },
};
