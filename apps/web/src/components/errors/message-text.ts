import type { TFunction } from 'i18next';
import { localizeMessage } from '@/lib/localize-message';

/**
 * A text in the reader's language when it is one of the product's messages (MESSAGES, or a
 * template filled in); any other text is shown as it is. Kept for callers that pass their `t`;
 * new code calls localizeMessage / localizedDetail (lib/localize-message.ts) directly.
 */
export function messageText(_t: TFunction, text: string): string {
  return localizeMessage(text);
}
