const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type TimeUnit = 'd' | 'h' | 'm' | 's';

/**
 * The time until a moment, to the second, without leading empty units: "2d 3h 4m 5s", "4m 0s",
 * "5s"; "0s" once it has passed. `unit` writes one part in the reader's language.
 */
export function formatTimeLeft(
  milliseconds: number,
  unit: (value: number, unit: TimeUnit) => string = (value, name) => `${value}${name}`,
): string {
  // Rounded up: "1s" is shown until the last second has passed.
  const left = Math.max(0, Math.ceil(milliseconds / SECOND) * SECOND);
  const parts: { value: number; unit: TimeUnit }[] = [
    { value: Math.floor(left / DAY), unit: 'd' },
    { value: Math.floor((left % DAY) / HOUR), unit: 'h' },
    { value: Math.floor((left % HOUR) / MINUTE), unit: 'm' },
    { value: Math.floor((left % MINUTE) / SECOND), unit: 's' },
  ];
  const first = parts.findIndex((part) => part.value > 0);
  return parts
    .slice(first === -1 ? parts.length - 1 : first)
    .map((part) => unit(part.value, part.unit))
    .join(' ');
}

/** The same in words, for assistive technology: "2 days, 3 hours, 4 minutes and 5 seconds". */
export function describeTimeLeft(milliseconds: number): string {
  const names: Record<string, string> = { d: 'day', h: 'hour', m: 'minute', s: 'second' };
  const words = formatTimeLeft(milliseconds)
    .split(' ')
    .map((part) => {
      const value = Number(part.slice(0, -1));
      const name = names[part.slice(-1)]!;
      return `${value} ${name}${value === 1 ? '' : 's'}`;
    });
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : words[0]!;
}
