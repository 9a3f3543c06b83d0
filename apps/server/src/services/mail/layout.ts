import type { MailLanguage } from '../../domain/mail.js';
import { html, type SafeHtml } from './html.js';

/** What every message says at its end, per language: who sent it and why. */
const FOOTER: Record<MailLanguage, (site: string) => string> = {
  en: (site) => `Symposia · ${site}\nThis message was sent automatically; replies are not read.`,
  'zh-CN': (site) => `Symposia · ${site}\n此邮件由系统自动发送，回复不会被阅读。`,
};

/** A titled list of links (a digest's section, the notifications an email brings). */
export interface MailSection {
  heading: string;
  items: readonly { text: string; href: string; note?: string }[];
  /** A last line under the list, e.g. how many more there are. */
  more?: string;
}

/**
 * Why the member gets the message and how to stop it (notification emails, issue 30): a link to
 * their preferences, and one that unsubscribes from this kind of message.
 */
export interface MailManage {
  reason: string;
  preferences: { label: string; href: string };
  unsubscribe?: { label: string; href: string };
}

/** One message's words, before the layout: paragraphs, and a link with its call to action. */
export interface MailBody {
  greeting: string;
  /** Paragraphs before the link. */
  before: readonly string[];
  /** Lists after those paragraphs. */
  sections?: readonly MailSection[];
  action?: { label: string; href: string };
  /** Paragraphs after the link. */
  after: readonly string[];
  manage?: MailManage;
}

function sectionText(section: MailSection): string {
  const items = section.items.map(
    (item) => `- ${item.text}${item.note ? ` (${item.note})` : ''}\n  ${item.href}`,
  );
  return [section.heading, ...items, ...(section.more ? [section.more] : [])].join('\n');
}

function manageText(manage: MailManage): string {
  return [
    manage.reason,
    `${manage.preferences.label}: ${manage.preferences.href}`,
    ...(manage.unsubscribe ? [`${manage.unsubscribe.label}: ${manage.unsubscribe.href}`] : []),
  ].join('\n');
}

/**
 * The plain-text part: the link on a line of its own, as mail clients make it clickable, and
 * whole (never wrapped), so it can be copied.
 */
export function textPart(body: MailBody, language: MailLanguage, site: string): string {
  const blocks = [
    body.greeting,
    ...body.before,
    ...(body.sections ?? []).map(sectionText),
    ...(body.action ? [`${body.action.label}:\n${body.action.href}`] : []),
    ...body.after,
    `-- \n${FOOTER[language](site)}${body.manage ? `\n\n${manageText(body.manage)}` : ''}`,
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
  const sections = (body.sections ?? []).map(
    (section) =>
      html`<h2 style="margin:24px 0 8px;font-size:16px">${section.heading}</h2>
        <ul style="margin:0 0 16px;padding-left:20px;line-height:1.5">
          ${section.items.map(
            (item) =>
              html`<li style="margin:0 0 8px">
                <a href="${item.href}" style="color:#1f3a5f">${item.text}</a>${
                  item.note ? html` <span style="color:#555555">(${item.note})</span>` : ''
                }
              </li>`,
          )}
        </ul>
        ${section.more ? paragraph(section.more) : ''}`,
  );
  const manage = body.manage
    ? html`<p style="margin:16px 0 0;font-size:12px;color:#777777">
        ${body.manage.reason}<br />
        <a href="${body.manage.preferences.href}" style="color:#555555"
          >${body.manage.preferences.label}</a
        >${
          body.manage.unsubscribe
            ? html` ·
                <a href="${body.manage.unsubscribe.href}" style="color:#555555"
                  >${body.manage.unsubscribe.label}</a
                >`
            : ''
        }
      </p>`
    : '';
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
          ${paragraph(body.greeting)} ${body.before.map(paragraph)} ${sections} ${action}
          ${body.after.map(paragraph)}
          <p style="margin:32px 0 0;font-size:12px;color:#777777">${siteLine}<br />${noticeLine}</p>
          ${manage}
        </div>
      </body>
    </html> `.value;
}
