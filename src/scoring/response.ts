/** Scored words → the spec's `text_score` and `word_score` objects. */
import type { PhoneEntry, SyllableEntry, TextScore, WordEntry, WordIntonation, WordScore } from '../api/schema.js';
import { basePhone, isVowel, syllabify } from '../lexicon/syllables.js';
import { syllableIntonation } from './intonation.js';
import { mean, PASS_THRESHOLD, round1, serviceScale } from './quality.js';
import { toScales } from './scales.js';
import type { ScoredUtterance, ScoredWord } from './utterance.js';

const phoneQuality = (score: number) => serviceScale(score, 2);

function wordEntry(scored: ScoredWord): WordEntry {
  const { word, phones } = scored;
  const wordExtent: [number, number] = [phones[0]!.extent[0], phones.at(-1)!.extent[1]];
  const phoneEntries: PhoneEntry[] = phones.map((p) => ({
    phone: basePhone(p.label).toLowerCase(),
    stress_level: isVowel(p.label) ? (Number(p.label.slice(-1)) as 0 | 1 | 2) : null,
    extent: p.extent,
    quality_score: round1(phoneQuality(p.score)),
    word_extent: wordExtent,
    sound_most_like: p.soundMostLike.toLowerCase(),
  }));
  let next = 0;
  const syllables: SyllableEntry[] = syllabify(
    phones.map((p) => p.label),
    word.text,
  ).map((syllable) => {
    const own = phones.slice(next, (next += syllable.phones.length));
    return {
      phone_count: own.length,
      stress_level: syllable.stress,
      letters: syllable.letters,
      quality_score: round1(mean(own.map((p) => phoneQuality(p.score)))),
      extent: [own[0]!.extent[0], own.at(-1)!.extent[1]],
    };
  });
  const quality = round1(serviceScale(scored.scores.accuracy, 10));
  return {
    word: word.text,
    quality_score: quality,
    quality_class: quality >= PASS_THRESHOLD ? 'pass' : 'fail',
    phone_score_list: phoneEntries,
    syllable_score_list: syllables,
    ...(word.ending_punctuation ? { ending_punctuation: word.ending_punctuation } : {}),
  };
}

export interface TextScoreOptions {
  /** F0 per 10 ms frame (features/pitch.ts); given when the request asks for intonation. */
  pitch?: Float32Array;
}

export function textScore(text: string, scored: ScoredUtterance, options: TextScoreOptions = {}): TextScore {
  const scales = toScales(serviceScale(scored.scores.accuracy, 10));
  const words = scored.words.map(wordEntry);
  return {
    text,
    word_score_list: words,
    ...(options.pitch ? { word_intonation_list: addIntonation(words, scored, options.pitch) } : {}),
    ielts_score: { pronunciation: scales.ielts },
    pte_score: { pronunciation: scales.pte },
    service_score: { pronunciation: scales.service },
    toeic_score: { pronunciation: scales.toeic },
    cefr_score: { pronunciation: scales.cefr },
  };
}

/** Fills each syllable's `intonation` and `pitch_range` in place and returns the `word_intonation_list`. */
function addIntonation(words: WordEntry[], scored: ScoredUtterance, pitch: Float32Array): WordIntonation[] {
  const spans = words.flatMap((w, i) => {
    let next = 0;
    const scores = scored.words[i]!.phones.map((p) => p.score);
    return w.syllable_score_list.map((syl) => ({ extent: syl.extent, phoneScores: scores.slice(next, (next += syl.phone_count)) }));
  });
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

/** Score Word: the word head's accuracy (averaged when the "word" is several tokens, e.g. "ice cream"). */
export function wordScore(word: string, scored: ScoredUtterance): WordScore {
  const entries = scored.words.map(wordEntry);
  const quality = round1(serviceScale(mean(scored.words.map((w) => w.scores.accuracy)), 10));
  return {
    word,
    quality_score: quality,
    quality_class: quality >= PASS_THRESHOLD ? 'pass' : 'fail',
    phone_score_list: entries.flatMap((w) => w.phone_score_list),
    syllable_score_list: entries.flatMap((w) => w.syllable_score_list),
  };
}
