import { MESSAGES, MESSAGE_TEMPLATES, type MessageValues } from './messages.js';

/**
 * Every message as a stable code: the key of a fixed message of MESSAGES, a nested one as
 * `group.key`, or the key of a template. The server sends the code beside the English text of an
 * error; the web app looks the code up in the reader's language.
 */
type FixedKey = {
  [K in keyof typeof MESSAGES]: (typeof MESSAGES)[K] extends string ? K : never;
}[keyof typeof MESSAGES];
type OutcomeKey = keyof typeof MESSAGES.reportOutcomeNotice;

export type MessageCode =
  FixedKey | `reportOutcomeNotice.${OutcomeKey}` | keyof typeof MESSAGE_TEMPLATES;

/** The English texts by code, templates with `{{name}}` placeholders: the web's catalogue. */
export type MessageCatalogue = { [K in FixedKey]: string } & {
  reportOutcomeNotice: { [K in OutcomeKey]: string };
} & { [K in keyof typeof MESSAGE_TEMPLATES]: string };

function fixedMessages(): { [K in FixedKey]: string } {
  const entries = Object.entries(MESSAGES).filter(([, text]) => typeof text === 'string');
  return Object.fromEntries(entries) as { [K in FixedKey]: string };
}

export const MESSAGE_CATALOGUE: MessageCatalogue = {
  ...fixedMessages(),
  reportOutcomeNotice: { ...MESSAGES.reportOutcomeNotice },
  ...MESSAGE_TEMPLATES,
};

export type DescribedMessage = { code: MessageCode; values?: MessageValues };

const byText = new Map<string, MessageCode>([
  ...Object.entries(fixedMessages()).map(([code, text]) => [text, code as MessageCode] as const),
  ...Object.entries(MESSAGES.reportOutcomeNotice).map(
    ([key, text]) => [text, `reportOutcomeNotice.${key}` as MessageCode] as const,
  ),
]);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Each template as a pattern that matches its filled texts and captures the values; the template
 * with the most fixed text is tried first ("suspended until {{until}}: {{note}}" before
 * "suspended until {{until}}").
 */
const fixedLength = (template: string) => template.replace(/\{\{\w+\}\}/g, '').length;
const templates = Object.entries(MESSAGE_TEMPLATES)
  .sort(([, a], [, b]) => fixedLength(b) - fixedLength(a))
  .map(([code, template]) => {
    const names: string[] = [];
    const source = template
      .split(/(\{\{\w+\}\})/)
      .map((part) => {
        const name = /^\{\{(\w+)\}\}$/.exec(part)?.[1];
        if (!name) return escapeRegExp(part);
        names.push(name);
        return '(.+?)';
      })
      .join('');
    return { code: code as MessageCode, names, pattern: new RegExp(`^${source}$`, 's') };
  });

/**
 * The code (and the values filled in) of a text the product wrote from MESSAGES, or null for any
 * other text (a field rule's own wording, a framework's message).
 */
export function describeMessage(text: string): DescribedMessage | null {
  const code = byText.get(text);
  if (code) return { code };
  for (const template of templates) {
    const match = template.pattern.exec(text);
    if (!match) continue;
    const values = Object.fromEntries(
      template.names.map((name, index) => [name, match[index + 1]!]),
    );
    return { code: template.code, values };
  }
  return null;
}
