/**
 * Fidelity (with include_fluency=1): did the speaker read the whole script?
 * Forced alignment always places every expected word somewhere; a word that
 * was skipped, or that lies past the point where the reading stopped, gets
 * squeezed into a few frames and its phones score poorly. A word counts as
 * missing when it has at most MISSING_FRAMES_PER_PHONE frames per phone and
 * its phones average below MISSING_PHONE_SCORE (of 2).
 */
import type { ScoredUtterance } from './utterance.js';

const MISSING_FRAMES_PER_PHONE = 4;
const MISSING_PHONE_SCORE = 1;

export interface Fidelity {
  /** Indices of the words judged missing. */
  missing: number[];
  /** Share of the script's words that were read, 0..1. */
  completeness: number;
}

export function checkFidelity(scored: ScoredUtterance): Fidelity {
  const missing = scored.words.flatMap((w, i) => {
    const frames = w.phones.at(-1)!.extent[1] - w.phones[0]!.extent[0];
    const score = w.phones.reduce((s, p) => s + p.score, 0) / w.phones.length;
    return frames <= MISSING_FRAMES_PER_PHONE * w.phones.length && score < MISSING_PHONE_SCORE ? [i] : [];
  });
  return { missing, completeness: 1 - missing.length / scored.words.length };
}
