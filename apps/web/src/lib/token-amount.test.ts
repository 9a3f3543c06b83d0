import { describe, expect, it } from 'vitest';
import {
  formatScore,
  formatTokenAmount,
  isPositiveAmount,
  tokensLabel,
  toUnits,
  fromUnits,
} from './token-amount';

describe('toUnits', () => {
  it('reads whole and fractional tokens exactly, in 10^-9 units', () => {
    expect(toUnits('0')).toBe(0n);
    expect(toUnits('12')).toBe(12_000_000_000n);
    expect(toUnits('12.5')).toBe(12_500_000_000n);
    expect(toUnits('0.000000001')).toBe(1n);
    expect(toUnits(' 10000 ')).toBe(10_000_000_000_000n);
    // Far beyond what a float holds exactly.
    expect(toUnits('123456789012.123456789')).toBe(123_456_789_012_123_456_789n);
  });

  it('refuses what is not an amount', () => {
    for (const text of ['', '-1', '1e3', '1.', '.5', 'abc', '0.0000000001']) {
      expect(toUnits(text)).toBeNull();
    }
  });
});

describe('fromUnits', () => {
  it('gives back whole tokens from units, the inverse of toUnits', () => {
    expect(fromUnits('12500000000')).toBe('12.5');
    expect(fromUnits('1')).toBe('0.000000001');
    expect(fromUnits('0')).toBe('0');
    expect(fromUnits('123456789012123456789')).toBe('123456789012.123456789');
    expect(toUnits(fromUnits('987654321'))).toBe(987_654_321n);
    expect(fromUnits('abc')).toBe('abc');
  });
});

describe('isPositiveAmount', () => {
  it('is true above zero only', () => {
    expect(isPositiveAmount('0')).toBe(false);
    expect(isPositiveAmount('0.000')).toBe(false);
    expect(isPositiveAmount('nonsense')).toBe(false);
    expect(isPositiveAmount('0.000000001')).toBe(true);
    expect(isPositiveAmount('3')).toBe(true);
  });
});

describe('formatTokenAmount', () => {
  it('groups thousands and drops trailing zeros of the fraction', () => {
    expect(formatTokenAmount('0')).toBe('0');
    expect(formatTokenAmount('12.5')).toBe('12.5');
    expect(formatTokenAmount('12.500')).toBe('12.5');
    expect(formatTokenAmount('10000')).toBe('10,000');
    expect(formatTokenAmount('100')).toBe('100');
    expect(formatTokenAmount('0012345')).toBe('12,345');
    expect(formatTokenAmount('1000000')).toBe('1,000,000');
    expect(formatTokenAmount('1234567.000000001')).toBe('1,234,567.000000001');
    expect(formatTokenAmount('weird')).toBe('weird');
  });

  it('says token or tokens', () => {
    expect(tokensLabel('1')).toBe('1 token');
    expect(tokensLabel('1.000')).toBe('1 token');
    expect(tokensLabel('0')).toBe('0 tokens');
    expect(tokensLabel('2500')).toBe('2,500 tokens');
  });
});

describe('formatScore', () => {
  it('shows at most two decimals', () => {
    expect(formatScore(0)).toBe('0');
    expect(formatScore(12)).toBe('12');
    expect(formatScore(1234.5678)).toBe('1,234.57');
  });
});
