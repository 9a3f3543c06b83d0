import { MESSAGE_CATALOGUE, PROFILE_SCREEN_TEXT, SCREEN_TEXT } from '@symposia/shared';

/**
 * The spec's own texts, in English exactly as packages/shared writes them (never copied here):
 * `messages` by their codes (the codes the server's errors carry), `screen` and `profile` the
 * fixed texts of the screens.
 */
export const messages = MESSAGE_CATALOGUE;

const { slogans, ...screenText } = SCREEN_TEXT;
export const screen = { ...screenText, slogans: [...slogans] };

const { sectionPrivate: _sectionPrivate, ...profileText } = PROFILE_SCREEN_TEXT;
/** sectionPrivate is the `sectionPrivate` message template. */
export const profile = profileText;
