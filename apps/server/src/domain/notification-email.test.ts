import { describe, expect, it } from 'vitest';
import {
  digestPeriodStart,
  digestSlotAtOrBefore,
  isDigestSlot,
  nextDigestSlot,
} from './notification-email.js';

/** The digest's schedule (DIGEST_DAY, DIGEST_HOUR UTC, DIGEST_PERIOD_DAYS). */
describe('digest periods', () => {
  const weekly = { day: 1, hour: 8, periodDays: 7 };

  it('fall on the configured weekday and hour, UTC, a period apart', () => {
    // Wednesday 2025-01-15 10:30 UTC: the last was Monday the 13th at 08:00, the next the 20th.
    const at = new Date('2025-01-15T10:30:00Z');
    expect(digestSlotAtOrBefore(at, weekly).toISOString()).toBe('2025-01-13T08:00:00.000Z');
    expect(nextDigestSlot(at, weekly).toISOString()).toBe('2025-01-20T08:00:00.000Z');
    expect(digestPeriodStart(new Date('2025-01-20T08:00:00Z'), weekly).toISOString()).toBe(
      '2025-01-13T08:00:00.000Z',
    );
    // Exactly on one: it is the latest, and the next is a week on.
    const slot = new Date('2025-01-13T08:00:00Z');
    expect(digestSlotAtOrBefore(slot, weekly)).toEqual(slot);
    expect(nextDigestSlot(slot, weekly).toISOString()).toBe('2025-01-20T08:00:00.000Z');
    for (const day of [0, 1, 2, 3, 4, 5, 6]) {
      const next = nextDigestSlot(at, { day, hour: 23, periodDays: 7 });
      expect(next.getUTCDay()).toBe(day);
      expect(next.getUTCHours()).toBe(23);
      expect(next.getTime()).toBeGreaterThan(at.getTime());
      expect(next.getTime() - at.getTime()).toBeLessThanOrEqual(7 * 86_400_000);
    }
  });

  it('with another period, every that many days; a time off the schedule is no slot', () => {
    const daily = { day: 1, hour: 6, periodDays: 1 };
    expect(nextDigestSlot(new Date('2025-01-15T10:30:00Z'), daily).toISOString()).toBe(
      '2025-01-16T06:00:00.000Z',
    );
    expect(isDigestSlot(new Date('2025-01-13T08:00:00Z'), weekly)).toBe(true);
    expect(isDigestSlot(new Date('2025-01-14T08:00:00Z'), weekly)).toBe(false);
    expect(isDigestSlot(new Date('2025-01-13T08:00:01Z'), weekly)).toBe(false);
  });
});
