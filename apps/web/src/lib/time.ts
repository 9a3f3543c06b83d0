import { DISPLAY_TIME_ZONE_OFFSET_MINUTES } from '@symposia/shared';

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * Shows a moment the way the product does everywhere (spec §9): China time, `YYYY-MM-DD HH:mm`,
 * whatever the reader's own time zone. Anything that is not a valid time is shown as given.
 *
 * By the zone's fixed offset, not Intl.DateTimeFormat: the first Intl object a page makes sets up
 * ICU, 60–140 ms of one task on this project's test machine before the 4× slowdown of a phone
 * (issue 31), and the forum shows a time on every card. time.test.ts checks it against Intl.
 */
export function formatDateTime(value: string | number | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return typeof value === 'string' ? value : '';
  const local = new Date(date.getTime() + DISPLAY_TIME_ZONE_OFFSET_MINUTES * 60_000);
  const day = `${local.getUTCFullYear()}-${twoDigits(local.getUTCMonth() + 1)}-${twoDigits(local.getUTCDate())}`;
  return `${day} ${twoDigits(local.getUTCHours())}:${twoDigits(local.getUTCMinutes())}`;
}
