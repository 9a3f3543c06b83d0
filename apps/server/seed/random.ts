/**
 * A small seeded pseudo-random generator (mulberry32), so every seed run draws the same numbers:
 * the same figures, the same likes, the same times relative to the moment of the run.
 */
export interface Random {
  /** A number in [0, 1). */
  next: () => number;
  /** A number in [min, max). */
  between: (min: number, max: number) => number;
  /** A whole number in [min, max]. */
  int: (min: number, max: number) => number;
  /** A normally distributed number (Box–Muller). */
  normal: (mean?: number, sd?: number) => number;
  /** True with the given probability. */
  chance: (probability: number) => boolean;
  pick: <T>(items: readonly T[]) => T;
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const random: Random = {
    next,
    between: (min, max) => min + (max - min) * next(),
    int: (min, max) => Math.floor(min + (max - min + 1) * next()),
    normal: (mean = 0, sd = 1) => {
      const u = 1 - next();
      const v = next();
      return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    },
    chance: (probability) => next() < probability,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)] as (typeof items)[number];
    },
  };
  return random;
}

/** `count` evenly spaced numbers from `start` to `end`, both included. */
export function linspace(start: number, end: number, count: number): number[] {
  if (count < 2) return [start];
  return Array.from({ length: count }, (_, index) => start + ((end - start) * index) / (count - 1));
}
