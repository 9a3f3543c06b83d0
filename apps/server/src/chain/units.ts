import { TOKEN_DECIMALS } from '@symposia/shared';

/**
 * Token amounts as people write them ("1.5", 100, "2e-3") and as the chain counts them (an
 * integer of the smallest unit: amount × 10^9, spec §7). Converted through decimal text, never
 * through floating-point arithmetic, so 0.1 token is exactly 100,000,000 units.
 */

const DECIMAL = /^(\d*)(?:\.(\d*))?(?:e([+-]?\d{1,3}))?$/i;
/** Exponents beyond this are nonsense for a token amount; refusing them bounds the work. */
const MAX_EXPONENT = 40;

/**
 * The amount in the smallest unit, or null when it is not a number written plainly (no sign, no
 * grouping). Digits beyond the token's decimals are cut off (never rounded up), so the faucet
 * never pays more than was asked; an amount that leaves nothing is 0n.
 */
export function parseTokenAmount(value: number | string, decimals = TOKEN_DECIMALS): bigint | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    text = String(value);
  } else {
    text = value.trim();
  }
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  if (whole === '' && fraction === '') return null;
  const exponent = Number(match[3] ?? '0');
  if (Math.abs(exponent) > MAX_EXPONENT) return null;
  // digits × 10^(exponent − fraction.length) tokens, × 10^decimals units.
  const digits = `${whole}${fraction}`.replace(/^0+(?=\d)/, '');
  const shift = exponent - fraction.length + decimals;
  if (shift >= 0) return BigInt(digits + '0'.repeat(shift));
  const kept = digits.length + shift;
  return kept <= 0 ? 0n : BigInt(digits.slice(0, kept));
}

/** The smallest units as a decimal text without trailing zeros: 1500000000n → "1.5". */
export function formatTokenAmount(units: bigint, decimals = TOKEN_DECIMALS): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** The amount as a JSON number for answers: the decimal text read by Number(). */
export function tokenAmountNumber(units: bigint, decimals = TOKEN_DECIMALS): number {
  return Number(formatTokenAmount(units, decimals));
}
