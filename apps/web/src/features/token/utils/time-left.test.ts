import { describe, expect, it } from 'vitest';
import { describeTimeLeft, formatTimeLeft } from './time-left';

const s = 1000;
const m = 60 * s;
const h = 60 * m;
const d = 24 * h;

describe('formatTimeLeft', () => {
  it('counts down to the second, without leading empty units', () => {
    expect(formatTimeLeft(2 * d + 3 * h + 4 * m + 5 * s)).toBe('2d 3h 4m 5s');
    expect(formatTimeLeft(7 * d)).toBe('7d 0h 0m 0s');
    expect(formatTimeLeft(3 * h + 5 * s)).toBe('3h 0m 5s');
    expect(formatTimeLeft(4 * m)).toBe('4m 0s');
    expect(formatTimeLeft(5 * s)).toBe('5s');
  });

  it('rounds up to the next second and stops at 0s', () => {
    expect(formatTimeLeft(4 * s + 1)).toBe('5s');
    expect(formatTimeLeft(1)).toBe('1s');
    expect(formatTimeLeft(0)).toBe('0s');
    expect(formatTimeLeft(-5 * s)).toBe('0s');
  });
});

describe('describeTimeLeft', () => {
  it('says it in words', () => {
    expect(describeTimeLeft(2 * d + 3 * h + 1 * m + 5 * s)).toBe(
      '2 days, 3 hours, 1 minute and 5 seconds',
    );
    expect(describeTimeLeft(1 * s)).toBe('1 second');
    expect(describeTimeLeft(0)).toBe('0 seconds');
  });
});
