/**
 * Fidelity (with include_fluency=1): did the speaker read the script?
 * Forced alignment always places every expected word somewhere.
 * - A word that was skipped, or lies past the point where the reading
 *   stopped, gets squeezed into a few frames and its phones score poorly:
 *   at most MISSING_FRAMES_PER_PHONE frames per phone and a phone average
 *   below MISSING_PHONE_SCORE (of 2).
 * - Speech that is not the script (off-script) keeps its length, but a free
 *   phone loop explains it far better than the script: when the median word's
 *   GOP (nats per frame behind the best phone) is below OFF_SCRIPT_GOP, every
 *   word that far behind counts as not read. A clean reading's median word
 *   sits near −2 (espeak-ng and speechocean762 alike), so single hard words
 *   in a real reading do not trip it.
 */
import { mean, median } from '../util/stats.js';
import type { ScoredUtterance } from './utterance.js';

const MISSING_FRAMES_PER_PHONE = 4;
const MISSING_PHONE_SCORE = 1;
const OFF_SCRIPT_GOP = -6;

export interface Fidelity {
  /** Indices of the words judged not read. */
  missing: number[];
  /** Share of the script's words that were read, 0..1. */
  completeness: number;
}

export function checkFidelity(scored: ScoredUtterance): Fidelity {
  const wordGop = scored.words.map((w) => mean(w.phones.map((p) => p.gop)));
  const offScript = median(wordGop) < OFF_SCRIPT_GOP;
  const missing = scored.words.flatMap((w, i) => {
    const frames = w.phones.at(-1)!.extent[1] - w.phones[0]!.extent[0];
    const squeezed = frames <= MISSING_FRAMES_PER_PHONE * w.phones.length && mean(w.phones.map((p) => p.score)) < MISSING_PHONE_SCORE;
    return squeezed || (offScript && wordGop[i]! < OFF_SCRIPT_GOP) ? [i] : [];
  });
  return { missing, completeness: 1 - missing.length / scored.words.length };
}
