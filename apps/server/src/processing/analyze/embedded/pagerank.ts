/**
 * Weighted PageRank with a personalisation (teleport) vector, as TextRank and LexRank use it:
 * r = (1 − d)·p + d·(Wᵀ·r + dangling mass·p), iterated until the L1 change is below `tolerance`.
 */

export interface PageRankOptions {
  damping?: number;
  tolerance?: number;
  maxIterations?: number;
}

/**
 * `edges[i]` lists the neighbours of node i with the weight of each edge (an undirected graph
 * lists every edge at both ends). `personalization` need not be normalised; all ones when absent.
 */
export function pageRank(
  edges: Map<number, number>[],
  personalization?: number[],
  options: PageRankOptions = {},
): number[] {
  const size = edges.length;
  if (size === 0) return [];
  const damping = options.damping ?? 0.85;
  const tolerance = options.tolerance ?? 1e-6;
  const maxIterations = options.maxIterations ?? 100;

  const teleport = normalise(personalization ?? new Array<number>(size).fill(1));
  // The graph as compressed sparse rows of typed arrays: the iterations run over flat memory.
  const offsets = new Int32Array(size + 1);
  edges.forEach((neighbours, node) => {
    offsets[node + 1] = (offsets[node] as number) + neighbours.size;
  });
  const targets = new Int32Array(offsets[size] as number);
  const shares = new Float64Array(offsets[size] as number);
  const dangling: number[] = [];
  edges.forEach((neighbours, node) => {
    let total = 0;
    for (const weight of neighbours.values()) total += weight;
    if (total <= 0) {
      dangling.push(node);
      return;
    }
    let slot = offsets[node] as number;
    for (const [neighbour, weight] of neighbours) {
      targets[slot] = neighbour;
      shares[slot] = weight / total;
      slot += 1;
    }
  });

  let rank = Float64Array.from(teleport);
  let next = new Float64Array(size);
  for (let iteration = 0; iteration < maxIterations; iteration += 1) {
    let lost = 0;
    for (const node of dangling) lost += rank[node] as number;
    for (let node = 0; node < size; node += 1) {
      next[node] = (1 - damping + damping * lost) * (teleport[node] as number);
    }
    for (let node = 0; node < size; node += 1) {
      const flow = damping * (rank[node] as number);
      const end = offsets[node + 1] as number;
      for (let slot = offsets[node] as number; slot < end; slot += 1) {
        const target = targets[slot] as number;
        next[target] = (next[target] as number) + flow * (shares[slot] as number);
      }
    }
    let change = 0;
    for (let node = 0; node < size; node += 1) {
      change += Math.abs((next[node] as number) - (rank[node] as number));
    }
    [rank, next] = [next, rank];
    if (change < tolerance) break;
  }
  return Array.from(rank);
}

function normalise(values: number[]): number[] {
  const clean = values.map((value) => (Number.isFinite(value) && value > 0 ? value : 0));
  const total = clean.reduce((sum, value) => sum + value, 0);
  if (total <= 0) return values.map(() => 1 / values.length);
  return clean.map((value) => value / total);
}
