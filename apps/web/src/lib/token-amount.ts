import { TOKEN_DECIMALS } from '@symposia/shared';

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * A token amount as the API gives it (a decimal string of whole tokens, "12.5") in the token's
 * smallest unit, so amounts compare exactly, without floats. Null for anything else.
 */
export function toUnits(amount: string): bigint | null {
  const match = DECIMAL.exec(amount.trim());
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  if (fraction.length > TOKEN_DECIMALS) return null;
  return (
    BigInt(whole) * 10n ** BigInt(TOKEN_DECIMALS) + BigInt(fraction.padEnd(TOKEN_DECIMALS, '0'))
  );
}

/**
 * An amount in the token's smallest unit (a bounty's, "12500000000") as a decimal string of
 * whole tokens ("12.5"), the inverse of toUnits; anything that is not digits is given back as is.
 */
export function fromUnits(units: string): string {
  if (!/^\d+$/.test(units.trim())) return units;
  const value = BigInt(units.trim());
  const scale = 10n ** BigInt(TOKEN_DECIMALS);
  const fraction = (value % scale).toString().padStart(TOKEN_DECIMALS, '0').replace(/0+$/, '');
  const whole = (value / scale).toString();
  return fraction ? `${whole}.${fraction}` : whole;
}

/** True when the amount is a positive number of tokens. */
export function isPositiveAmount(amount: string): boolean {
  const units = toUnits(amount);
  return units !== null && units > 0n;
}

/**
 * "12345.5" → "12,345.5": thousands grouped, the fraction as given (trailing zeros dropped).
 * Anything that is not a decimal amount is shown as given.
 */
export function formatTokenAmount(amount: string): string {
  const match = DECIMAL.exec(amount.trim());
  if (!match) return amount;
  const [, whole = '0', fraction = ''] = match;
  // Grouped by hand, not with toLocaleString: no ICU for a bounty's amount (lib/time.ts says why).
  const grouped = BigInt(whole)
    .toString()
    .replace(/\B(?=(\d{3})+$)/g, ',');
  const kept = fraction.replace(/0+$/, '');
  return kept ? `${grouped}.${kept}` : grouped;
}

/** "1 token", "12.5 tokens". */
export function tokensLabel(amount: string): string {
  const shown = formatTokenAmount(amount);
  return `${shown} ${shown === '1' ? 'token' : 'tokens'}`;
}

// Made when a score is first shown, not when a page loads this module (lib/time.ts says why).
let scoreFormat: Intl.NumberFormat | undefined;

/** A score as people read it: grouped, at most two decimals. */
export function formatScore(score: number): string {
  scoreFormat ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
  return scoreFormat.format(score);
}
