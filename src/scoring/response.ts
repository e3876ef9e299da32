/** Scored words → the spec's `text_score` and `word_score` objects. */
import type { PhoneEntry, SyllableEntry, TextScore, WordEntry, WordScore } from '../api/schema.js';
import { basePhone, isVowel, syllabify } from '../lexicon/syllables.js';
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

export function textScore(text: string, scored: ScoredUtterance): TextScore {
  const scales = toScales(serviceScale(scored.scores.accuracy, 10));
  return {
    text,
    word_score_list: scored.words.map(wordEntry),
    ielts_score: { pronunciation: scales.ielts },
    pte_score: { pronunciation: scales.pte },
    service_score: { pronunciation: scales.service },
    toeic_score: { pronunciation: scales.toeic },
    cefr_score: { pronunciation: scales.cefr },
  };
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
