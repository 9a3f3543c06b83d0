/**
 * A small seeded pseudo-random generator (mulberry32) for the fuzzer: the same seed and request
 * number always give the same request, so a failure replays with FUZZ_SEED.
 */
export class Prng {
  #state: number;

  constructor(seed: number) {
    this.#state = seed >>> 0;
  }

  /** The generator of request `index` under `seed`, independent of every other request's. */
  static forRequest(seed: number, index: number): Prng {
    // Spreads neighbouring indexes far apart (the golden-ratio constant of splitmix32).
    return new Prng(Math.imul(seed ^ Math.imul(index + 1, 0x9e3779b9), 0x85ebca6b));
  }

  /** A float in [0, 1). */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** A whole number in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Letters and digits, `length` of them. */
  word(length: number): string {
    const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
    let text = '';
    for (let index = 0; index < length; index += 1) text += alphabet[this.int(0, 61)];
    return text;
  }

  bytes(length: number): Buffer {
    const buffer = Buffer.alloc(length);
    for (let index = 0; index < length; index += 1) buffer[index] = this.int(0, 255);
    return buffer;
  }
}

/** The seed from FUZZ_SEED, or a fresh one (printed by the caller so the run can be replayed). */
export function fuzzSeed(env: NodeJS.ProcessEnv = process.env): number {
  const given = env.FUZZ_SEED?.trim();
  if (given) {
    const seed = Number(given);
    if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
      throw new Error(`FUZZ_SEED must be a whole number from 0 to 4294967295, not ${given}`);
    }
    return seed;
  }
  return Math.floor(Math.random() * 0x100000000);
}
