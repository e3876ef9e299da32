/**
 * Vocal tract length normalisation. The model was trained on adult speech;
 * a child's shorter vocal tract puts every formant higher, so the same vowel
 * lands on other mel filters. Stretching the filterbank (front-end.ts,
 * `warp`) undoes most of that. The warp is chosen per utterance by maximum
 * likelihood, as in HTK/Kaldi VTLN, but cheaply: on every SUBSAMPLE-th frame,
 * and against the best of the utterance's own senones per frame instead of a
 * full alignment.
 *
 * On speechocean762 (half children) choosing among these warps raised the
 * utterance accuracy PCC from 0.57 to 0.63 over warp 1 alone; adding 0.9 and
 * 1.4 as candidates did not help (README, "Accuracy").
 */
import { featureDim, toModelFeatures } from './dynamic.js';
import { cepstra, type Filterbank } from './front-end.js';
import type { SenoneScorer } from './senones.js';

export const WARPS: readonly number[] = [1, 1.1, 1.2, 1.3];
const SUBSAMPLE = 3;

/**
 * The warp under which `senones` explain the utterance best. The likelihood
 * rises and falls once across the warps, so a hill climb from the middle
 * finds the same warp as trying them all, with one evaluation fewer.
 */
export async function chooseWarp(senoneLoglik: SenoneScorer, bank: Filterbank, spectra: Float32Array, senones: Int32Array, meanOver?: readonly [number, number]): Promise<number> {
  const score = async (i: number) => {
    const features = toModelFeatures(cepstra(spectra, bank, WARPS[i]!), bank.cepstra, meanOver);
    return meanBestLoglik(await senoneLoglik(subsample(features, featureDim(bank.cepstra)), senones), senones.length);
  };
  let at = Math.floor((WARPS.length - 1) / 2);
  let here = await score(at);
  const up = await score(at + 1);
  const step = up > here ? 1 : -1;
  if (step === 1) [at, here] = [at + 1, up];
  for (let next = at + step; next >= 0 && next < WARPS.length; next += step) {
    const there = await score(next);
    if (there <= here) break;
    [at, here] = [next, there];
  }
  return WARPS[at]!;
}

function subsample(features: Float32Array, dim: number): Float32Array {
  const frames = features.length / dim;
  const out = new Float32Array(Math.ceil(frames / SUBSAMPLE) * dim);
  for (let f = 0, o = 0; f < frames; f += SUBSAMPLE, o += dim) out.set(features.subarray(f * dim, (f + 1) * dim), o);
  return out;
}

function meanBestLoglik(loglik: Float32Array, columns: number): number {
  const frames = loglik.length / columns;
  let total = 0;
  for (let t = 0; t < frames; t++) {
    let best = -Infinity;
    for (let c = 0; c < columns; c++) best = Math.max(best, loglik[t * columns + c]!);
    total += best;
  }
  return total / Math.max(1, frames);
}
