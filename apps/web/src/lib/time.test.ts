import { describe, expect, it } from 'vitest';
import { DISPLAY_TIME_ZONE } from '@symposia/shared';
import { formatDateTime } from './time';

describe('formatDateTime', () => {
  it('shows an ISO UTC time in China time as YYYY-MM-DD HH:mm', () => {
    expect(formatDateTime('2026-03-01T04:05:59.999Z')).toBe('2026-03-01 12:05');
  });

  it('moves to the next day in Shanghai when it is still the evening in UTC', () => {
    expect(formatDateTime('2025-12-31T16:30:00Z')).toBe('2026-01-01 00:30');
  });

  it('uses a 24-hour clock', () => {
    expect(formatDateTime('2026-06-15T10:00:00Z')).toBe('2026-06-15 18:00');
  });

  it('accepts Date objects and epoch milliseconds', () => {
    const moment = Date.UTC(2026, 0, 2, 3, 4);
    expect(formatDateTime(new Date(moment))).toBe('2026-01-02 11:04');
    expect(formatDateTime(moment)).toBe('2026-01-02 11:04');
  });

  it('does not depend on the time zone of the machine', () => {
    // Shanghai has no daylight saving: summer and winter are both UTC+8.
    expect(formatDateTime('2026-07-01T00:00:00Z')).toBe('2026-07-01 08:00');
    expect(formatDateTime('2026-01-01T00:00:00Z')).toBe('2026-01-01 08:00');
  });

  it('shows what Intl shows in the display time zone, at every hour of the years since 1992', () => {
    const intl = new Intl.DateTimeFormat('en-GB', {
      timeZone: DISPLAY_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const asIntl = (moment: number) => {
      const parts = Object.fromEntries(intl.formatToParts(moment).map((p) => [p.type, p.value]));
      return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
    };
    // Every 7 h 13 min from 1992 to 2100: each hour of the day, each day of the month, in time.
    const step = (7 * 60 + 13) * 60_000;
    for (let moment = Date.UTC(1992, 0, 1); moment < Date.UTC(2100, 0, 1); moment += step) {
      if (formatDateTime(moment) !== asIntl(moment)) {
        expect(formatDateTime(moment), new Date(moment).toISOString()).toBe(asIntl(moment));
      }
    }
  });

  it('shows text that is not a time as given', () => {
    expect(formatDateTime('not a date')).toBe('not a date');
  });
});
