import { escapeHtml } from '../../domain/search-snippet.js';

/**
 * HTML that is safe by construction: `html` escapes every value it is given unless the value is
 * already SafeHtml, so a template cannot put a member's name (or anything they typed) into a
 * message unescaped.
 */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

type HtmlValue = SafeHtml | string | number | readonly (SafeHtml | string)[];

function piece(value: HtmlValue): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map((item: SafeHtml | string) => piece(item)).join('');
  return escapeHtml(String(value));
}

/** A tagged template: the literal parts as written, every value escaped. */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    out += piece(value) + (strings[index + 1] ?? '');
  });
  return new SafeHtml(out);
}
