/**
 * The model's 39-dimensional feature vector (sphinxbase `1s_c_d_dd` after
 * batch CMN): cepstra minus their mean over `meanOver` frames (all by default;
 * the scoring pipeline passes the speech span, so silence around the speech
 * cannot shift the mean), deltas c[t+2] - c[t-2] and
 * double deltas (c[t+3] - c[t-1]) - (c[t+1] - c[t-3]); the first and last frames
 * are repeated past the edges, as sphinxbase pads them.
 */
import { N_CEPSTRA } from './mfcc.js';

export const FEATURE_DIM = 3 * N_CEPSTRA;

export function toModelFeatures(cepstra: Float32Array, meanOver?: readonly [number, number]): Float32Array {
  const frames = cepstra.length / N_CEPSTRA;
  const [from, to] = meanOver ?? [0, frames];
  const mean = new Float64Array(N_CEPSTRA);
  for (let f = from; f < to; f++) for (let c = 0; c < N_CEPSTRA; c++) mean[c]! += cepstra[f * N_CEPSTRA + c]!;
  for (let c = 0; c < N_CEPSTRA; c++) mean[c]! /= Math.max(1, to - from);
  const at = (f: number, c: number) => cepstra[Math.min(frames - 1, Math.max(0, f)) * N_CEPSTRA + c]! - mean[c]!;

  const out = new Float32Array(frames * FEATURE_DIM);
  for (let f = 0; f < frames; f++) {
    const row = f * FEATURE_DIM;
    for (let c = 0; c < N_CEPSTRA; c++) {
      out[row + c] = at(f, c);
      out[row + N_CEPSTRA + c] = at(f + 2, c) - at(f - 2, c);
      out[row + 2 * N_CEPSTRA + c] = at(f + 3, c) - at(f - 1, c) - (at(f + 1, c) - at(f - 3, c));
    }
  }
  return out;
}
