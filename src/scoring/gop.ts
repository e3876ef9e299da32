/**
 * Goodness of pronunciation. Over the frames the alignment gave a phone, every
 * speech phone of the model competes through its context-independent HMM
 * (the best of its 3 senones per frame, as in a free phone loop restricted to
 * those frames):
 *   gop  = mean over frames of [ll(expected) − max over phones ll(q)]  (≤ 0; 0 when no phone beats the expected one)
 *   lpp  = mean over frames of [ll(expected) − log Σ_q exp ll(q)]      (log phone posterior)
 *   soundMostLike = the phone with the highest summed ll over the segment.
 */
export interface PhoneGop {
  gop: number;
  lpp: number;
  soundMostLike: number;
}

export interface CompetitorTable {
  /** CI phone ids that compete (speech phones only). */
  phones: readonly number[];
  /** For each competitor, the loglik columns of its 3 CI senones. */
  columns: readonly (readonly [number, number, number])[];
}

export function phoneGop(
  loglik: Float32Array,
  columns: number,
  start: number,
  end: number,
  expected: number,
  competitors: CompetitorTable,
): PhoneGop {
  const n = competitors.phones.length;
  const expectedIndex = competitors.phones.indexOf(expected);
  const totals = new Float64Array(n);
  let gop = 0;
  let lpp = 0;
  const frameLl = new Float64Array(n);
  for (let t = start; t < end; t++) {
    const row = t * columns;
    let best = -Infinity;
    for (let q = 0; q < n; q++) {
      const [a, b, c] = competitors.columns[q]!;
      const ll = Math.max(loglik[row + a]!, loglik[row + b]!, loglik[row + c]!);
      frameLl[q] = ll;
      totals[q]! += ll;
      if (ll > best) best = ll;
    }
    let sum = 0;
    for (let q = 0; q < n; q++) sum += Math.exp(frameLl[q]! - best);
    const own = frameLl[expectedIndex]!;
    gop += own - best;
    lpp += own - (best + Math.log(sum));
  }
  const frames = Math.max(1, end - start);
  let most = 0;
  for (let q = 1; q < n; q++) if (totals[q]! > totals[most]!) most = q;
  return { gop: gop / frames, lpp: lpp / frames, soundMostLike: competitors.phones[most]! };
}
