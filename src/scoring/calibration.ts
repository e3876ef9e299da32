/**
 * From the head's outputs (speechocean762's scales) to the 0..100 scores a
 * learner sees. The head is trained to the human scores, so its raw outputs
 * regress to the mean: a word the raters call poor comes out near 6 of 10,
 * and utterance scores spread over about 0.6 of the range the raters use.
 * scripts/train-head.py therefore fits, on cross-validated predictions,
 * monotone piecewise-linear curves that put the spec's pass mark (70) where
 * the raters' pass mark (7 of 10) is and give scores the raters' spread (the
 * overall pronunciation at the level of the word scores, which the raters
 * themselves set about 1 point of 10 higher than their utterance scores);
 * the curves and the fidelity thresholds travel in the head's manifest.
 */
export interface Curve {
  /** Raw head outputs, increasing. */
  x: number[];
  /** 0..100 at those outputs, non-decreasing. */
  y: number[];
}

export interface Calibration {
  phone: Curve;
  word: Curve;
  utterance_accuracy: Curve;
  utterance_fluency: Curve;
  /**
   * Incompleteness evidence: the head's predicted [completeness, accuracy],
   * each standardised by `mean` and `std` (over complete readings) and summed;
   * a reading whose evidence is below `below` is flagged incomplete.
   */
  incomplete: { mean: [number, number]; std: [number, number]; below: number };
  /** In a reading flagged incomplete, a word whose predicted accuracy (0..10) is below this is named as not read. */
  missing_word_below: number;
}

/** Piecewise-linear through the knots, the end segments extended, clamped to 0..100. */
export function applyCurve(curve: Curve, raw: number): number {
  const { x, y } = curve;
  let k = 1;
  while (k < x.length - 1 && raw > x[k]!) k++;
  const [x0, x1, y0, y1] = [x[k - 1]!, x[k]!, y[k - 1]!, y[k]!];
  const value = x1 === x0 ? y1 : y0 + ((raw - x0) * (y1 - y0)) / (x1 - x0);
  return Math.min(100, Math.max(0, value));
}
