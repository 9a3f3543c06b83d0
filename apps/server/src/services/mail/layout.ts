import type { MailLanguage } from '../../domain/mail.js';
import { html, type SafeHtml } from './html.js';

/** What every message says at its end, per language: who sent it and why. */
const FOOTER: Record<MailLanguage, (site: string) => string> = {
  en: (site) => `Symposia · ${site}\nThis message was sent automatically; replies are not read.`,
  'zh-CN': (site) => `Symposia · ${site}\n此邮件由系统自动发送，回复不会被阅读。`,
};

/** One message's words, before the layout: paragraphs, and a link with its call to action. */
export interface MailBody {
  greeting: string;
  /** Paragraphs before the link. */
  before: readonly string[];
  action?: { label: string; href: string };
  /** Paragraphs after the link. */
  after: readonly string[];
}

/**
 * The plain-text part: the link on a line of its own, as mail clients make it clickable, and
 * whole (never wrapped), so it can be copied.
 */
export function textPart(body: MailBody, language: MailLanguage, site: string): string {
  const blocks = [
    body.greeting,
    ...body.before,
    ...(body.action ? [`${body.action.label}:\n${body.action.href}`] : []),
    ...body.after,
    `-- \n${FOOTER[language](site)}`,
  ];
  return `${blocks.join('\n\n')}\n`;
}

/**
 * The HTML part: the same words in a simple, centred card that reads in any client (inline
 * styles, no images, no scripts), the link as a button and written out beneath it. Every text is
 * escaped (html.ts).
 */
export function htmlPart(
  body: MailBody,
  language: MailLanguage,
  site: string,
  subject: string,
): string {
  const paragraph = (text: string): SafeHtml =>
    html`<p style="margin:0 0 16px;line-height:1.5">${text}</p>`;
  const action = body.action
    ? html`<p style="margin:24px 0">
          <a
            href="${body.action.href}"
            style="display:inline-block;padding:12px 20px;border-radius:6px;background:#1f3a5f;color:#ffffff;text-decoration:none;font-weight:600"
            >${body.action.label}</a
          >
        </p>
        <p style="margin:0 0 16px;font-size:13px;color:#555555;word-break:break-all">
          ${body.action.href}
        </p>`
    : html``;
  const [siteLine = '', noticeLine = ''] = FOOTER[language](site).split('\n');
  return html`<!doctype html>
    <html lang="${language}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width" />
        <title>${subject}</title>
      </head>
      <body
        style="margin:0;padding:24px;background:#f4f5f7;font-family:-apple-system,'Segoe UI',Roboto,'PingFang SC','Microsoft YaHei',sans-serif;color:#1a1a1a"
      >
        <div
          style="max-width:560px;margin:0 auto;padding:32px;background:#ffffff;border-radius:8px"
        >
          ${paragraph(body.greeting)} ${body.before.map(paragraph)} ${action}
          ${body.after.map(paragraph)}
          <p style="margin:32px 0 0;font-size:12px;color:#777777">${siteLine}<br />${noticeLine}</p>
        </div>
      </body>
    </html> `.value;
}
