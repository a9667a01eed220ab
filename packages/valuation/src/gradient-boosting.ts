// Gradient-boosted regression trees on binned features: pure TypeScript, deterministic (a seeded generator picks the
// rows of each tree), no native code. Squared error or the Huber loss on the target the caller gives (the market model: log price, Huber).
import { seededRandom } from './statistics';

export interface BoostingOptions {
  trees?: number;
  learningRate?: number;
  maxDepth?: number;
  /** Fewest rows in a leaf. */
  minLeaf?: number;
  /** Share of the rows each tree sees. */
  subsample?: number;
  /** Most bins per feature (≤ 255; bin 0 holds missing values). */
  bins?: number;
  /** L2 shrink of leaf values, in rows. */
  lambda?: number;
  /**
   * Huber loss: each round, residuals larger than this quantile of their absolute sizes are clipped to it, so a few
   * odd sales cannot pull the leaves (0.9, as scikit-learn's default). null: plain squared error.
   */
  robustQuantile?: number | null;
  seed?: number;
  /** Called after each tree with the share done (0–1), for progress. */
  onProgress?: (done: number) => void;
}

export interface BoostedTrees {
  featureCount: number;
  base: number;
  /** Per tree, flat node arrays: split feature (−1 for a leaf), threshold (go left when value ≤ threshold or missing), children, value. */
  trees: { feature: Int16Array; threshold: Float64Array; left: Int32Array; right: Int32Array; value: Float64Array }[];
  /** Total squared-error reduction per feature, for the model's main drivers. */
  gain: Float64Array;
}

const DEFAULTS: Required<Omit<BoostingOptions, 'onProgress'>> = { trees: 250, learningRate: 0.08, maxDepth: 6, minLeaf: 15, subsample: 0.8, bins: 64, lambda: 5, robustQuantile: null, seed: 17 };

/** Clips residuals to ± the given quantile of their absolute sizes, read on an evenly spaced sample of at most ~2,000. */
function clipResiduals(residual: Float64Array, quantile: number): void {
  const step = Math.max(1, Math.floor(residual.length / 2000));
  const sample: number[] = [];
  for (let i = 0; i < residual.length; i += step) sample.push(Math.abs(residual[i]));
  if (sample.length === 0) return;
  sample.sort((a, b) => a - b);
  const limit = sample[Math.floor(Math.min(1, Math.max(0, quantile)) * (sample.length - 1))];
  for (let i = 0; i < residual.length; i++) residual[i] = Math.max(-limit, Math.min(limit, residual[i]));
}

/** Bin edges per feature from the training values' quantiles; bin 0 is missing (NaN), bins 1… hold values ≤ each edge. */
function binEdges(column: Float64Array, maxBins: number): Float64Array {
  const known = column.filter((v) => !Number.isNaN(v)).sort();
  const edges: number[] = [];
  if (known.length === 0) return new Float64Array(0);
  for (let b = 1; b < maxBins; b++) {
    const v = known[Math.min(known.length - 1, Math.floor((b / maxBins) * known.length))];
    if (edges.length === 0 || v > edges[edges.length - 1]) edges.push(v);
  }
  if (edges[edges.length - 1] < known[known.length - 1]) edges.push(known[known.length - 1]);
  return Float64Array.from(edges);
}

function binOf(edges: Float64Array, v: number): number {
  if (Number.isNaN(v)) return 0;
  let lo = 0;
  let hi = edges.length - 1;
  if (v > edges[hi]) return edges.length; // beyond the training range: the last bin
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (v <= edges[mid]) hi = mid;
    else lo = mid + 1;
  }
  return lo + 1;
}

/** Fits trees to rows × features (column-major Float64Arrays, NaN = missing) and targets. */
export function fitBoostedTrees(columns: readonly Float64Array[], target: Float64Array, options: BoostingOptions = {}): BoostedTrees {
  const o = { ...DEFAULTS, ...options };
  const n = target.length;
  const f = columns.length;
  const edges = columns.map((c) => binEdges(c, Math.min(255, o.bins)));
  const binned = columns.map((c, k) => {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i++) out[i] = binOf(edges[k], c[i]);
    return out;
  });
  const binCounts = edges.map((e) => e.length + 2);
  let base = 0;
  for (let i = 0; i < n; i++) base += target[i];
  base = n ? base / n : 0;
  const prediction = new Float64Array(n).fill(base);
  const residual = new Float64Array(n);
  const gain = new Float64Array(f);
  const random = seededRandom(o.seed);
  const trees: BoostedTrees['trees'] = [];
  const stride = Math.max(...binCounts, 2);
  const rowsBuffer = new Int32Array(n);
  // Histograms of residual sums and counts per feature and bin (feature k at k × stride); a node's larger child gets
  // its histogram as parent − smaller child, which halves the work.
  const histogramOf = (rows: Int32Array) => {
    const sum = new Float64Array(f * stride);
    const cnt = new Int32Array(f * stride);
    for (let k = 0; k < f; k++) {
      const bins = binned[k];
      const offset = k * stride;
      for (let r = 0; r < rows.length; r++) {
        const i = rows[r];
        const b = offset + bins[i];
        sum[b] += residual[i];
        cnt[b]++;
      }
    }
    return { sum, cnt };
  };

  for (let t = 0; t < o.trees; t++) {
    for (let i = 0; i < n; i++) residual[i] = target[i] - prediction[i];
    if (o.robustQuantile != null) clipResiduals(residual, o.robustQuantile);
    let m = 0;
    for (let i = 0; i < n; i++) if (random() < o.subsample) rowsBuffer[m++] = i;
    const feature: number[] = [];
    const threshold: number[] = [];
    const left: number[] = [];
    const right: number[] = [];
    const value: number[] = [];
    type Pending = { id: number; rows: Int32Array; depth: number; total: number; hist: { sum: Float64Array; cnt: Int32Array } | null };
    const queue: Pending[] = [];
    const newNode = (rows: Int32Array) => {
      let s = 0;
      for (let r = 0; r < rows.length; r++) s += residual[rows[r]];
      feature.push(-1);
      threshold.push(0);
      left.push(-1);
      right.push(-1);
      value.push((o.learningRate * s) / (rows.length + o.lambda));
      return { id: feature.length - 1, total: s };
    };
    const rootRows = rowsBuffer.slice(0, m);
    const root = newNode(rootRows);
    queue.push({ id: root.id, rows: rootRows, depth: 0, total: root.total, hist: null });
    while (queue.length) {
      const node = queue.pop() as Pending;
      const { id, rows, depth, total } = node;
      const count = rows.length;
      if (depth >= o.maxDepth || count < 2 * o.minLeaf) continue;
      const hist = node.hist ?? histogramOf(rows);
      const parentScore = (total * total) / count;
      let bestGain = 1e-12;
      let bestFeature = -1;
      let bestBin = -1;
      for (let k = 0; k < f; k++) {
        const nb = binCounts[k];
        const offset = k * stride;
        let sl = 0;
        let cl = 0;
        for (let b = 0; b < nb - 1; b++) {
          sl += hist.sum[offset + b];
          cl += hist.cnt[offset + b];
          const cr = count - cl;
          if (cl < o.minLeaf) continue;
          if (cr < o.minLeaf) break;
          const sr = total - sl;
          const g = (sl * sl) / cl + (sr * sr) / cr - parentScore;
          if (g > bestGain) {
            bestGain = g;
            bestFeature = k;
            bestBin = b;
          }
        }
      }
      if (bestFeature < 0) continue;
      gain[bestFeature] += bestGain;
      const bins = binned[bestFeature];
      let nl = 0;
      for (let r = 0; r < count; r++) if (bins[rows[r]] <= bestBin) nl++;
      const lr = new Int32Array(nl);
      const rr = new Int32Array(count - nl);
      let a = 0;
      let c = 0;
      for (let r = 0; r < count; r++) {
        const i = rows[r];
        if (bins[i] <= bestBin) lr[a++] = i;
        else rr[c++] = i;
      }
      feature[id] = bestFeature;
      // Bin b holds values ≤ edges[b − 1]; bin 0 (missing) always goes left.
      threshold[id] = bestBin === 0 ? -Infinity : edges[bestFeature][bestBin - 1];
      const l = newNode(lr);
      const r = newNode(rr);
      left[id] = l.id;
      right[id] = r.id;
      if (depth + 1 < o.maxDepth) {
        const smallIsLeft = nl <= count - nl;
        const small = histogramOf(smallIsLeft ? lr : rr);
        const large = { sum: hist.sum, cnt: hist.cnt };
        for (let x = 0; x < large.sum.length; x++) {
          large.sum[x] -= small.sum[x];
          large.cnt[x] -= small.cnt[x];
        }
        queue.push({ id: l.id, rows: lr, depth: depth + 1, total: l.total, hist: smallIsLeft ? small : large });
        queue.push({ id: r.id, rows: rr, depth: depth + 1, total: r.total, hist: smallIsLeft ? large : small });
      }
    }
    const tree = { feature: Int16Array.from(feature), threshold: Float64Array.from(threshold), left: Int32Array.from(left), right: Int32Array.from(right), value: Float64Array.from(value) };
    trees.push(tree);
    // Update every row (also those the tree did not see) by the tree's leaf on its binned values.
    for (let i = 0; i < n; i++) {
      let node = 0;
      while (tree.feature[node] >= 0) {
        const k = tree.feature[node];
        const b = binned[k][i];
        node = b === 0 || (tree.threshold[node] !== -Infinity && columns[k][i] <= tree.threshold[node]) ? tree.left[node] : tree.right[node];
      }
      prediction[i] += tree.value[node];
    }
    o.onProgress?.((t + 1) / o.trees);
  }
  return { featureCount: f, base, trees, gain };
}

/** The prediction for one row of raw feature values (NaN = missing), and each feature's share of it (path attribution). */
export function predictBoostedTrees(model: BoostedTrees, row: ArrayLike<number>, contributions?: Float64Array): number {
  let sum = model.base;
  for (const tree of model.trees) {
    let node = 0;
    // A leaf's value is the tree's shrunk mean there; inner nodes carry their own mean, so a step down the path moves
    // the prediction by (child − parent), credited to the split's feature.
    while (tree.feature[node] >= 0) {
      const k = tree.feature[node];
      const v = row[k];
      const next = Number.isNaN(v) || (tree.threshold[node] !== -Infinity && v <= tree.threshold[node]) ? tree.left[node] : tree.right[node];
      if (contributions) contributions[k] += tree.value[next] - tree.value[node];
      node = next;
    }
    sum += tree.value[node];
    if (contributions) contributions[model.featureCount] += tree.value[0];
  }
  return sum;
}
