import { acceptedLanguages, pickLanguage } from '@symposia/shared';
import type { MailLanguage } from '../../domain/mail.js';

/**
 * The language a message is written in, from the request that causes it: its Accept-Language
 * (the web app sends the language its reader chose), read as the web app reads it.
 */
export function mailLanguageOf(acceptLanguage: string | undefined): MailLanguage {
  return pickLanguage(acceptedLanguages(acceptLanguage));
}
