/**
 * The model's feature vector, 3 × its cepstra (39 for 13; sphinxbase `1s_c_d_dd` after
 * batch CMN): cepstra minus their mean over `meanOver` frames (all by default;
 * the scoring pipeline passes the speech span, so silence around the speech
 * cannot shift the mean), deltas c[t+2] - c[t-2] and
 * double deltas (c[t+3] - c[t-1]) - (c[t+1] - c[t-3]); the first and last frames
 * are repeated past the edges, as sphinxbase pads them.
 */
/** Features per frame for `cepstra` coefficients: the cepstra, their deltas and double deltas. */
export const featureDim = (cepstra: number) => 3 * cepstra;

/** Cepstra [frames × n] → features [frames × 3n]. */
export function toModelFeatures(cepstra: Float32Array, n: number, meanOver?: readonly [number, number]): Float32Array {
  const dim = featureDim(n);
  const frames = cepstra.length / n;
  const [from, to] = meanOver ?? [0, frames];
  const mean = new Float64Array(n);
  for (let f = from; f < to; f++) for (let c = 0; c < n; c++) mean[c]! += cepstra[f * n + c]!;
  for (let c = 0; c < n; c++) mean[c]! /= Math.max(1, to - from);
  const at = (f: number, c: number) => cepstra[Math.min(frames - 1, Math.max(0, f)) * n + c]! - mean[c]!;

  const out = new Float32Array(frames * dim);
  for (let f = 0; f < frames; f++) {
    const row = f * dim;
    for (let c = 0; c < n; c++) {
      out[row + c] = at(f, c);
      out[row + n + c] = at(f + 2, c) - at(f - 2, c);
      out[row + 2 * n + c] = at(f + 3, c) - at(f - 1, c) - (at(f + 1, c) - at(f - 3, c));
    }
  }
  return out;
}
