import { TRUST_SCALE } from '../../domain/trust.js';

/**
 * Community trust as a pure function of the interaction graph (issue 28; the algorithm, its
 * parameters and why they are these: docs/TRUST.md).
 *
 * A seeded random walk with restart (personalized PageRank, as in SybilRank cut short): the
 * seeds hold all the trust at first; at each step every member passes (1 − RESTART) of what they
 * hold along the endorsements they gave, in proportion to the edges' weights, and RESTART of it
 * (all of it, when they endorsed nobody) goes back to the seeds. The walk stops after
 * ⌈log2(n)⌉ + 1 steps: long enough to reach an honest community whose members endorse one
 * another, too short to soak into a region that the trusted part of the community reached only
 * through a few edges, if at all — trust never reaches a ring that nobody outside it endorsed.
 *
 * What a member holds is divided by the weight of the endorsements they received (so trust is
 * not popularity) and compared with a reference: the median of the members reached, weighted by
 * the trust each holds (so accounts holding little of it cannot move it by their number). At the
 * reference or above, trust 1; below it, the ratio squared (SHARPNESS), so a ring that holds a
 * trickle of trust through a few honest likes back weighs next to nothing. Seeds are 1, members
 * marked untrusted 0 (they neither pass nor receive trust). A seed of a weight below 1 (a linked
 * ORCID iD) holds its share of the seeds' trust by its weight, and is at least its weight.
 *
 * Deterministic: members and edges are put in one order before anything is summed, so the same
 * graph gives the same numbers whatever order it was read in.
 */

/** One member's endorsement of another: likes and comments given, weighted by kind. */
export interface TrustEdge {
  from: string;
  to: string;
  weight: number;
}

export interface TrustGraph {
  members: readonly string[];
  edges: readonly TrustEdge[];
  /** The moderators and the members marked trusted. */
  seeds: readonly string[];
  /**
   * Seeds of a weight below 1 (members with a linked ORCID iD, TRUST_ORCID_SEED_WEIGHT): they
   * hold and get back trust in proportion to their weight, and their trust is at least it. A
   * member who is also a full seed is one; a weight of 0 or less is no seed.
   */
  weightedSeeds?: readonly { id: string; weight: number }[];
  /** The members marked untrusted: trust 0, and none passed on. */
  distrusted: readonly string[];
  /**
   * The members with a verified email address (issue 30): a member the walk reached holds
   * `verifiedFactor` times the trust their endorsements give (at most 1). Absent: nobody.
   */
  verified?: readonly string[];
}

export interface TrustParameters {
  /** The part of each step's trust that goes back to the seeds. */
  restart: number;
  /** Steps beyond ⌈log2(n)⌉. */
  extraSteps: number;
  /** The power of the ratio to the reference: 2 makes a tenth of it a hundredth of trust. */
  sharpness: number;
  /**
   * What a verified email address multiplies a reached member's trust by: a small signal (one
   * can be made for free), and only for whom trusted members already endorse; it passes on no
   * trust, so it cannot carry any into a ring nobody endorses.
   */
  verifiedFactor: number;
}

export const TRUST_PARAMETERS: TrustParameters = {
  restart: 0.15,
  extraSteps: 1,
  sharpness: 2,
  verifiedFactor: 1.25,
};

export interface TrustResult {
  /** Member → trust in millionths (0 to TRUST_SCALE); every member of the graph is a key. */
  units: Map<string, number>;
  steps: number;
  seeds: number;
  edges: number;
}

/** The lightest edge that counts (trust-service.ts's lightest is 0.5). */
const MIN_EDGE_WEIGHT = 1e-6;

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** How many steps the walk takes over `n` members: O(log n). */
export const stepsFor = (n: number, params: TrustParameters = TRUST_PARAMETERS) =>
  Math.ceil(Math.log2(Math.max(2, n))) + params.extraSteps;

export function computeTrust(
  graph: TrustGraph,
  params: TrustParameters = TRUST_PARAMETERS,
): TrustResult {
  const members = [...new Set(graph.members)].sort(compare);
  const index = new Map(members.map((id, i) => [id, i]));
  const n = members.length;
  const distrusted = new Set(graph.distrusted);
  // Each seed's weight: 1 for a full seed, the largest given otherwise.
  const weightOf = new Map<string, number>();
  for (const { id, weight } of graph.weightedSeeds ?? []) {
    if (weight > 0 && Number.isFinite(weight)) {
      weightOf.set(id, Math.min(1, Math.max(weight, weightOf.get(id) ?? 0)));
    }
  }
  for (const id of graph.seeds) weightOf.set(id, 1);
  const seeds = [...weightOf.keys()]
    .filter((id) => index.has(id) && !distrusted.has(id))
    .sort(compare)
    .map((id) => index.get(id)!);
  const seedWeight = new Float64Array(n);
  for (const seed of seeds) seedWeight[seed] = weightOf.get(members[seed]!)!;
  let totalWeight = 0;
  for (const seed of seeds) totalWeight += seedWeight[seed]!;
  const units = new Map(members.map((id) => [id, 0]));
  if (seeds.length === 0) return { units, steps: 0, seeds: 0, edges: 0 };

  // Parallel edges merged; self-endorsements, unknown members and the untrusted left out.
  // Summed in one order (floating-point sums depend on it): by endpoints, then weight.
  const ordered = [...graph.edges].sort(
    (a, b) => compare(a.from, b.from) || compare(a.to, b.to) || a.weight - b.weight,
  );
  const merged = new Map<string, number>();
  for (const edge of ordered) {
    // Weights too small to mean anything (or to divide by) are no endorsement.
    if (edge.from === edge.to || !(edge.weight >= MIN_EDGE_WEIGHT)) continue;
    if (!Number.isFinite(edge.weight)) continue;
    if (!index.has(edge.from) || !index.has(edge.to)) continue;
    if (distrusted.has(edge.from) || distrusted.has(edge.to)) continue;
    const key = `${edge.from}\u0000${edge.to}`;
    merged.set(key, (merged.get(key) ?? 0) + edge.weight);
  }
  const edges = [...merged.entries()]
    .sort(([a], [b]) => compare(a, b))
    .map(([key, weight]) => {
      const [from, to] = key.split('\u0000') as [string, string];
      return { from: index.get(from)!, to: index.get(to)!, weight };
    });
  const outWeight = new Float64Array(n);
  const inWeight = new Float64Array(n);
  for (const edge of edges) {
    outWeight[edge.from]! += edge.weight;
    inWeight[edge.to]! += edge.weight;
  }

  const start = new Float64Array(n);
  for (const seed of seeds) start[seed] = seedWeight[seed]! / totalWeight;
  let held = Float64Array.from(start);
  // What the last step gave back to each seed: a weighted seed is measured by what the others'
  // endorsements brought it, not by its own share of the restart.
  const restarted = new Float64Array(n);
  const steps = stepsFor(n, params);
  for (let step = 0; step < steps; step += 1) {
    const next = new Float64Array(n);
    let home = 0;
    for (let member = 0; member < n; member += 1) {
      const mass = held[member]!;
      if (mass === 0) continue;
      if (outWeight[member]! > 0) home += params.restart * mass;
      else home += mass;
    }
    for (const edge of edges) {
      const mass = held[edge.from]!;
      if (mass === 0) continue;
      next[edge.to]! += ((1 - params.restart) * mass * edge.weight) / outWeight[edge.from]!;
    }
    for (const seed of seeds) {
      restarted[seed] = (home * seedWeight[seed]!) / totalWeight;
      next[seed]! += restarted[seed]!;
    }
    held = next;
  }

  // Trust per unit of endorsement received, against the median of the members reached. Seeds
  // stay out of the reference: full seeds are 1, and a weighted seed is measured against it by
  // what endorsements brought it.
  const isSeed = new Set(seeds.filter((seed) => seedWeight[seed]! >= 1));
  const verified = new Set(graph.verified ?? []);
  const perEndorsement = new Float64Array(n);
  const reached: { value: number; mass: number }[] = [];
  let reachedMass = 0;
  for (let member = 0; member < n; member += 1) {
    const endorsed = held[member]! - restarted[member]!;
    if (isSeed.has(member) || !(inWeight[member]! > 0) || !(endorsed > 0)) continue;
    perEndorsement[member] = endorsed / inWeight[member]!;
    if (seedWeight[member]! > 0) continue;
    reached.push({ value: perEndorsement[member]!, mass: held[member]! });
    reachedMass += held[member]!;
  }
  // The median weighted by the trust each member holds: set by where the trust is, so accounts
  // holding little of it cannot move it by their number.
  reached.sort((a, b) => a.value - b.value || a.mass - b.mass);
  let median = 0;
  let below = 0;
  for (const { value, mass } of reached) {
    below += mass;
    median = value;
    if (below >= reachedMass / 2) break;
  }

  for (let member = 0; member < n; member += 1) {
    const id = members[member]!;
    if (isSeed.has(member)) {
      units.set(id, TRUST_SCALE);
      continue;
    }
    // A weighted seed's trust is at least its weight, whatever the walk brought it.
    const floor = Math.round(seedWeight[member]! * TRUST_SCALE);
    if (floor > 0) units.set(id, floor);
    const value = perEndorsement[member]!;
    if (!(value > 0) || !(median > 0)) continue;
    const factor = verified.has(id) ? params.verifiedFactor : 1;
    const trust = Math.min(1, (value / median) ** params.sharpness * factor);
    if (Number.isFinite(trust)) units.set(id, Math.max(floor, Math.round(trust * TRUST_SCALE)));
  }
  return { units, steps, seeds: seeds.length, edges: edges.length };
}
