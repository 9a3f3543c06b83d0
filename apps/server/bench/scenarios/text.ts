/** Made-up research prose for the benchmarks: deterministic, with real text's word frequencies. */

// Research-flavoured words first (the most frequent), then made-up ones, drawn with a Zipf
// distribution as real text is: a few words everywhere, most words rare.
const COMMON = (
  'quantum lattice protein folding neural network climate model ocean carbon graphene ' +
  'catalyst genome sequencing microscopy spectroscopy entropy bayesian inference ' +
  'transformer attention galaxy cluster dark matter enzyme kinetics polymer synthesis'
).split(' ');
const SYLLABLES = 'ka lo mi ne su ra ti po ve zu an or el ix um'.split(' ');
export const VOCABULARY = [
  ...COMMON,
  ...SYLLABLES.flatMap((a) => SYLLABLES.flatMap((b) => SYLLABLES.map((c) => `${a}${b}${c}`))),
];
/** Cumulative Zipf weights, for drawing a word by binary search. */
const CUMULATIVE = VOCABULARY.reduce<number[]>((sums, _, rank) => {
  sums.push((sums[rank - 1] ?? 0) + 1 / (rank + 1));
  return sums;
}, []);
/** A deterministic generator, so every run measures the same data. */
export function random(seed: number) {
  // mulberry32: 32-bit integer arithmetic, so no precision is lost as with a float LCG.
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

function zipfWord(next: () => number): string {
  const target = next() * (CUMULATIVE[CUMULATIVE.length - 1] ?? 1);
  let low = 0;
  let high = CUMULATIVE.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((CUMULATIVE[middle] ?? 0) < target) low = middle + 1;
    else high = middle;
  }
  return VOCABULARY[low] as string;
}

export function sentence(next: () => number, words: number): string {
  return Array.from({ length: words }, () => zipfWord(next)).join(' ');
}
