/**
 * Fidelity: did the speaker read the script? Forced alignment always places
 * every expected word somewhere, so three kinds of evidence decide which
 * words were not said, in every mode (their scores are 0; with
 * include_fluency=1 the overall scores drop and score_issue_list says so):
 * - Skipped or unfinished: the aligner squeezed the word into at most
 *   SQUEEZED_FRAMES_PER_PHONE frames per phone and the head scores its phones
 *   below MISSING_PHONE_SCORE of 2.
 * - Off-script: a free phone loop explains the speech far better than the
 *   script (a clean reading's words sit near −2). When the mean word GOP,
 *   each word counted at most OFF_SCRIPT_GOP behind so that one squeezed word
 *   cannot tip a sentence, is below the script's threshold, the words more
 *   than OFF_SCRIPT_GOP behind (at least the furthest) count as not said.
 *   A sentence's threshold (SENTENCE_OFF_SCRIPT_GOP) was set on
 *   speechocean762 with each reading also aligned to another reading's
 *   script (eval:cv's wrong-prompt check): with it 80 % of wrong scripts are
 *   caught (54 % without), and 2.1 % of readings the raters marked complete
 *   are flagged by all rules together (1.9 % without). A word or two is held
 *   to OFF_SCRIPT_GOP itself: one word's GOP is noisier, and a learner's badly
 *   said word should keep its low score rather than count as not said.
 * - Incomplete in the raters' sense: the head's predicted completeness
 *   (trained on speechocean762's completeness labels) and accuracy together
 *   fall below the calibrated threshold, which fires on under 2 % of complete
 *   readings in cross-validation; then the words it predicts below
 *   `missing_word_below` (at least the lowest one) are named.
 * - A squeezed word between words not said (an unread stretch of the script)
 *   was not said either, however its few frames happen to sound: the aligner
 *   crams what was not read into the minimum duration, and a phone or two of
 *   the neighbouring speech can sound right to the head.
 */
import { mean } from '../util/stats.js';
import { isSqueezed, OFF_SCRIPT_GOP, wordGop } from './features.js';
import type { ScoredUtterance } from './utterance.js';

const MISSING_PHONE_SCORE = 1;
const SENTENCE_OFF_SCRIPT_GOP = -4;
/** The completeness head learnt from sentences (speechocean762 has 10 readings shorter than this); a shorter script is judged by the first two rules. */
const MIN_WORDS_FOR_COMPLETENESS = 3;

export interface Fidelity {
  /** Indices of the words judged not said. */
  missing: number[];
  /** Whether the reading as a whole is incomplete or off-script (response_incomplete). */
  incomplete: boolean;
  /** Share of the script's words that were said, 0..1. */
  completeness: number;
}

export function checkFidelity(scored: ScoredUtterance): Fidelity {
  const { words, calibration } = scored;
  const gops = words.map(wordGop);
  const behind = words.length >= MIN_WORDS_FOR_COMPLETENESS ? SENTENCE_OFF_SCRIPT_GOP : OFF_SCRIPT_GOP;
  const offScript = mean(gops.map((g) => Math.max(g, OFF_SCRIPT_GOP))) < behind;
  const missing = new Set(
    words.flatMap((w, i) => {
      const squeezed = isSqueezed(w) && mean(w.phones.map((p) => p.score)) < MISSING_PHONE_SCORE;
      return squeezed || (offScript && gops[i]! < OFF_SCRIPT_GOP) ? [i] : [];
    }),
  );
  if (offScript) missing.add(gops.indexOf(Math.min(...gops)));
  const { mean: m, std: sd, below } = calibration.incomplete;
  const evidence = (scored.scores.completeness - m[0]) / sd[0] + (scored.scores.accuracy - m[1]) / sd[1];
  if (words.length >= MIN_WORDS_FOR_COMPLETENESS && evidence < below) {
    const accuracy = words.map((w) => w.scores.accuracy);
    accuracy.forEach((a, i) => a < calibration.missing_word_below && missing.add(i));
    missing.add(accuracy.indexOf(Math.min(...accuracy)));
  }
  words.forEach((w, i) => {
    const neighbours = [i - 1, i + 1].filter((j) => j >= 0 && j < words.length);
    if (isSqueezed(w) && neighbours.length > 0 && neighbours.every((j) => missing.has(j))) missing.add(i);
  });
  const list = [...missing].sort((a, b) => a - b);
  return { missing: list, incomplete: list.length > 0, completeness: 1 - list.length / words.length };
}
