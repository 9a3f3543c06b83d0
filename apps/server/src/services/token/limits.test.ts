import { describe, expect, it } from 'vitest';
import { FAUCET_WINDOW_MS, brokenRules, formatClaimTime, limitRules, nextFitAt } from './limits.js';

const T0 = Date.parse('2025-03-01T08:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

describe('faucet limits', () => {
  it('breaks a rule only when the request would go past it (equal to the cap is allowed)', () => {
    const rules = limitRules({
      perRequest: 10n,
      minPerRequest: 1n,
      perUserDaily: 20n,
      perAddressDaily: 100n,
      perIpDaily: 100n,
      globalDaily: 100n,
      requestsPerUserDaily: 3,
      requestsPerIpDaily: 100,
      requestsGlobalDaily: 100,
    });
    const usage = (units: bigint, count: number) => ({
      user: { units, count },
      address: { units: 0n, count: 0 },
      ip: { units: 0n, count: 0 },
      global: { units, count },
    });
    expect(brokenRules(rules, usage(10n, 1), 10n)).toEqual([]);
    expect(brokenRules(rules, usage(11n, 1), 10n)).toEqual([
      { scope: 'user', measure: 'units', max: 20n },
    ]);
    expect(brokenRules(rules, usage(3n, 3), 1n)).toEqual([
      { scope: 'user', measure: 'count', max: 3n },
    ]);
  });

  it('finds when enough of the window has expired for the refused amount', () => {
    const rule = { scope: 'user', measure: 'units', max: 10n } as const;
    const rows = [
      { createdAt: at(0), units: 4n },
      { createdAt: at(60), units: 4n },
      { createdAt: at(120), units: 2n },
    ];
    expect(nextFitAt(rule, rows, 3n)).toBe(T0 + FAUCET_WINDOW_MS);
    expect(nextFitAt(rule, rows, 7n)).toBe(T0 + 60 * 60_000 + FAUCET_WINDOW_MS);
    expect(nextFitAt(rule, rows, 10n)).toBe(T0 + 120 * 60_000 + FAUCET_WINDOW_MS);
    const count = { scope: 'ip', measure: 'count', max: 2n } as const;
    expect(nextFitAt(count, rows, 1n)).toBe(T0 + 60 * 60_000 + FAUCET_WINDOW_MS);
  });

  it('formats the time for people, rounded up to the minute', () => {
    expect(formatClaimTime(T0)).toBe('2025-03-01 08:00 UTC');
    expect(formatClaimTime(T0 + 1)).toBe('2025-03-01 08:01 UTC');
    expect(formatClaimTime(T0 + 59_999)).toBe('2025-03-01 08:01 UTC');
  });
});
