import { describe, expect, it } from 'vitest';
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

  it('shows text that is not a time as given', () => {
    expect(formatDateTime('not a date')).toBe('not a date');
  });
});
