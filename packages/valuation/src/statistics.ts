// Small statistics shared by the market rates, the time trend and the market statistics: medians, a robust
// regression (Huber IRLS) and a weighted straight line.

export function weightedLine(xs: number[], ys: number[], ws: number[]): { slope: number; standardError: number } {
  const sw = ws.reduce((a, b) => a + b, 0);
  const mx = xs.reduce((a, x, i) => a + ws[i] * x, 0) / sw;
  const my = ys.reduce((a, y, i) => a + ws[i] * y, 0) / sw;
  let sxx = 0;
  let sxy = 0;
  for (let i = 0; i < xs.length; i++) {
    sxx += ws[i] * (xs[i] - mx) ** 2;
    sxy += ws[i] * (xs[i] - mx) * (ys[i] - my);
  }
  const slope = sxx > 0 ? sxy / sxx : 0;
  let sse = 0;
  for (let i = 0; i < xs.length; i++) sse += ws[i] * (ys[i] - my - slope * (xs[i] - mx)) ** 2;
  // Residual variance per unit weight, scaled so the weights act as counts of sales.
  const sigma2 = xs.length > 2 ? (sse / sw) * (xs.length / (xs.length - 2)) : 0;
  const standardError = sxx > 0 ? Math.sqrt((sigma2 * sw) / sxx / (sw / xs.length)) : 0;
  return { slope, standardError };
}

export function median(values: ArrayLike<number>): number {
  if (values.length === 0) return NaN;
  const sorted = Float64Array.from(values).sort();
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Huber M-estimate by iteratively reweighted least squares; standard errors from the weighted residuals. */
export function huberRegression(X: readonly Float64Array[], y: readonly number[], iterations = 6): { beta: number[]; standardErrors: number[] } {
  const n = X.length;
  const k = X[0]?.length ?? 0;
  const w = new Float64Array(n).fill(1);
  let beta = new Array<number>(k).fill(0);
  let inverse: number[][] = [];
  let scale = 1;
  for (let iteration = 0; iteration < iterations; iteration++) {
    const xtx = Array.from({ length: k }, () => new Array<number>(k).fill(0));
    const xty = new Array<number>(k).fill(0);
    for (let r = 0; r < n; r++) {
      const row = X[r];
      const wr = w[r];
      for (let a = 0; a < k; a++) {
        const va = row[a] * wr;
        if (va === 0) continue;
        xty[a] += va * y[r];
        for (let b = a; b < k; b++) xtx[a][b] += va * row[b];
      }
    }
    for (let a = 0; a < k; a++) for (let b = 0; b < a; b++) xtx[a][b] = xtx[b][a];
    // A whisper of ridge keeps a near-singular system solvable without moving well-determined rates.
    for (let a = 0; a < k; a++) xtx[a][a] = xtx[a][a] * (1 + 1e-9) + 1e-12;
    inverse = invert(xtx);
    beta = inverse.map((rowInv) => rowInv.reduce((s, v, b) => s + v * xty[b], 0));
    const residuals = new Float64Array(n);
    for (let r = 0; r < n; r++) residuals[r] = y[r] - dot(X[r], beta);
    scale = median(residuals.map(Math.abs)) / 0.6745 || 1;
    const c = 1.345 * scale;
    for (let r = 0; r < n; r++) {
      const a = Math.abs(residuals[r]);
      w[r] = a <= c ? 1 : c / a;
    }
  }
  // Sandwich-free approximation: Var(β) ≈ scale² (XᵀWX)⁻¹ with the final Huber weights.
  const standardErrors = inverse.map((row, a) => Math.sqrt(Math.max(0, row[a]) * scale * scale));
  return { beta, standardErrors };
}

function dot(row: Float64Array, beta: number[]): number {
  let s = 0;
  for (let a = 0; a < beta.length; a++) s += row[a] * beta[a];
  return s;
}

function invert(matrix: number[][]): number[][] {
  const k = matrix.length;
  const a = matrix.map((row, i) => [...row, ...Array.from({ length: k }, (_, j) => (i === j ? 1 : 0))]);
  for (let col = 0; col < k; col++) {
    let pivot = col;
    for (let r = col + 1; r < k; r++) if (Math.abs(a[r][col]) > Math.abs(a[pivot][col])) pivot = r;
    [a[col], a[pivot]] = [a[pivot], a[col]];
    const p = a[col][col];
    if (p === 0) continue;
    for (let c = 0; c < 2 * k; c++) a[col][c] /= p;
    for (let r = 0; r < k; r++) {
      if (r === col) continue;
      const factor = a[r][col];
      if (factor === 0) continue;
      for (let c = 0; c < 2 * k; c++) a[r][c] -= factor * a[col][c];
    }
  }
  return a.map((row) => row.slice(k));
}

export function correlation(rows: readonly [number, number][], a: (number | null)[], b: (number | null)[]): number {
  let sa = 0, sb = 0, saa = 0, sbb = 0, sab = 0;
  const n = rows.length;
  if (n < 2) return 0;
  for (const [i, j] of rows) {
    const x = (a[i] as number) - (a[j] as number);
    const y = (b[i] as number) - (b[j] as number);
    sa += x; sb += y; saa += x * x; sbb += y * y; sab += x * y;
  }
  const cov = sab / n - (sa / n) * (sb / n);
  const va = saa / n - (sa / n) ** 2;
  const vb = sbb / n - (sb / n) ** 2;
  return va > 0 && vb > 0 ? cov / Math.sqrt(va * vb) : 0;
}

/** A small linear-congruential generator in [0, 1): the same sequence for the same seed, in Node and the browser. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}
