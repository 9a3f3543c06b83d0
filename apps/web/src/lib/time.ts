import { DISPLAY_TIME_ZONE } from '@symposia/shared';

const displayFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: DISPLAY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * Shows a moment the way the product does everywhere (spec §9): China time, `YYYY-MM-DD HH:mm`,
 * whatever the reader's own time zone. Anything that is not a valid time is shown as given.
 */
export function formatDateTime(value: string | number | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return typeof value === 'string' ? value : '';
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    displayFormat.formatToParts(date).find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}
