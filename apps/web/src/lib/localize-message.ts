import { describeMessage, type MessageCode } from '@symposia/shared';
import { ApiError, type MessageValues } from './api-client';
import { i18n } from './i18n';

/** A message's code and the values filled into it, as error bodies carry them. */
export type MessageCodeInfo = { code?: string; values?: MessageValues };

type MessageKey = `messages:${MessageCode}`;

/**
 * A message of the product (packages/shared MESSAGES) in the reader's language: by the code the
 * server sent with it, else by its English text. Any other text (a name, a framework's wording, a
 * code this version of the app does not know yet) is returned as it is.
 */
export function localizeMessage(text: string, described?: MessageCodeInfo | null): string {
  const found = described?.code ? described : describeMessage(text);
  if (!found?.code) return text;
  const key = `messages:${found.code}`;
  if (!i18n.exists(key)) return text;
  return i18n.t(key as MessageKey, { ...found.values });
}

/**
 * What went wrong with a call, in the reader's language: the server's `detail` of an ApiError
 * (a 422's "field: problem" with the problem translated), our own message when no answer came,
 * the message of any other error. `error.detail` stays the English text.
 */
export function localizedDetail(error: unknown): string {
  if (error instanceof ApiError) {
    const [first] = error.errors;
    // A 422's detail names its first field error: the field is an API name, the problem a message.
    if (first && error.detail === `${first.field}: ${first.message}`) {
      return `${first.field}: ${localizeMessage(first.message, first)}`;
    }
    return localizeMessage(error.detail, error);
  }
  if (error instanceof Error) return localizeMessage(error.message);
  return i18n.t('messages:unexpectedError');
}
