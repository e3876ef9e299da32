/** Scored words → the spec's `text_score` and `word_score` objects. */
import type { FluencyNode, PhoneEntry, SyllableEntry, TextScore, WordEntry, WordIntonation, WordScore } from '../contract/schema.js';
import { basePhone, isVowel } from '../lexicon/phones.js';
import { applyCurve, type Calibration } from '../scoring/calibration.js';
import { syllableIntonation } from '../scoring/intonation.js';
import { mean, round1 } from '../util/stats.js';
import { PASS_THRESHOLD } from '../scoring/quality.js';
import { checkFidelity, type Fidelity } from '../scoring/fidelity.js';
import { fluencyNode } from './fluency.js';
import type { ScoringHead } from '../scoring/head.js';
import { syllableSpans } from '../scoring/syllable-spans.js';
import { scaleScores } from './scales.js';
import { predictStress, type StressResult } from '../scoring/stress.js';
import type { ScoredPhone, ScoredUtterance, ScoredWord } from '../scoring/utterance.js';
import { spanOf } from '../scoring/spans.js';

/**
 * Share of a word's quality that rides on its stress pattern: a
 * several-syllable word whose expected primary stress is clearly missing
 * (stress_score 0) loses 10 % of its quality_score.
 */
export const STRESS_WEIGHT = 0.1;

/** How far the overall pronunciation may sit from the mean of its words' scores (0..100). */
export const OVERALL_WITHIN_WORDS = 15;

const syllablesOf = (w: ScoredWord) => syllableSpans(w.word, w.variant, w.phones);

/** Every word's entry, with stress measured against the utterance's prosody; words the reader did not say score 0. */
function wordEntries(scored: ScoredUtterance, fidelity: Fidelity): WordEntry[] {
  const stress = predictStress(scored.words.map(syllablesOf), scored.prosody.pitch, scored.prosody.energyDb);
  const missing = new Set(fidelity.missing);
  return scored.words.map((w, i) => wordEntry(w, stress[i]!, scored.calibration, missing.has(i)));
}

/**
 * A phone's score and what it sounded like, agreeing with each other: a
 * phone that passes sounded like itself; one that fails names the phone the
 * audio was closest to among the others, its most likely substitute.
 */
function phoneVerdict(p: ScoredPhone, calibration: Calibration, notSaid: boolean) {
  const quality = notSaid ? 0 : round1(applyCurve(calibration.phone, p.score));
  return { quality, soundMostLike: (quality >= PASS_THRESHOLD ? basePhone(p.label) : p.substitute).toLowerCase() };
}

function wordEntry(scored: ScoredWord, stress: StressResult[], calibration: Calibration, notSaid: boolean): WordEntry {
  const { word, phones } = scored;
  const wordExtent = spanOf(phones);
  const phoneEntries: PhoneEntry[] = [];
  const syllables: SyllableEntry[] = syllablesOf(scored).map(({ syllable, phones: own, extent }, k) => {
    const { predicted, score } = stress[k]!;
    const qualities = own.map((p) => {
      const verdict = phoneVerdict(p, calibration, notSaid);
      const vowel = isVowel(p.label);
      phoneEntries.push({
        phone: basePhone(p.label).toLowerCase(),
        stress_level: vowel ? (Number(p.label.slice(-1)) as 0 | 1 | 2) : null,
        extent: p.extent,
        quality_score: verdict.quality,
        ...(vowel ? { stress_score: round1(score), predicted_stress_level: predicted } : {}),
        word_extent: wordExtent,
        sound_most_like: verdict.soundMostLike,
      });
      return verdict.quality;
    });
    return {
      phone_count: own.length,
      stress_level: syllable.stress,
      letters: syllable.letters,
      quality_score: round1(mean(qualities)),
      stress_score: round1(score),
      predicted_stress_level: predicted,
      extent,
    };
  });
  const quality = notSaid ? 0 : round1(wordQuality(scored, syllables, calibration));
  return {
    word: word.text,
    quality_score: quality,
    quality_class: quality >= PASS_THRESHOLD ? 'pass' : 'fail',
    phone_score_list: phoneEntries,
    syllable_score_list: syllables,
    ...(word.ending_punctuation ? { ending_punctuation: word.ending_punctuation } : {}),
  };
}

function wordQuality(scored: ScoredWord, syllables: readonly SyllableEntry[], calibration: Calibration): number {
  const quality = applyCurve(calibration.word, scored.scores.accuracy);
  const primary = syllables.find((s) => s.stress_level === 1);
  if (syllables.length < 2 || !primary) return quality;
  return quality * (1 - STRESS_WEIGHT * (1 - primary.stress_score! / 100));
}

/**
 * `interference_ratio`: the share of phones whose `sound_most_like` is
 * another phone than the expected one (0..1), i.e. how often the speaker's
 * sounds were closer to a different English phoneme, typically one from the
 * first language's inventory.
 */
function interferenceRatio(words: readonly WordEntry[]): number {
  const phones = words.flatMap((w) => w.phone_score_list);
  const other = phones.filter((p) => p.sound_most_like !== p.phone).length;
  return Math.round((other / Math.max(1, phones.length)) * 1000) / 1000;
}

/**
 * The overall pronunciation: the head's utterance score, calibrated, kept
 * within OVERALL_WITHIN_WORDS of the mean of the word scores shown beside it
 * (words not said count 0), so the two never tell different stories.
 */
export function overallPronunciation(scored: ScoredUtterance, words: readonly WordEntry[]): number {
  const fromWords = mean(words.map((w) => w.quality_score));
  const own = applyCurve(scored.calibration.utterance_accuracy, scored.scores.accuracy);
  return Math.min(fromWords + OVERALL_WITHIN_WORDS, Math.max(fromWords - OVERALL_WITHIN_WORDS, own));
}

export const overallFluency = (scored: ScoredUtterance) => applyCurve(scored.calibration.utterance_fluency, scored.scores.fluency);

export interface TextOptions {
  intonation: boolean;
  interference: boolean;
  fluency: boolean;
}

/** Score Text's `text_score` for a scored reading of `text` (the engine and `npm run eval:cv` share this). */
export async function textScoreOf(text: string, scored: ScoredUtterance, head: ScoringHead, options: TextOptions): Promise<TextScore> {
  const fidelity = checkFidelity(scored);
  const base = textScore(text, scored, fidelity, options);
  return options.fluency ? withFluency(base, scored, await fluencyNode(head, scored, base.word_score_list), fidelity) : base;
}

function textScore(text: string, scored: ScoredUtterance, fidelity: Fidelity, options: TextOptions): TextScore {
  const words = wordEntries(scored, fidelity);
  return {
    text,
    word_score_list: words,
    ...(options.intonation ? { word_intonation_list: addIntonation(words, scored) } : {}),
    ...scaleScores(overallPronunciation(scored, words)),
    ...(options.interference ? { interference_ratio: interferenceRatio(words) } : {}),
  };
}

/**
 * include_fluency=1: the fluency node, `fluency` on every scale, and fidelity.
 * An incomplete reading lowers the overall pronunciation and fluency in
 * proportion to the share of words missing, and says so in score_issue_list.
 */
function withFluency(score: TextScore, scored: ScoredUtterance, fluency: FluencyNode, fidelity: Fidelity): TextScore {
  const factor = fidelity.completeness;
  const missing = fidelity.missing.map((i) => scored.words[i]!.word.text);
  return {
    ...score,
    ...scaleScores(factor * overallPronunciation(scored, score.word_score_list), factor * overallFluency(scored)),
    fluency,
    ...(fidelity.incomplete
      ? {
          score_issue_list: [
            {
              status: 'warning' as const,
              short_message: 'response_incomplete',
              detail_message: `${missing.length} of ${scored.words.length} words of the script were not heard (${missing.map((w) => JSON.stringify(w)).join(', ')}); overall scores are lowered accordingly.`,
              source: 'fluency',
            },
          ],
        }
      : {}),
  };
}

/** Fills each syllable's `intonation` and `pitch_range` in place and returns the `word_intonation_list`. */
function addIntonation(words: WordEntry[], scored: ScoredUtterance): WordIntonation[] {
  const spans = words.flatMap((w, i) =>
    syllablesOf(scored.words[i]!).map(({ phones }, k) => ({ extent: w.syllable_score_list[k]!.extent, phoneScores: phones.map((p) => p.score) })),
  );
  const results = syllableIntonation(scored.prosody.pitch, spans);
  let k = 0;
  return words.map((w) => ({
    word: w.word,
    syllable_intonation_list: w.syllable_score_list.map((syl) => {
      const { intonation, pitchRange } = results[k++]!;
      syl.intonation = intonation;
      if (pitchRange) syl.pitch_range = pitchRange;
      return intonation;
    }),
  }));
}

/** Score Word: the word head's accuracy (averaged when the "word" is several tokens, e.g. "ice cream"), with the stress weight. */
export function wordScore(word: string, scored: ScoredUtterance, options: { interference: boolean }): WordScore {
  const entries = wordEntries(scored, checkFidelity(scored));
  const quality = round1(mean(entries.map((w) => w.quality_score)));
  return {
    word,
    quality_score: quality,
    quality_class: quality >= PASS_THRESHOLD ? 'pass' : 'fail',
    phone_score_list: entries.flatMap((w) => w.phone_score_list),
    syllable_score_list: entries.flatMap((w) => w.syllable_score_list),
    ...(options.interference ? { interference_ratio: interferenceRatio(entries) } : {}),
  };
}
