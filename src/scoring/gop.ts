/**
 * Goodness of pronunciation. Over the frames the alignment gave a phone, every
 * speech phone of the model competes through its context-independent HMM
 * (the best of its 3 senones per frame, as in a free phone loop restricted to
 * those frames). With ll(q) that per-frame score of phone q:
 *   gop  = mean over frames of [ll(expected) − max over q ll(q)]   (≤ 0; 0 when no phone beats the expected one)
 *   lpp  = mean over frames of [ll(expected) − log Σ_q exp ll(q)]   (log phone posterior)
 *   ratios[q]     = mean over frames of [ll(expected) − ll(q)]      (GOPT's likelihood-ratio vector)
 *   posteriors[q] = mean over frames of [ll(q) − log Σ_q' exp ll(q')]
 *   soundMostLike = the phone with the highest summed ll over the segment,
 *   substitute    = the same among the phones other than the expected one.
 */
export interface PhoneGop {
  gop: number;
  lpp: number;
  /** Indexed like the competitors. */
  ratios: Float32Array;
  posteriors: Float32Array;
  /** Indices of competitors. */
  soundMostLike: number;
  substitute: number;
}

export function phoneGop(
  loglik: Float32Array,
  columns: number,
  start: number,
  end: number,
  /** The expected phone's index among the competitors. */
  expectedIndex: number,
  /** For each competing phone, the loglik columns of its context-independent states (AcousticScores.competitors). */
  competitors: readonly (readonly number[])[],
): PhoneGop {
  const n = competitors.length;
  const totals = new Float64Array(n);
  const logSums = new Float64Array(end - start);
  let gop = 0;
  const frameLl = new Float64Array(n);
  for (let t = start; t < end; t++) {
    const row = t * columns;
    let best = -Infinity;
    for (let q = 0; q < n; q++) {
      let ll = -Infinity;
      for (const c of competitors[q]!) ll = Math.max(ll, loglik[row + c]!);
      frameLl[q] = ll;
      totals[q]! += ll;
      if (ll > best) best = ll;
    }
    let sum = 0;
    for (let q = 0; q < n; q++) sum += Math.exp(frameLl[q]! - best);
    logSums[t - start] = best + Math.log(sum);
    gop += frameLl[expectedIndex]! - best;
  }
  const frames = Math.max(1, end - start);
  let logSumTotal = 0;
  for (const s of logSums) logSumTotal += s;
  const own = totals[expectedIndex]!;
  const ratios = new Float32Array(n);
  const posteriors = new Float32Array(n);
  let most = 0;
  let other = expectedIndex === 0 ? 1 : 0;
  for (let q = 0; q < n; q++) {
    ratios[q] = (own - totals[q]!) / frames;
    posteriors[q] = (totals[q]! - logSumTotal) / frames;
    if (totals[q]! > totals[most]!) most = q;
    if (q !== expectedIndex && totals[q]! > totals[other]!) other = q;
  }
  return { gop: gop / frames, lpp: posteriors[expectedIndex]!, ratios, posteriors, soundMostLike: most, substitute: other };
}
