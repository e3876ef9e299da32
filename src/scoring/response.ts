/** Scored words → the spec's `text_score` and `word_score` objects. */
import type { FluencyNode, PhoneEntry, SyllableEntry, TextScore, WordEntry, WordIntonation, WordScore } from '../api/schema.js';
import { basePhone, isVowel, syllabify, type Syllable } from '../lexicon/syllables.js';
import { syllableIntonation } from './intonation.js';
import { mean, round1 } from '../util/stats.js';
import { PASS_THRESHOLD, serviceScale } from './quality.js';
import type { Fidelity } from './fidelity.js';
import { scaleScores } from './scales.js';
import { predictStress, type StressResult } from './stress.js';
import type { ScoredPhone, ScoredUtterance, ScoredWord } from './utterance.js';

/** Per 10 ms frame: F0 in Hz (0 unvoiced) and loudness in dB. */
export interface Prosody {
  pitch: Float32Array;
  energyDb: Float32Array;
}

/**
 * Share of a word's quality that rides on its stress pattern: a
 * several-syllable word whose expected primary stress is clearly missing
 * (stress_score 0) loses 10 % of its quality_score.
 */
export const STRESS_WEIGHT = 0.1;

const phoneQuality = (score: number) => serviceScale(score, 2);

interface SyllablePhones {
  syllable: Syllable;
  phones: ScoredPhone[];
}

function syllablesOf(scored: ScoredWord): SyllablePhones[] {
  let next = 0;
  return (scored.word.syllables ?? syllabify(scored.phones.map((p) => p.label), scored.word.text)).map((syllable) => ({ syllable, phones: scored.phones.slice(next, (next += syllable.phones.length)) }));
}

function stressOf(words: readonly ScoredWord[], prosody: Prosody): StressResult[][] {
  return predictStress(
    words.map((w) =>
      syllablesOf(w).map(({ syllable, phones }) => ({
        nucleus: (phones.find((p) => isVowel(p.label)) ?? phones[0]!).extent,
        expected: syllable.stress,
      })),
    ),
    prosody.pitch,
    prosody.energyDb,
  );
}

/** Every word's entry, with stress measured against the utterance's prosody. */
function wordEntries(scored: ScoredUtterance, prosody: Prosody): WordEntry[] {
  const stress = stressOf(scored.words, prosody);
  return scored.words.map((w, i) => wordEntry(w, stress[i]!));
}

function wordEntry(scored: ScoredWord, stress: StressResult[]): WordEntry {
  const { word, phones } = scored;
  const wordExtent: [number, number] = [phones[0]!.extent[0], phones.at(-1)!.extent[1]];
  const phoneEntries: PhoneEntry[] = [];
  const syllables: SyllableEntry[] = syllablesOf(scored).map(({ syllable, phones: own }, k) => {
    const { predicted, score } = stress[k]!;
    for (const p of own) {
      const vowel = isVowel(p.label);
      phoneEntries.push({
        phone: basePhone(p.label).toLowerCase(),
        stress_level: vowel ? (Number(p.label.slice(-1)) as 0 | 1 | 2) : null,
        extent: p.extent,
        quality_score: round1(phoneQuality(p.score)),
        ...(vowel ? { stress_score: round1(score), predicted_stress_level: predicted } : {}),
        word_extent: wordExtent,
        sound_most_like: p.soundMostLike.toLowerCase(),
      });
    }
    return {
      phone_count: own.length,
      stress_level: syllable.stress,
      letters: syllable.letters,
      quality_score: round1(mean(own.map((p) => phoneQuality(p.score)))),
      stress_score: round1(score),
      predicted_stress_level: predicted,
      extent: [own[0]!.extent[0], own.at(-1)!.extent[1]],
    };
  });
  const quality = round1(wordQuality(scored, syllables));
  return {
    word: word.text,
    quality_score: quality,
    quality_class: quality >= PASS_THRESHOLD ? 'pass' : 'fail',
    phone_score_list: phoneEntries,
    syllable_score_list: syllables,
    ...(word.ending_punctuation ? { ending_punctuation: word.ending_punctuation } : {}),
  };
}

function wordQuality(scored: ScoredWord, syllables: readonly SyllableEntry[]): number {
  const quality = serviceScale(scored.scores.accuracy, 10);
  const primary = syllables.find((s) => s.stress_level === 1);
  if (syllables.length < 2 || !primary) return quality;
  return quality * (1 - STRESS_WEIGHT * (1 - primary.stress_score! / 100));
}

/**
 * `interference_ratio`: the share of scored phones whose `sound_most_like` is
 * another phone than the expected one (0..1), i.e. how often the speaker's
 * sounds were closer to a different English phoneme, typically one from the
 * first language's inventory.
 */
export function interferenceRatio(scored: ScoredUtterance): number {
  const phones = scored.words.flatMap((w) => w.phones);
  const other = phones.filter((p) => p.soundMostLike !== basePhone(p.label)).length;
  return Math.round((other / Math.max(1, phones.length)) * 1000) / 1000;
}

export function textScore(text: string, scored: ScoredUtterance, prosody: Prosody, options: { intonation: boolean; interference: boolean }): TextScore {
  const words = wordEntries(scored, prosody);
  return {
    text,
    word_score_list: words,
    ...(options.intonation ? { word_intonation_list: addIntonation(words, scored, prosody.pitch) } : {}),
    ...scaleScores(serviceScale(scored.scores.accuracy, 10)),
    ...(options.interference ? { interference_ratio: interferenceRatio(scored) } : {}),
  };
}

/**
 * include_fluency=1: the fluency node, `fluency` on every scale, and fidelity.
 * An incomplete reading lowers the overall pronunciation and fluency in
 * proportion to the share of words missing, and says so in score_issue_list.
 */
export function withFluency(score: TextScore, scored: ScoredUtterance, fluency: FluencyNode, fidelity: Fidelity): TextScore {
  const factor = fidelity.completeness;
  const missing = fidelity.missing.map((i) => scored.words[i]!.word.text);
  return {
    ...score,
    ...scaleScores(factor * serviceScale(scored.scores.accuracy, 10), factor * serviceScale(scored.scores.fluency, 10)),
    fluency,
    ...(missing.length > 0
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
function addIntonation(words: WordEntry[], scored: ScoredUtterance, pitch: Float32Array): WordIntonation[] {
  const spans = words.flatMap((w, i) =>
    syllablesOf(scored.words[i]!).map(({ phones }, k) => ({ extent: w.syllable_score_list[k]!.extent, phoneScores: phones.map((p) => p.score) })),
  );
  const results = syllableIntonation(pitch, spans);
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
export function wordScore(word: string, scored: ScoredUtterance, prosody: Prosody, options: { interference: boolean }): WordScore {
  const entries = wordEntries(scored, prosody);
  const quality = round1(mean(entries.map((w) => w.quality_score)));
  return {
    word,
    quality_score: quality,
    quality_class: quality >= PASS_THRESHOLD ? 'pass' : 'fail',
    phone_score_list: entries.flatMap((w) => w.phone_score_list),
    syllable_score_list: entries.flatMap((w) => w.syllable_score_list),
    ...(options.interference ? { interference_ratio: interferenceRatio(scored) } : {}),
  };
}
