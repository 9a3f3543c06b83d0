import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TRUST_SCALE } from '../../domain/trust.js';
import { computeTrust, TRUST_PARAMETERS, type TrustGraph } from './trust-rank.js';

/**
 * The trust computation (trust-rank.ts, docs/TRUST.md) on random graphs: every score is in
 * [0, 1]; the same graph gives the same scores whatever order its members, edges and seeds come
 * in; seeds are 1 and the untrusted 0; a member nobody reached from the seeds is 0.
 */

const MEMBERS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'];

const graph: fc.Arbitrary<TrustGraph> = fc.record({
  members: fc.constant(MEMBERS),
  edges: fc.array(
    fc.record({
      from: fc.constantFrom(...MEMBERS),
      to: fc.constantFrom(...MEMBERS),
      weight: fc.oneof(fc.constantFrom(0, 0.5, 1, 2), fc.double({ min: 0, max: 50, noNaN: true })),
    }),
    { maxLength: 60 },
  ),
  seeds: fc.subarray(MEMBERS, { maxLength: 3 }),
  distrusted: fc.subarray(MEMBERS, { maxLength: 2 }),
  verified: fc.subarray(MEMBERS, { maxLength: 4 }),
});

/** A shuffle chosen by fast-check, so a failure shows the order that broke it. */
const shuffled = <T>(list: readonly T[], keys: readonly number[]) =>
  list
    .map((item, index) => ({ item, key: keys[index % Math.max(1, keys.length)] ?? 0, index }))
    .sort((x, y) => x.key - y.key || x.index - y.index)
    .map(({ item }) => item);

describe('computeTrust (fast-check)', () => {
  it('gives every member a whole number of millionths in [0, 1]', () => {
    fc.assert(
      fc.property(graph, (g) => {
        const { units } = computeTrust(g);
        expect([...units.keys()].sort()).toEqual([...MEMBERS].sort());
        for (const value of units.values()) {
          expect(Number.isInteger(value)).toBe(true);
          expect(value).toBeGreaterThanOrEqual(0);
          expect(value).toBeLessThanOrEqual(TRUST_SCALE);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('keeps a weighted seed (a linked ORCID iD) at least at its weight, in [0, 1] like all', () => {
    const weighted = fc.array(
      fc.record({
        id: fc.constantFrom(...MEMBERS),
        weight: fc.oneof(fc.constantFrom(0, 0.5, 1), fc.double({ min: 0, max: 1, noNaN: true })),
      }),
      { maxLength: 4 },
    );
    fc.assert(
      fc.property(graph, weighted, (g, weightedSeeds) => {
        const { units, seeds } = computeTrust({ ...g, weightedSeeds });
        const distrusted = new Set(g.distrusted);
        for (const value of units.values()) {
          expect(Number.isInteger(value)).toBe(true);
          expect(value).toBeGreaterThanOrEqual(0);
          expect(value).toBeLessThanOrEqual(TRUST_SCALE);
        }
        for (const { id, weight } of weightedSeeds) {
          if (distrusted.has(id)) expect(units.get(id)).toBe(0);
          else expect(units.get(id)).toBeGreaterThanOrEqual(Math.round(weight * TRUST_SCALE));
        }
        const anchors = new Set(
          [...g.seeds, ...weightedSeeds.filter((s) => s.weight > 0).map((s) => s.id)].filter(
            (id) => !distrusted.has(id),
          ),
        );
        expect(seeds).toBe(anchors.size);
      }),
      { numRuns: 300 },
    );
  });

  it('lets a half-weight seed pass on less trust than a full one, and adds none without one', () => {
    const members = ['seed', 'orcid', 'x', 'y', 'z'];
    const edges = [
      { from: 'seed', to: 'x', weight: 1 },
      { from: 'orcid', to: 'y', weight: 1 },
      { from: 'x', to: 'z', weight: 1 },
    ];
    const base = { members, edges, seeds: ['seed'], distrusted: [] };
    const without = computeTrust(base).units;
    const withOrcid = computeTrust({ ...base, weightedSeeds: [{ id: 'orcid', weight: 0.5 }] });
    // Without the weight nothing reaches y; with it y is endorsed by a seed, and the seed
    // holding half the weight passes on less than the full seed does to x.
    expect(without.get('y')).toBe(0);
    expect(without.get('orcid')).toBe(0);
    expect(withOrcid.units.get('orcid')).toBe(TRUST_SCALE / 2);
    expect(withOrcid.units.get('y')).toBeGreaterThan(0);
    expect(withOrcid.units.get('y')).toBeLessThan(withOrcid.units.get('x')!);
    const weightless = computeTrust({ ...base, weightedSeeds: [{ id: 'orcid', weight: 0 }] });
    expect(Object.fromEntries(weightless.units)).toEqual(Object.fromEntries(without));
  });

  it('is deterministic: the same graph in any order gives the same scores', () => {
    fc.assert(
      fc.property(graph, fc.array(fc.nat(1000), { minLength: 1, maxLength: 80 }), (g, keys) => {
        const again = computeTrust({
          members: shuffled(g.members, keys),
          edges: shuffled(g.edges, [...keys].reverse()),
          seeds: shuffled(g.seeds, keys),
          distrusted: shuffled(g.distrusted, keys),
          verified: shuffled(g.verified ?? [], keys),
        });
        expect(Object.fromEntries(again.units)).toEqual(Object.fromEntries(computeTrust(g).units));
      }),
      { numRuns: 300 },
    );
  });

  it('makes seeds 1, the untrusted 0, and members no seed reaches 0', () => {
    fc.assert(
      fc.property(graph, (g) => {
        const { units } = computeTrust(g);
        const distrusted = new Set(g.distrusted);
        const seeds = g.seeds.filter((id) => !distrusted.has(id));
        for (const id of seeds) expect(units.get(id)).toBe(TRUST_SCALE);
        for (const id of distrusted) expect(units.get(id)).toBe(0);
        // Who the seeds reach along endorsements that carry trust.
        const reached = new Set(seeds);
        for (let changed = true; changed;) {
          changed = false;
          for (const edge of g.edges) {
            if (!(edge.weight >= 1e-6) || distrusted.has(edge.from) || distrusted.has(edge.to))
              continue;
            if (reached.has(edge.from) && !reached.has(edge.to)) {
              reached.add(edge.to);
              changed = true;
            }
          }
        }
        for (const id of MEMBERS) if (!reached.has(id)) expect(units.get(id)).toBe(0);
      }),
      { numRuns: 300 },
    );
  });

  it("a verified email multiplies a reached member's trust by verifiedFactor, at most 1, and changes no one else's", () => {
    fc.assert(
      fc.property(graph, (g) => {
        const verified = new Set(g.verified ?? []);
        const without = computeTrust({ ...g, verified: [] }).units;
        const withSignal = computeTrust(g).units;
        const seeds = new Set(g.seeds.filter((id) => !g.distrusted.includes(id)));
        for (const id of MEMBERS) {
          const before = without.get(id)!;
          const after = withSignal.get(id)!;
          if (!verified.has(id) || seeds.has(id) || before === 0) {
            // Not verified, a seed (1 already) or not reached (0 stays 0: it passes on nothing).
            expect(after).toBe(before);
          } else {
            // Each is rounded to millionths on its own: they agree within one unit.
            const expected = Math.min(TRUST_SCALE, before * TRUST_PARAMETERS.verifiedFactor);
            expect(Math.abs(after - expected)).toBeLessThanOrEqual(1.5);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('a verified email raises a member the trusted community endorses, not a ring nobody does', () => {
    // The moderator endorses h2 and h3, who endorse each other; h1 only through h2: below them.
    const edges = [
      { from: 'mod', to: 'h2', weight: 1 },
      { from: 'mod', to: 'h3', weight: 1 },
      { from: 'h2', to: 'h3', weight: 1 },
      { from: 'h3', to: 'h2', weight: 1 },
      { from: 'h2', to: 'h1', weight: 1 },
      { from: 'h1', to: 'mod', weight: 1 },
      { from: 'r1', to: 'r2', weight: 10 },
      { from: 'r2', to: 'r1', weight: 10 },
    ];
    const members = ['mod', 'h1', 'h2', 'h3', 'r1', 'r2'];
    const base = { members, edges, seeds: ['mod'], distrusted: [] };
    const plain = computeTrust(base).units;
    const signalled = computeTrust({ ...base, verified: ['h1', 'r1', 'r2'] }).units;
    expect(plain.get('h1')!).toBeGreaterThan(0);
    expect(plain.get('h1')!).toBeLessThan(TRUST_SCALE);
    expect(signalled.get('h1')).toBe(TRUST_SCALE);
    expect(signalled.get('r1')).toBe(0);
    expect(signalled.get('r2')).toBe(0);
  });

  it('without a seed, every member is 0', () => {
    const { units, seeds } = computeTrust({
      members: MEMBERS,
      edges: [{ from: 'a', to: 'b', weight: 1 }],
      seeds: [],
      distrusted: [],
    });
    expect(seeds).toBe(0);
    expect([...units.values()].every((value) => value === 0)).toBe(true);
  });

  it('gives a ring nobody trusted endorses nothing, and the members the seed endorses trust', () => {
    const ring = ['r1', 'r2', 'r3', 'r4'];
    const edges = ring.flatMap((from) =>
      ring.filter((to) => to !== from).map((to) => ({ from, to, weight: 10 })),
    );
    // The ring likes the honest members; nobody likes the ring.
    edges.push(...ring.map((from) => ({ from, to: 'h1', weight: 1 })));
    edges.push({ from: 'mod', to: 'h1', weight: 1 }, { from: 'h1', to: 'h2', weight: 1 });
    edges.push({ from: 'h2', to: 'mod', weight: 1 });
    const { units } = computeTrust({
      members: ['mod', 'h1', 'h2', ...ring],
      edges,
      seeds: ['mod'],
      distrusted: [],
    });
    for (const id of ring) expect(units.get(id)).toBe(0);
    expect(units.get('h1')).toBeGreaterThan(0);
    expect(units.get('h2')).toBeGreaterThan(0);
  });
});
